// Search and social metadata for a card in one of its languages: title, description, Open Graph,
// Twitter, canonical URL, the addresses of the card in each language, and a schema.org Person
// (a member's with their company as an Organization).
import { socialFieldUrl } from '../../lib/card-links';
import { safeHttpUrl } from '../../lib/links';
import { normalisePhone } from '../../lib/phone';
import { env } from '../../lib/env';
import type { CompanyProfile, LegalDetails } from '../../lib/company';
import { fullName, type PublicProfile } from '../../lib/profile';
import { headline, location } from './profile-view';
import {
  CARD_LANGUAGES,
  cardUrl,
  DEFAULT_LANGUAGE,
  logoPath,
  type CardLanguage,
} from '../../lib/routes';
import { CARD_TEXTS } from './texts';

function profileTitle(p: PublicProfile): string {
  const name = fullName(p);
  const role = headline(p);
  return role ? `${name} · ${role}` : name;
}

function profileDescription(p: PublicProfile, lang: CardLanguage): string {
  const about = [headline(p), location(p, lang)].filter(Boolean).join(' · ');
  return CARD_TEXTS[lang].description(about, fullName(p));
}

/** One <meta> of the card's head: `name` for search engines and Twitter, `property` for Open Graph. */
export type HeadMeta = { name: string; content: string } | { property: string; content: string };

/** The card in one language, for search engines: `<link rel="alternate" hreflang>`. */
export interface Alternate {
  hrefLang: CardLanguage | 'x-default';
  href: string;
}

export interface ProfileHead {
  title: string;
  description: string;
  /** The card's own address in its language: each language is a page of its own. */
  canonical: string;
  /** Every language's address, the Greek one also the default for any other reader. */
  alternates: Alternate[];
  meta: HeadMeta[];
}

/** The card's photo as an absolute URL, as link previews and schema.org want it. */
function imageUrl(p: PublicProfile): string | undefined {
  return p.displayImage ? new URL(p.displayImage, env.siteUrl).href : undefined;
}

/** `p` as lib/card-language.ts shows it in `lang`. */
export function profileHead(p: PublicProfile, lang: CardLanguage): ProfileHead {
  const title = profileTitle(p);
  const description = profileDescription(p, lang);
  const url = cardUrl(p.username, lang);
  const image = imageUrl(p);
  const alt = fullName(p);
  const og = (property: string, content: string): HeadMeta => ({ property, content });
  const named = (name: string, content: string): HeadMeta => ({ name, content });
  return {
    title,
    description,
    canonical: url,
    alternates: [
      ...CARD_LANGUAGES.map((hrefLang) => ({ hrefLang, href: cardUrl(p.username, hrefLang) })),
      { hrefLang: 'x-default', href: cardUrl(p.username, DEFAULT_LANGUAGE) },
    ],
    meta: [
      named('description', description),
      og('og:title', title),
      og('og:description', description),
      og('og:url', url),
      og('og:site_name', 'karta'),
      og('og:locale', CARD_TEXTS[lang].ogLocale),
      ...CARD_LANGUAGES.filter((other) => other !== lang).map((other) =>
        og('og:locale:alternate', CARD_TEXTS[other].ogLocale),
      ),
      ...(image ? [og('og:image', image), og('og:image:alt', alt)] : []),
      og('og:type', 'profile'),
      named('twitter:card', image ? 'summary_large_image' : 'summary'),
      named('twitter:title', title),
      named('twitter:description', description),
      ...(image ? [named('twitter:image', image), named('twitter:image:alt', alt)] : []),
    ],
  };
}

/**
 * A company's legal details as schema.org names them: `legalName`; `taxID` the ΑΦΜ and `vatID` the
 * EU VAT number (EL and the ΑΦΜ); the ΓΕΜΗ number an `identifier`, named by its registry.
 */
function legalProperties(legal: LegalDetails | undefined): Record<string, unknown> {
  if (!legal) return {};
  return {
    ...(legal.legalName ? { legalName: legal.legalName } : {}),
    ...(legal.vatNumber ? { taxID: legal.vatNumber, vatID: `EL${legal.vatNumber}` } : {}),
    ...(legal.gemiNumber
      ? { identifier: { '@type': 'PropertyValue', propertyID: 'GEMI', value: legal.gemiNumber } }
      : {}),
  };
}

/** The organisation the person works for: a member card's company, with its logo and legal details. */
function worksFor(p: CompanyProfile<PublicProfile>): Record<string, unknown> | undefined {
  const name = p.companyName ?? p.company?.name;
  if (!name) return undefined;
  const organisation: Record<string, unknown> = {
    '@type': 'Organization',
    name,
    ...legalProperties(p.company?.legal),
  };
  const logoVersion = p.company?.logoVersion;
  if (logoVersion) organisation.logo = new URL(logoPath(p.username, logoVersion), env.siteUrl).href;
  return organisation;
}

/** `p` as lib/card-language.ts shows it in `lang`: the Person in that language. */
export function personJsonLd(
  p: CompanyProfile<PublicProfile>,
  lang: CardLanguage,
): Record<string, unknown> {
  // The person's profiles: Facebook and Instagram, then the owner's links of a brand's kind, each
  // address once. Only addresses on the brand's own hosts; a plain link (`link`: an e-shop, or an
  // address that was not the brand's it was stored as) says nothing of who the person is.
  const sameAs = [
    ...new Set(
      [
        socialFieldUrl('facebookLink', p.facebookLink),
        socialFieldUrl('instagramLink', p.instagramLink),
        ...(p.links ?? []).filter((link) => link.kind !== 'link').map((link) => link.url),
      ].filter(Boolean),
    ),
  ];
  const website = safeHttpUrl(p.websiteLink);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: fullName(p),
    url: website ?? cardUrl(p.username, lang),
  };
  if (p.jobTitle) ld.jobTitle = p.jobTitle;
  const organisation = worksFor(p);
  if (organisation) ld.worksFor = organisation;
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
  const image = imageUrl(p);
  if (image) ld.image = image;
  if (sameAs.length) ld.sameAs = sameAs;
  return ld;
}

/** JSON for a <script> element: `<` escaped so no value can close the script. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
