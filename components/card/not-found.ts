// The 404 page where no React renders it: a username with no card (the card route) and a path
// with malformed percent-encoding (proxy.ts). It looks like app/not-found.tsx.
import { ICON_LINKS } from './icons';

export const NOT_FOUND_HTML = `<!DOCTYPE html><html lang="el"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex, nofollow"><title>Not Found · karta</title>${ICON_LINKS}</head>
<body style="font-family:system-ui,sans-serif;margin:0"><main id="error-page"
style="display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:100vh;text-align:center">
<h1>Oops!</h1><p>Sorry, an unexpected error has occurred.</p><p><i>Not Found</i></p></main></body></html>`;
