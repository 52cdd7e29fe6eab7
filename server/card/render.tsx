import 'server-only';
import type { CardAssets } from '@/lib/card-assets';
import { renderDocument } from '@/server/card/static-html';
import { cardInLanguage, companyInLanguage } from '@/lib/card-language';
import { env } from '@/lib/env';
import { toPublicProfile, type Profile } from '@/lib/profile';
import type { CardLanguage } from '@/lib/routes';
import { cardKey } from '@/server/stats/card-key';
import type { CardCompany, CompanyProfile } from '@/lib/company';
import type { CardProfile } from '../../components/card/Card';
import { CardDocument } from '../../components/card/CardDocument';
import { CardOffDocument } from '../../components/card/CardOffDocument';
import { NotFoundDocument } from '../../components/card/NotFoundDocument';

/**
 * What a card shows in `lang` of a stored card (lib/card-language.ts): its public fields, and a
 * member card's company.
 */
export function shownCard(profile: CompanyProfile, lang: CardLanguage): CardProfile {
  const shown = cardInLanguage(profile, lang);
  const card = toPublicProfile(shown);
  return shown.company ? { ...card, company: shown.company } : card;
}

/**
 * The card's HTML document in `lang`, as its route answers it, with its stats key: this is only
 * ever called for a card that exists, so only such a card's beacons carry a key the endpoint
 * accepts. `profile` is the card as it shows in `lang` (shownCard).
 */
export function renderCard(
  profile: CardProfile,
  assets: CardAssets,
  lang: CardLanguage = 'el',
): Promise<string> {
  const secret = env.revalidateSecret;
  const statsKey = secret ? cardKey(secret, profile.username) : undefined;
  return renderDocument(
    <CardDocument profile={profile} lang={lang} assets={assets} statsKey={statsKey} />,
  );
}

const notFound = new Map<CardLanguage, Promise<string>>();

/** The 404 page in `lang`, the same for every path: rendered once per process and language. */
export function renderNotFound(lang: CardLanguage = 'el'): Promise<string> {
  let page = notFound.get(lang);
  if (!page) {
    page = renderDocument(<NotFoundDocument lang={lang} />);
    notFound.set(lang, page);
  }
  return page;
}

/**
 * The page of a card switched off (its owner left its company): the company's name, and of its
 * own contact (lib/company-contact.ts) the switchboard, the website and the vCard.
 */
export function renderCardOff(
  company: CardCompany,
  lang: CardLanguage = 'el',
  contact?: Profile,
): Promise<string> {
  return renderDocument(
    <CardOffDocument
      company={companyInLanguage(company, lang)}
      contact={contact && cardInLanguage(contact, lang)}
      lang={lang}
    />,
  );
}
