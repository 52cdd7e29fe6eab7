// The page of a card switched off (its owner left the company, or was removed): the card route
// answers it with HTTP 410, so search engines drop the address. It says whose card it was and
// links to the company's website, under the card's own security headers; no script. In the path's
// language, the company's name as the card in that language shows it (lib/card-language.ts).
import type { CardCompany } from '@/lib/company';
import type { CardLanguage } from '@/lib/routes';
import { displayUrl, safeHttpUrl } from '@/lib/links';
import { SiteIconLinks } from './icons';
import { CARD_TEXTS } from './texts';

const PAGE_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '100vh',
  padding: '1rem',
  textAlign: 'center',
} as const;

export function CardOffDocument({ company, lang }: { company: CardCompany; lang: CardLanguage }) {
  const website = safeHttpUrl(company.websiteLink);
  const title = CARD_TEXTS[lang].cardOff;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{company.name ? `${title} · ${company.name}` : title}</title>
        <SiteIconLinks />
      </head>
      <body style={{ fontFamily: 'system-ui,sans-serif', margin: 0 }}>
        <main id="card-off" style={PAGE_STYLE}>
          <h1>{title}</h1>
          {company.name && <p data-company="">{company.name}</p>}
          {website && (
            <p>
              <a href={website} rel="noopener">
                {displayUrl(website)}
              </a>
            </p>
          )}
        </main>
      </body>
    </html>
  );
}
