import { NextResponse, type NextRequest } from 'next/server';

// Next 16 answers a path with malformed percent-encoding (e.g. /%E0%A4%A) with a bare 500
// ("failed to decode param") in an App Router-only build, before any page code runs. Such a
// path can never name a profile, so it gets the 404 page here. The matcher keeps every other
// request, including every plain profile path, off this code path.
const NOT_FOUND_HTML = `<!DOCTYPE html><html lang="el"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Not Found · karta</title></head>
<body style="font-family:system-ui,sans-serif;margin:0"><main id="error-page"
style="display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:100vh;text-align:center">
<h1>Oops!</h1><p>Sorry, an unexpected error has occurred.</p><p><i>Not Found</i></p></main></body></html>`;

export function proxy(request: NextRequest) {
  try {
    decodeURIComponent(request.nextUrl.pathname);
    return NextResponse.next();
  } catch {
    return new NextResponse(NOT_FOUND_HTML, {
      status: 404,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=3600',
      },
    });
  }
}

export const config = {
  matcher: '/:path(.*%.*)',
};
