// The document of a page no React page renders (a card's 404 and 410 pages): no script and no
// stylesheet, kept out of search engines, with the site's icons.
import type { ReactNode } from 'react';
import type { CardLanguage } from '@/lib/routes';
import { SiteIconLinks } from './icons';

export function BareDocument({
  lang,
  title,
  children,
}: {
  lang: CardLanguage;
  title: string;
  children: ReactNode;
}) {
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
      <body style={{ fontFamily: 'system-ui,sans-serif', margin: 0 }}>{children}</body>
    </html>
  );
}
