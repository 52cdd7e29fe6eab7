// The 404 page where no React page renders it: a username with no card (the card route) and a
// path with malformed percent-encoding (proxy.ts). The same screen as app/not-found.tsx.
import ErrorScreen from '@/components/ErrorScreen';
import { SiteIconLinks } from './icons';

export function NotFoundDocument() {
  return (
    <html lang="el">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex, nofollow" />
        <title>Not Found · karta</title>
        <SiteIconLinks />
      </head>
      <body style={{ fontFamily: 'system-ui,sans-serif', margin: 0 }}>
        <ErrorScreen detail="Not Found" />
      </body>
    </html>
  );
}
