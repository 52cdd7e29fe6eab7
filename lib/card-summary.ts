// What a card shows outside the browser (the e-mail signature, the Apple and Google wallet passes):
// its name, role, photo, contact lines and colour, each link already judged safe. One summary for
// all of them, so that a pass and a signature never disagree with each other or with the card.
import { ownPhotoVersion } from './card-photo';
import type { CompanyProfile } from './company';
import { displayUrl, mailtoLink, safeHttpUrl } from './links';
import { telLink } from './phone';
import { CARD_COLOR_PATTERN, fullName } from './profile';
import { DEFAULT_LANGUAGE, cardUrl, photoPath, type CardLanguage } from './routes';

const ACCENT_COLOR = new RegExp(CARD_COLOR_PATTERN, 'i');
/** A colour that reads on white (a mail client) and under white text (a pass) when the card has none. */
export const DEFAULT_ACCENT = '#1f2937';

export interface SummaryLine {
  text: string;
  href?: string;
}

export interface CardSummary {
  username: string;
  /** The card's language the summary links to, and the language of what it shows. */
  lang: CardLanguage;
  name: string;
  /** The version of the card's own uploaded photo; none when it has none. */
  photoVersion?: string;
  /** Absolute address of that photo. */
  photoUrl?: string;
  jobTitle?: string;
  company?: string;
  phone?: SummaryLine;
  email?: SummaryLine;
  website?: SummaryLine;
  card: SummaryLine;
  /** `#rrggbb`, the card's own colour when it has a valid one. */
  accent: string;
}

function nonEmpty(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The card as it shows (a member's with its company's values), summed up, linking to the card in
 * `lang`. The profile is taken as given: the caller puts it in that language (lib/card-language.ts).
 */
export function cardSummary(
  profile: CompanyProfile,
  lang: CardLanguage = DEFAULT_LANGUAGE,
): CardSummary {
  const version = profile.displayImage
    ? ownPhotoVersion(profile.username, profile.displayImage)
    : null;
  const card = cardUrl(profile.username, lang);
  const phoneText = nonEmpty(profile.phoneNumber) ?? nonEmpty(profile.mobileNumber);
  const emailText = nonEmpty(profile.email);
  const website = safeHttpUrl(profile.websiteLink);
  const jobTitle = nonEmpty(profile.jobTitle);
  const company = nonEmpty(profile.companyName ?? profile.company?.name);
  const line = (text: string | undefined, href: string | undefined): SummaryLine | undefined =>
    text === undefined ? undefined : href === undefined ? { text } : { text, href };
  return {
    username: profile.username,
    lang,
    name: fullName(profile),
    ...(version
      ? {
          photoVersion: version,
          photoUrl: new URL(photoPath(profile.username, version), card).href,
        }
      : {}),
    ...(jobTitle ? { jobTitle } : {}),
    ...(company ? { company } : {}),
    ...(phoneText ? { phone: line(phoneText, telLink(phoneText)) } : {}),
    ...(emailText ? { email: line(emailText, mailtoLink(emailText)) } : {}),
    ...(website ? { website: { text: displayUrl(website), href: website } } : {}),
    card: { text: displayUrl(card), href: card },
    accent:
      profile.accentColor && ACCENT_COLOR.test(profile.accentColor)
        ? profile.accentColor.toLowerCase()
        : DEFAULT_ACCENT,
  };
}
