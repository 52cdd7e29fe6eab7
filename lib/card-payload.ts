// A card as webhook receivers get it: the `data` of card.updated (and card.voided), built here
// only, from the same summary the e-mail signature and the wallet passes show
// (lib/card-summary.ts), so that a receiver never learns more of a card than its visitors see.
import type { CompanyProfile } from './company';
import { cardSummary } from './card-summary';
import { DEFAULT_LANGUAGE, type CardLanguage } from './routes';

export interface CardPayload {
  username: string;
  /** The card's public address. */
  url: string;
  lang: CardLanguage;
  name: string;
  jobTitle?: string;
  company?: string;
  phone?: string;
  email?: string;
  website?: string;
  photoUrl?: string;
}

/** The card as it shows (a member's with its company's values), in `lang`. */
export function cardPayload(
  profile: CompanyProfile,
  lang: CardLanguage = DEFAULT_LANGUAGE,
): CardPayload {
  const summary = cardSummary(profile, lang);
  return {
    username: summary.username,
    url: summary.card.href ?? summary.card.text,
    lang: summary.lang,
    name: summary.name,
    ...(summary.jobTitle ? { jobTitle: summary.jobTitle } : {}),
    ...(summary.company ? { company: summary.company } : {}),
    ...(summary.phone ? { phone: summary.phone.text } : {}),
    ...(summary.email ? { email: summary.email.text } : {}),
    ...(summary.website?.href ? { website: summary.website.href } : {}),
    ...(summary.photoUrl ? { photoUrl: summary.photoUrl } : {}),
  };
}
