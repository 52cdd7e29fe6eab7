// A card in one of its languages (lib/routes.ts CARD_LANGUAGES). Greek is the card as stored. English
// takes each field the owner gave in English (lib/profile.ts ENGLISH_FIELDS, a link's `labelEn`)
// and, where they gave none, the Greek value transliterated by ELOT 743 (lib/elot743.ts), the
// standard Greek passports use: a card with no English words still reads correctly in English.
// A member card's fields come from its company as lib/company.ts applyCompany shows them, English
// twins included: a locked field's English is the company's, never the member's. The company's name
// is its template's English words for it, else transliterated.
import type { CardLink } from './card-links';
import type { CompanyProfile } from './company';
import { transliterate } from './elot743';
import { ENGLISH_FIELDS, type Profile, type TranslatedField } from './profile';
import type { CardLanguage } from './routes';

const TRANSLATED = Object.keys(ENGLISH_FIELDS) as TranslatedField[];
const ENGLISH = Object.values(ENGLISH_FIELDS);

/** The profile without its English fields: what the Greek card and its vCard use. */
function withoutEnglish<P extends Profile>(profile: P): P {
  const greek = { ...profile };
  for (const field of ENGLISH) delete greek[field];
  return greek;
}

function englishLink(link: CardLink): CardLink {
  const { labelEn, ...rest } = link;
  const label = labelEn ?? (rest.label === undefined ? undefined : transliterate(rest.label));
  return label === undefined ? rest : { ...rest, label };
}

/** A company as a card in `lang` names it: in English, its English name, else transliterated. */
export function companyInLanguage<C extends { name: string; nameEn?: string }>(
  company: C,
  lang: CardLanguage,
): C {
  const { nameEn, ...greek } = company;
  if (lang === 'el') return greek as C;
  return { ...greek, name: nameEn ?? transliterate(company.name) } as C;
}

/**
 * The card as it shows in `lang`: the same shape as the stored profile, its words in that
 * language, no English field left over (the card and the vCard read only the plain fields).
 */
export function cardInLanguage<P extends CompanyProfile>(profile: P, lang: CardLanguage): P {
  const shown = withoutEnglish(profile);
  if (lang === 'el') return shown;
  for (const field of TRANSLATED) {
    const english = profile[ENGLISH_FIELDS[field]];
    const greek = profile[field];
    if (english !== undefined) shown[field] = english;
    else if (greek !== undefined) shown[field] = transliterate(greek);
  }
  if (profile.links) shown.links = profile.links.map(englishLink);
  if (profile.company) shown.company = companyInLanguage(profile.company, lang);
  return shown;
}

/** The Greek name beside the English one, for the vCard's phonetic fields; undefined when equal. */
export function otherLanguageName(
  profile: Profile,
  lang: CardLanguage,
): { firstName: string; lastName: string } | undefined {
  const shown = cardInLanguage(profile, lang);
  const other = cardInLanguage(profile, lang === 'el' ? 'en' : 'el');
  if (shown.firstName === other.firstName && shown.lastName === other.lastName) return undefined;
  return { firstName: other.firstName, lastName: other.lastName };
}
