// What the card page shows, derived from a profile: every link already checked, every line
// already composed, so components only lay it out.
import { displayUrl, mailtoLink, mapsLink, safeHttpUrl } from './links';
import { telLink, viberLink, whatsappLink } from './phone';
import { fullName, type PublicProfile } from './profile';

export type RowKind = 'email' | 'phone' | 'address' | 'website';

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
  icon: string;
}

export const BUNDLED_ICONS: Record<SocialKind, string> = {
  facebook: '/icons/facebook.svg',
  instagram: '/icons/instagram.svg',
  viber: '/icons/viber.svg',
  whatsapp: '/icons/whatsapp.svg',
};

export function headline(p: Pick<PublicProfile, 'jobTitle' | 'companyName'>): string | undefined {
  if (p.jobTitle && p.companyName) return `${p.jobTitle}, @${p.companyName}`;
  if (p.jobTitle) return p.jobTitle;
  if (p.companyName) return `@${p.companyName}`;
  return undefined;
}

export function location(p: Pick<PublicProfile, 'city'>): string {
  return p.city ? `${p.city}, Ελλάδα` : 'Ελλάδα';
}

export function contactRows(p: PublicProfile): ContactRow[] {
  const rows: ContactRow[] = [];
  if (p.email)
    rows.push({ kind: 'email', text: p.email, caption: 'Email', href: mailtoLink(p.email) });
  if (p.phoneNumber) {
    rows.push({
      kind: 'phone',
      text: p.phoneNumber,
      caption: 'Τηλέφωνο',
      href: telLink(p.phoneNumber),
    });
  }
  if (p.address) {
    rows.push({
      kind: 'address',
      text: p.address,
      caption: p.addressDetails ?? 'Διεύθυνση',
      href: mapsLink(p.address),
      external: true,
    });
  }
  if (p.websiteLink) {
    const url = safeHttpUrl(p.websiteLink);
    rows.push({
      kind: 'website',
      text: url ? displayUrl(url) : p.websiteLink,
      caption: 'Ιστοσελίδα',
      href: url,
      external: true,
    });
  }
  return rows;
}

export function socialLinks(p: PublicProfile): SocialLink[] {
  const name = fullName(p);
  const links: SocialLink[] = [];
  const facebook = safeHttpUrl(p.facebookLink);
  if (facebook) {
    links.push({
      kind: 'facebook',
      label: `Facebook: ${name}`,
      href: facebook,
      icon: p.facebookIcon ?? BUNDLED_ICONS.facebook,
    });
  }
  const instagram = safeHttpUrl(p.instagramLink);
  if (instagram) {
    links.push({
      kind: 'instagram',
      label: `Instagram: ${name}`,
      href: instagram,
      icon: p.instagramIcon ?? BUNDLED_ICONS.instagram,
    });
  }
  const viber = viberLink(p.phoneNumber);
  if (viber) {
    links.push({
      kind: 'viber',
      label: `Viber: ${name}`,
      href: viber,
      icon: p.viberIcon ?? BUNDLED_ICONS.viber,
    });
  }
  const whatsapp = whatsappLink(p.phoneNumber);
  if (whatsapp) {
    links.push({
      kind: 'whatsapp',
      label: `WhatsApp: ${name}`,
      href: whatsapp,
      icon: p.whatsappIcon ?? BUNDLED_ICONS.whatsapp,
    });
  }
  return links;
}
