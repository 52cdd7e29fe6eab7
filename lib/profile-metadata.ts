// Search and social metadata for a card: title, description, Open Graph, Twitter, canonical
// URL and a schema.org Person.
import type { Metadata } from 'next';
import { safeHttpUrl } from './links';
import { normalisePhone } from './phone';
import { env } from './env';
import { fullName, type PublicProfile } from './profile';
import { headline, location } from './profile-view';
import { cardUrl } from './routes';

function profileTitle(p: PublicProfile): string {
  const name = fullName(p);
  const role = headline(p);
  return role ? `${name} · ${role}` : name;
}

function profileDescription(p: PublicProfile): string {
  const about = [headline(p), location(p)].filter(Boolean).join(' · ');
  return `${about}. Η ψηφιακή κάρτα του/της ${fullName(p)}: αποθηκεύστε την επαφή με ένα άγγιγμα.`;
}

export function profileMetadata(p: PublicProfile): Metadata {
  const title = profileTitle(p);
  const description = profileDescription(p);
  const url = cardUrl(p.username);
  const images = p.displayImage ? [{ url: p.displayImage, alt: fullName(p) }] : undefined;
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: 'profile',
      title,
      description,
      url,
      images,
      locale: 'el_GR',
      siteName: 'karta',
    },
    twitter: { card: images ? 'summary_large_image' : 'summary', title, description, images },
  };
}

export function personJsonLd(p: PublicProfile): Record<string, unknown> {
  const sameAs = [safeHttpUrl(p.facebookLink), safeHttpUrl(p.instagramLink)].filter(Boolean);
  const website = safeHttpUrl(p.websiteLink);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: fullName(p),
    url: website ?? cardUrl(p.username),
  };
  if (p.jobTitle) ld.jobTitle = p.jobTitle;
  if (p.companyName) ld.worksFor = { '@type': 'Organization', name: p.companyName };
  if (p.email) ld.email = p.email;
  const phone = normalisePhone(p.phoneNumber);
  if (phone) ld.telephone = phone;
  if (p.address || p.city) {
    ld.address = {
      '@type': 'PostalAddress',
      ...(p.address ? { streetAddress: p.address } : {}),
      ...(p.city ? { addressLocality: p.city } : {}),
      addressCountry: 'GR',
    };
  }
  if (p.displayImage) ld.image = new URL(p.displayImage, env.siteUrl).href;
  if (sameAs.length) ld.sameAs = sameAs;
  return ld;
}

/** JSON for a <script> element: `<` escaped so no value can close the script. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
