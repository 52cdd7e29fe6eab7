// The page of a card switched off (its owner left the company, or was removed): the card route
// answers it with HTTP 410, so search engines drop the address. It says whose card it was and how
// to reach the company instead: its switchboard, its website, and its contact as a vCard
// (lib/company-contact.ts, at the card's own vCard address), so that a printed QR code or NFC card
// still leads somewhere; and the company's legal details, as on its live cards. Under the card's
// own security headers; no script. In the path's language, the company's words as the card in
// that language shows them (lib/card-language.ts).
import { CENTRED_PAGE_STYLE } from '@/components/centred-page';
import type { CardCompany } from '@/lib/company';
import { displayUrl, safeHttpUrl } from '@/lib/links';
import { telLink } from '@/lib/phone';
import type { Profile } from '@/lib/profile';
import { vcardPath, type CardLanguage } from '@/lib/routes';
import { BareDocument } from './BareDocument';
import { CardLegal } from './CardLegal';
import { CARD_TEXTS } from './texts';

// The page has no stylesheet: the one button, styled in place, large enough for a thumb.
const SAVE_STYLE = {
  display: 'inline-block',
  marginTop: '1rem',
  padding: '0.75rem 1.25rem',
  borderRadius: '0.5rem',
  background: '#1a1a1a',
  color: '#ffffff',
  textDecoration: 'none',
  fontWeight: 600,
} as const;

export function CardOffDocument({
  company,
  contact,
  lang,
}: {
  company: CardCompany;
  /** The company's own contact, in `lang`; without it, only the name and website show. */
  contact?: Profile;
  lang: CardLanguage;
}) {
  const texts = CARD_TEXTS[lang];
  const website = safeHttpUrl(contact?.websiteLink ?? company.websiteLink);
  const tel = telLink(contact?.phoneNumber);
  const title = texts.cardOff;
  return (
    <BareDocument lang={lang} title={company.name ? `${title} · ${company.name}` : title}>
      <main id="card-off" style={CENTRED_PAGE_STYLE}>
        <h1>{title}</h1>
        {company.name && <p data-company="">{company.name}</p>}
        {tel && (
          <p data-switchboard="">
            {texts.switchboard}: <a href={tel}>{contact?.phoneNumber}</a>
          </p>
        )}
        {website && (
          <p>
            <a href={website} rel="noopener">
              {displayUrl(website)}
            </a>
          </p>
        )}
        {contact && (
          <a href={vcardPath(contact.username, lang)} style={SAVE_STYLE} data-company-vcard="">
            {texts.saveCompanyContact}
          </a>
        )}
        <CardLegal legal={company.legal} lang={lang} />
      </main>
    </BareDocument>
  );
}
