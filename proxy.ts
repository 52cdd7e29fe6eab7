import { NextResponse, type NextRequest } from 'next/server';
import { renderNotFound } from './components/card/render';
import {
  builtSecurityEnv,
  CSP_HEADER,
  pageCsp,
  SHARED_SECURITY_HEADERS,
} from './server/security-headers';

// Next 16 answers a path with malformed percent-encoding (e.g. /%E0%A4%A) with a bare 500
// ("failed to decode param") in an App Router-only build, before any page code runs. Such a
// path can never name a profile, so it gets the 404 page here.
export async function proxy(request: NextRequest) {
  try {
    decodeURIComponent(request.nextUrl.pathname);
  } catch {
    return new NextResponse(await renderNotFound(), {
      status: 404,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=3600',
        // A single-segment path, which next.config.ts leaves to the card route's CSP.
        ...Object.fromEntries(SHARED_SECURITY_HEADERS.map(({ key, value }) => [key, value])),
        [CSP_HEADER]: pageCsp(builtSecurityEnv()),
      },
    });
  }
  return NextResponse.next();
}

export const config = {
  // Only paths with a `%` can be malformed: every other request, cards included, never pays for
  // the proxy (a card's CDN tags come from its route: components/card/response.ts).
  matcher: ['/:path(.*%.*)'],
};
