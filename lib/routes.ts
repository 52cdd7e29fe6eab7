// The one place that says where a card lives: its page, its vCard, its QR code, its canonical URL,
// and the paths a revalidation of that card must cover.
import { env } from './env';
import {
  QR_SOURCE_PARAM,
  QR_SOURCE_VALUE,
  WALLET_SOURCE_VALUE,
  type ViewSource,
} from './stats/events';

/** What the site stores about visitors and how to have it erased (app/privacy). */
export const PRIVACY_PATH = '/privacy';

/** The owner console (app/account). */
export const ACCOUNT_PATH = '/account';

/** The card's languages: Greek at its own address, English under `/en` (lib/card-language.ts). */
export const CARD_LANGUAGES = ['el', 'en'] as const;
export type CardLanguage = (typeof CARD_LANGUAGES)[number];
/** The Greek card is the card's address; every other language is a segment under it. */
export const DEFAULT_LANGUAGE: CardLanguage = 'el';

export const isCardLanguage = (value: unknown): value is CardLanguage =>
  (CARD_LANGUAGES as readonly unknown[]).includes(value);

/** The card's page in `lang`: `/maria`, `/maria/en`. */
export function profilePath(username: string, lang: CardLanguage = DEFAULT_LANGUAGE): string {
  const card = `/${encodeURIComponent(username)}`;
  return lang === DEFAULT_LANGUAGE ? card : `${card}/${lang}`;
}

/**
 * The one spelling of a path: each segment as profilePath spells a name, encodeURIComponent of its
 * text decoded once. `/m%61ria` and `/maria` name one card, and a CDN caches each spelling apart:
 * only this one is the card's address (proxy.ts redirects the others). Null when a segment's
 * percent-encoding is malformed.
 */
export function canonicalPath(pathname: string): string | null {
  try {
    return pathname
      .split('/')
      .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
      .join('/');
  } catch {
    return null;
  }
}

const VCARD_SUFFIX = '/vcard';
const QR_SUFFIX = '/qr.svg';

/** The card's vCard in `lang`: `/maria/vcard`, `/maria/en/vcard`. */
export function vcardPath(username: string, lang: CardLanguage = DEFAULT_LANGUAGE): string {
  return `${profilePath(username, lang)}${VCARD_SUFFIX}`;
}

/** The card's QR code (an SVG of qrCodeUrl), cached and regenerated with the card. */
export function qrPath(username: string): string {
  return `${profilePath(username)}${QR_SUFFIX}`;
}

/**
 * The card's own photo, one URL per upload (lib/card-photo.ts): served immutable, and never shown
 * again once the card names another version.
 */
export function photoPath(username: string, version: string): string {
  return `${profilePath(username)}/photo/${encodeURIComponent(version)}`;
}

/**
 * The company's logo as a member's card shows it (lib/company.ts), one URL per upload: served
 * immutable under the card's own path, so that the card's tag purges it with the card.
 */
export function logoPath(username: string, version: string): string {
  return `${profilePath(username)}/logo/${encodeURIComponent(version)}`;
}

/**
 * The card's Apple Wallet pass, served to its owner only (server/wallet/pass-link.ts signs the
 * link); never cached, so that it is built from the card as it is stored.
 */
export function applePassPath(username: string): string {
  return `/api/wallet/${encodeURIComponent(username)}`;
}

/** The console's query parameter that carries an invitation's token (`/account?invite=…`). */
export const INVITE_PARAM = 'invite';

/** The link an invitation e-mail carries. */
export function inviteUrl(token: string): string {
  const url = new URL(ACCOUNT_PATH, env.siteUrl);
  url.searchParams.set(INVITE_PARAM, token);
  return url.href;
}

/** The card's public address in `lang`, as links, QR codes and search engines should have it. */
export function cardUrl(username: string, lang: CardLanguage = DEFAULT_LANGUAGE): string {
  return new URL(profilePath(username, lang), env.siteUrl).href;
}

/**
 * The address a card's QR code holds: cardUrl with `?src=qr`, so that the card's script can count
 * a view that came from the code (lib/stats/events.ts). Only the QR codes carry it: links, shares
 * and the canonical URL stay cardUrl, the card's script takes it off the address bar, and the CDN
 * and the ISR cache ignore it (one cached card, not one per parameter: docs/deployment.md).
 */
export function qrCodeUrl(username: string, lang: CardLanguage = DEFAULT_LANGUAGE): string {
  return sourceUrl(username, QR_SOURCE_VALUE, lang);
}

/**
 * The address a card's wallet pass holds in its barcode: cardUrl with `?src=wallet`, counted apart
 * from the QR code's views and handled like qrCodeUrl's parameter everywhere else.
 */
export function walletUrl(username: string, lang: CardLanguage = DEFAULT_LANGUAGE): string {
  return sourceUrl(username, WALLET_SOURCE_VALUE, lang);
}

function sourceUrl(username: string, source: ViewSource, lang: CardLanguage): string {
  const url = new URL(cardUrl(username, lang));
  url.searchParams.set(QR_SOURCE_PARAM, source);
  return url.href;
}

/**
 * Everything rendered from one profile, each regenerated when that profile changes: the page and
 * the vCard in every language, and the QR code (last: server/revalidation/company-fan-out.ts
 * polls the last path marked).
 */
export function cardPaths(username: string): string[] {
  return [
    ...CARD_LANGUAGES.flatMap((lang) => [profilePath(username, lang), vcardPath(username, lang)]),
    qrPath(username),
  ];
}

/**
 * The CDN cache tag of everything rendered from one profile (Surrogate-Key for Fastly and
 * Varnish, Cache-Tag for Cloudflare): one purge by it covers the page, its vCard and its QR code.
 * Percent-encoded, so it never holds the space or comma that separate tags in a header.
 */
export function cardTag(username: string): string {
  return `card-${encodeURIComponent(username)}`;
}

/**
 * The CDN cache tag every member card of a company carries beside its own: one purge by it covers
 * every member's card when the company's template changes.
 */
export function companyTag(companyId: string): string {
  return `company-${encodeURIComponent(companyId)}`;
}
