import { NextResponse, type NextRequest } from 'next/server';
import { NOT_FOUND_HTML } from './components/card/not-found';
import { cardTagHeaders, cardUsernameFromPath } from './lib/cdn/tags';

// Next 16 answers a path with malformed percent-encoding (e.g. /%E0%A4%A) with a bare 500
// ("failed to decode param") in an App Router-only build, before any page code runs. Such a
// path can never name a profile, so it gets the 404 page here.
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  try {
    decodeURIComponent(pathname);
  } catch {
    return new NextResponse(NOT_FOUND_HTML, {
      status: 404,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=3600',
      },
    });
  }
  // Every response of a card (its page, the page's RSC requests, its vCard, its QR code, and its
  // 404 while the profile does not exist) carries the card's tag, so one purge by tag reaches
  // them all.
  // Headers set on NextResponse.next() are added to the response Next then serves, ISR cache
  // hits included.
  const username = cardUsernameFromPath(pathname);
  if (username === null) return NextResponse.next();
  return NextResponse.next({ headers: cardTagHeaders(username) });
}

export const config = {
  // Kept to the paths that need the proxy, so static files and Next's own requests never pay for
  // it: any path with a `%` (malformed encoding, and every non-ASCII username), and the paths of
  // a card, its vCard and its QR code outside the app's own prefixes and root files.
  // cardUsernameFromPath() makes the same exclusions, so the two can only disagree on paths it
  // then leaves alone.
  matcher: [
    '/:path(.*%.*)',
    '/:username((?!(?:_next|api|icons|demo)/|(?:favicon\\.ico|icon\\.png|apple-icon\\.png)$)[^/]+){/:file(vcard|qr\\.svg)}?',
  ],
};
