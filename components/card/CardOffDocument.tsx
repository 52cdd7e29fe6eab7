// The page of a card switched off (its owner left the company, or was removed): the card route
// answers it with HTTP 410, so search engines drop the address. It says whose card it was and
// links to the company's website, under the card's own security headers; no script.
import { CARD_OFF_TITLE, type CardCompany } from '@/lib/company';
import { displayUrl, safeHttpUrl } from '@/lib/links';
import { SiteIconLinks } from './icons';

const PAGE_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '100vh',
  padding: '1rem',
  textAlign: 'center',
} as const;

export function CardOffDocument({ company }: { company: CardCompany }) {
  const website = safeHttpUrl(company.websiteLink);
  return (
    <html lang="el">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{company.name ? `${CARD_OFF_TITLE} · ${company.name}` : CARD_OFF_TITLE}</title>
        <SiteIconLinks />
      </head>
      <body style={{ fontFamily: 'system-ui,sans-serif', margin: 0 }}>
        <main id="card-off" style={PAGE_STYLE}>
          <h1>{CARD_OFF_TITLE}</h1>
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
