// What the card page shows, derived from a profile: every link already checked, every line
// already composed, so components only lay it out.
import { SOCIAL_FIELD_INFO, socialFieldUrl } from '../../lib/card-links';
import { displayUrl, mailtoLink, mapsLink, safeHttpUrl } from '../../lib/links';
import { telLink, viberLink, whatsappLink } from '../../lib/phone';
import { fullName, type PublicProfile } from '../../lib/profile';
import { COUNTRY_NAME } from '../../lib/country-name';
import type { CardLanguage } from '../../lib/routes';
import { CARD_TEXTS } from './texts';

export type RowKind = 'email' | 'mobile' | 'phone' | 'address' | 'website';

export interface ContactRow {
  kind: RowKind;
  text: string;
  caption: string;
  /** Absent when the value is not safe to link: it is shown as text. */
  href?: string;
  external?: boolean;
}

export type SocialKind = 'facebook' | 'instagram' | 'viber' | 'whatsapp';

export interface SocialLink {
  kind: SocialKind;
  label: string;
  href: string;
}

export function headline(p: Pick<PublicProfile, 'jobTitle' | 'companyName'>): string | undefined {
  if (p.jobTitle && p.companyName) return `${p.jobTitle}, @${p.companyName}`;
  if (p.jobTitle) return p.jobTitle;
  if (p.companyName) return `@${p.companyName}`;
  return undefined;
}

export function location(p: Pick<PublicProfile, 'city'>, lang: CardLanguage): string {
  const country = COUNTRY_NAME[lang];
  return p.city ? `${p.city}, ${country}` : country;
}

export function contactRows(p: PublicProfile, lang: CardLanguage): ContactRow[] {
  const caption = CARD_TEXTS[lang].rows;
  const rows: ContactRow[] = [];
  if (p.email)
    rows.push({ kind: 'email', text: p.email, caption: caption.email, href: mailtoLink(p.email) });
  if (p.mobileNumber) {
    rows.push({
      kind: 'mobile',
      text: p.mobileNumber,
      caption: caption.mobile,
      href: telLink(p.mobileNumber),
    });
  }
  if (p.phoneNumber) {
    rows.push({
      kind: 'phone',
      text: p.phoneNumber,
      caption: caption.phone,
      href: telLink(p.phoneNumber),
    });
  }
  if (p.address) {
    rows.push({
      kind: 'address',
      text: p.address,
      caption: p.addressDetails ?? caption.address,
      href: mapsLink(p.address),
      external: true,
    });
  }
  if (p.websiteLink) {
    const url = safeHttpUrl(p.websiteLink);
    rows.push({
      kind: 'website',
      text: url ? displayUrl(url) : p.websiteLink,
      caption: caption.website,
      href: url,
      external: true,
    });
  }
  return rows;
}

// In the order the bar shows them: the two networks only with a link, the two messengers
// whenever there is a phone number (the mobile when the card has one).
const SOCIAL: Array<{
  kind: SocialKind;
  name: string;
  href: (p: PublicProfile) => string | undefined;
}> = [
  // Only the brand's own pages (normaliseProfile has made any other address a plain link).
  {
    kind: 'facebook',
    name: SOCIAL_FIELD_INFO.facebookLink.name,
    href: (p) => socialFieldUrl('facebookLink', p.facebookLink),
  },
  {
    kind: 'instagram',
    name: SOCIAL_FIELD_INFO.instagramLink.name,
    href: (p) => socialFieldUrl('instagramLink', p.instagramLink),
  },
  { kind: 'viber', name: 'Viber', href: (p) => viberLink(messagingNumber(p)) },
  { kind: 'whatsapp', name: 'WhatsApp', href: (p) => whatsappLink(messagingNumber(p)) },
];

/** The number Viber and WhatsApp open a chat with: the mobile when given, else the phone. */
export function messagingNumber(p: Pick<PublicProfile, 'mobileNumber' | 'phoneNumber'>) {
  return p.mobileNumber ?? p.phoneNumber;
}

export function socialLinks(p: PublicProfile): SocialLink[] {
  const name = fullName(p);
  return SOCIAL.flatMap(({ kind, name: network, href }) => {
    const url = href(p);
    return url ? [{ kind, label: `${network}: ${name}`, href: url }] : [];
  });
}
