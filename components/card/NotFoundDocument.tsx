// The 404 page where no React page renders it: a username with no card (the card routes, in the
// path's language) and a path with malformed percent-encoding (proxy.ts). In Greek, the same
// screen as app/not-found.tsx.
import ErrorScreen from '@/components/ErrorScreen';
import type { CardLanguage } from '@/lib/routes';
import { SiteIconLinks } from './icons';
import { CARD_TEXTS } from './texts';

export function NotFoundDocument({ lang }: { lang: CardLanguage }) {
  const { title, heading, message, detail } = CARD_TEXTS[lang].notFound;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        <SiteIconLinks />
      </head>
      <body style={{ fontFamily: 'system-ui,sans-serif', margin: 0 }}>
        <ErrorScreen heading={heading} message={message} detail={detail} />
      </body>
    </html>
  );
}
