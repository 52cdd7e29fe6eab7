// The page of a card switched off (its owner left the company, or was removed): the card route
// answers it with HTTP 410, so search engines drop the address. It says whose card it was and
// links to the company's website, under the card's own security headers; no script. In the path's
// language, the company's name as the card in that language shows it (lib/card-language.ts).
import { CENTRED_PAGE_STYLE } from '@/components/centred-page';
import type { CardCompany } from '@/lib/company';
import type { CardLanguage } from '@/lib/routes';
import { displayUrl, safeHttpUrl } from '@/lib/links';
import { BareDocument } from './BareDocument';
import { CARD_TEXTS } from './texts';

export function CardOffDocument({ company, lang }: { company: CardCompany; lang: CardLanguage }) {
  const website = safeHttpUrl(company.websiteLink);
  const title = CARD_TEXTS[lang].cardOff;
  return (
    <BareDocument lang={lang} title={company.name ? `${title} · ${company.name}` : title}>
      <main id="card-off" style={CENTRED_PAGE_STYLE}>
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
    </BareDocument>
  );
}
