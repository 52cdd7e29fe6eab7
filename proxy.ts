import { NextResponse, type NextRequest } from 'next/server';
import { renderNotFound } from './server/card/render';
import { canonicalPath } from './lib/routes';
import {
  builtSecurityEnv,
  CSP_HEADER,
  pageCsp,
  SHARED_SECURITY_HEADERS,
} from './server/security-headers';

// Only a path with a `%` comes here (config.matcher). Two things can be wrong with one:
// - malformed percent-encoding (e.g. /%E0%A4%A), which Next 16 answers with a bare 500 ("failed
//   to decode param") before any page code runs; such a path can never name a profile: 404 page;
// - another spelling of a card's address (/m%61ria, /maria/vc%61rd, lower-case hex): Next decodes
//   it to the same card, but a CDN caches every spelling as an object of its own. Each is sent to
//   the one address (lib/routes.ts canonicalPath), so a card has one cached copy per response.
const securityHeaders = () => ({
  ...Object.fromEntries(SHARED_SECURITY_HEADERS.map(({ key, value }) => [key, value])),
  // A single-segment path, which next.config.ts leaves to the card route's CSP.
  [CSP_HEADER]: pageCsp(builtSecurityEnv()),
});

/** Karta's own endpoints and the framework's files keep their paths: only pages are redirected. */
const OWN_SPACES = new Set(['api', '_next']);

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const canonical = canonicalPath(pathname);
  if (canonical === null) {
    return new NextResponse(await renderNotFound(), {
      status: 404,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=3600',
        ...securityHeaders(),
      },
    });
  }
  const readOnly = request.method === 'GET' || request.method === 'HEAD';
  if (canonical !== pathname && readOnly && !OWN_SPACES.has(canonical.split('/')[1])) {
    const target = request.nextUrl.clone();
    target.pathname = canonical;
    const response = NextResponse.redirect(target, 308);
    // The same path always has the same answer.
    response.headers.set('cache-control', 'public, max-age=86400');
    for (const [name, value] of Object.entries(securityHeaders()))
      response.headers.set(name, value);
    return response;
  }
  return NextResponse.next();
}

export const config = {
  // Only paths with a `%` can be malformed or another spelling of a card's (a letter is one
  // character however it is sent): every other request, cards included, never pays for the proxy
  // (a card's CDN tags come from its route: server/card/response.ts).
  matcher: ['/:path(.*%.*)'],
};
