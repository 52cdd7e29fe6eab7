// A card's list of links (`links`): which kinds there are, what address each kind takes, and the
// one judgement of a list that the console's form and karta's server share (lib/profile.ts).
// Field names and kinds are fixed: imports and other tools rely on them (docs/data.md).
import { NO_CONTROL_CHARACTERS, withoutControlCharacters } from './control-characters';
import { parseHttpUrl, safeHttpUrl } from './links';

export const LINK_KINDS = [
  'linkedin',
  'tiktok',
  'x',
  'youtube',
  'telegram',
  'messenger',
  'threads',
  'github',
  'behance',
  'pinterest',
  'spotify',
  'googlemaps',
  'tripadvisor',
  'booking',
  'airbnb',
  'calendly',
  'link',
] as const;

export type LinkKind = (typeof LINK_KINDS)[number];

export interface CardLink {
  kind: LinkKind;
  /**
   * An https address the kind accepts, as stored (ASCII: safeHttpUrl's href); for a plain link
   * made from a document's `facebookLink` or `instagramLink` (plainLinkTo), its http(s) address.
   */
  url: string;
  /** Shown instead of the kind's name; required for `link`. */
  label?: string;
  /** The label on the English card; without it, `label` transliterated (lib/card-language.ts). */
  labelEn?: string;
}

/** At most this many links on a card. */
export const MAX_LINKS = 12;
/** A label's longest length, in code points. */
export const LINK_LABEL_MAX = 30;
/** An address's longest length, as every other link of the card. */
export const LINK_URL_MAX = 500;

/** How a vCard carries a kind: a social profile (iOS and Android list these), or a plain URL. */
export type VCardLinkType = { socialProfile: string } | { url: string };

export interface LinkKindInfo {
  /** The brand's name, or the Greek for a plain link: the card's accessible names. */
  name: string;
  /** Whether an address is one of this kind's pages (https already checked). */
  accepts: (url: URL) => boolean;
  vcard: VCardLinkType;
}

/** `host` is `domain` or one of its subdomains (www., m., gr.). */
const onDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);
/** An address on any of `domains` with more than a bare `/` as its path. */
const pageOn =
  (...domains: string[]) =>
  (url: URL) =>
    domains.some((domain) => onDomain(url.hostname, domain)) && url.pathname.length > 1;

// Brands with a site per country, each named: a brand's name under any top-level domain is
// anyone's to register (airbnb.zz), so only the domains the brand runs are its own. The .com, and
// for each its sites for Greece and Cyprus where it has them and the larger European and
// English-speaking ones; another country's site is a plain link (`link`).
const brandDomains = (brand: string, ...tlds: string[]) => tlds.map((tld) => `${brand}.${tld}`);
const EUROPE = ['co.uk', 'de', 'fr', 'it', 'es', 'nl', 'be', 'at', 'ch', 'ie', 'pt', 'se', 'dk'];
const AIRBNB_DOMAINS = brandDomains(
  'airbnb',
  'com',
  'gr',
  ...EUROPE,
  'no',
  'fi',
  'pl',
  'ca',
  'com.au',
);
const TRIPADVISOR_DOMAINS = brandDomains('tripadvisor', 'com', 'com.gr', ...EUROPE, 'ca', 'com.au');
/** Pinterest's Greek site is gr.pinterest.com. */
const PINTEREST_DOMAINS = brandDomains('pinterest', 'com', ...EUROPE, 'ca', 'com.au', 'nz');
const GOOGLE_DOMAINS = brandDomains('google', 'com', 'gr', 'com.cy', ...EUROPE, 'ca', 'com.au');
const onGoogle = pageOn(...GOOGLE_DOMAINS);
const onGoogleMaps = pageOn(
  ...GOOGLE_DOMAINS.map((domain) => `maps.${domain}`),
  'maps.app.goo.gl',
  'g.page',
);

/** A brand whose pages are on `domains`, carried in a vCard as its social profile `profile`. */
const socialKind = (name: string, profile: string, ...domains: string[]): LinkKindInfo => ({
  name,
  accepts: pageOn(...domains),
  vcard: { socialProfile: profile },
});

/** A brand whose pages are on `domains`, carried in a vCard as a URL of type `type`. */
const siteKind = (name: string, type: string, ...domains: string[]): LinkKindInfo => ({
  name,
  accepts: pageOn(...domains),
  vcard: { url: type },
});

export const LINK_KIND_INFO: Readonly<Record<LinkKind, LinkKindInfo>> = {
  linkedin: socialKind('LinkedIn', 'linkedin', 'linkedin.com'),
  tiktok: socialKind('TikTok', 'tiktok', 'tiktok.com'),
  x: socialKind('X', 'twitter', 'x.com', 'twitter.com'),
  youtube: socialKind('YouTube', 'youtube', 'youtube.com', 'youtu.be'),
  telegram: socialKind('Telegram', 'telegram', 't.me', 'telegram.me'),
  messenger: socialKind('Messenger', 'messenger', 'm.me', 'messenger.com'),
  threads: socialKind('Threads', 'threads', 'threads.net', 'threads.com'),
  github: socialKind('GitHub', 'github', 'github.com'),
  behance: socialKind('Behance', 'behance', 'behance.net'),
  pinterest: socialKind('Pinterest', 'pinterest', ...PINTEREST_DOMAINS, 'pin.it'),
  spotify: siteKind('Spotify', 'spotify', 'open.spotify.com'),
  googlemaps: {
    name: 'Google Maps',
    // google.com/maps/…, google.gr/maps/…, maps.google.com/…, and the app's short links.
    accepts: (url) =>
      (onGoogle(url) && url.pathname.startsWith('/maps')) ||
      onGoogleMaps(url) ||
      (url.hostname === 'goo.gl' && url.pathname.startsWith('/maps')),
    vcard: { url: 'maps' },
  },
  tripadvisor: siteKind('Tripadvisor', 'tripadvisor', ...TRIPADVISOR_DOMAINS),
  booking: siteKind('Booking.com', 'booking', 'booking.com'),
  airbnb: siteKind('Airbnb', 'airbnb', ...AIRBNB_DOMAINS),
  calendly: siteKind('Calendly', 'calendly', 'calendly.com'),
  link: { name: 'Σύνδεσμος', accepts: () => true, vcard: { url: 'link' } },
};

/**
 * The card's own two networks, each a field of its own (`facebookLink`, `instagramLink`) and an
 * icon in its bar: held to their brand's hosts as the kinds above are.
 */
export const SOCIAL_FIELD_INFO = {
  facebookLink: socialKind('Facebook', 'facebook', 'facebook.com', 'fb.com', 'fb.me'),
  instagramLink: socialKind('Instagram', 'instagram', 'instagram.com', 'instagr.am'),
} as const satisfies Record<string, LinkKindInfo>;

export type SocialField = keyof typeof SOCIAL_FIELD_INFO;

export const SOCIAL_FIELDS = Object.keys(SOCIAL_FIELD_INFO) as SocialField[];

export const isSocialField = (field: string): field is SocialField =>
  Object.prototype.hasOwnProperty.call(SOCIAL_FIELD_INFO, field);

export const LINK_MESSAGES = {
  notList: 'Οι σύνδεσμοι πρέπει να είναι λίστα',
  tooMany: `Έως ${MAX_LINKS} σύνδεσμοι`,
  notItem: 'Ο σύνδεσμος δεν είναι έγκυρος',
  kind: 'Διαλέξτε είδος συνδέσμου',
  https: 'Μόνο διευθύνσεις που αρχίζουν με https://',
  urlTooLong: `Έως ${LINK_URL_MAX} χαρακτήρες`,
  notKind: (name: string) => `Η διεύθυνση δεν είναι σελίδα ${name}`,
  labelMissing: 'Γράψτε πώς θα φαίνεται ο σύνδεσμος',
  labelTooLong: `Έως ${LINK_LABEL_MAX} χαρακτήρες`,
  labelControl: 'Χωρίς χαρακτήρες ελέγχου (αλλαγή γραμμής, tab)',
} as const;

export const isLinkKind = (value: unknown): value is LinkKind =>
  typeof value === 'string' && (LINK_KINDS as readonly string[]).includes(value);

// ASCII only, as every other link the card stores: the form stores safeHttpUrl's href.
const STORED_HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(:[0-9]+)?([/?#][!-~]*)?$/i;

/** Why `url` cannot be a page of `info`'s brand, in Greek, or null. */
function brandUrlProblem(info: LinkKindInfo, url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return LINK_MESSAGES.https;
  if ([...url].length > LINK_URL_MAX) return LINK_MESSAGES.urlTooLong;
  const parsed = STORED_HTTPS_URL.test(url) ? parseHttpUrl(url) : undefined;
  if (!parsed || parsed.protocol !== 'https:') return LINK_MESSAGES.https;
  return info.accepts(parsed) ? null : LINK_MESSAGES.notKind(info.name);
}

/** Why `url` cannot be a link of `kind`, in Greek, or null. */
export const linkUrlProblem = (kind: LinkKind, url: unknown): string | null =>
  brandUrlProblem(LINK_KIND_INFO[kind], url);

/** Why `url` cannot be the card's `field` (its Facebook or Instagram page), in Greek, or null. */
export const socialUrlProblem = (field: SocialField, url: unknown): string | null =>
  brandUrlProblem(SOCIAL_FIELD_INFO[field], url);

/**
 * The address the card links from its `field` (as typed: 'facebook.com/x' is
 * 'https://facebook.com/x'), or undefined unless it is one the owner could save there: only a page
 * of the brand is ever shown under the brand's icon, in the vCard's or the JSON-LD's profiles.
 */
export function socialFieldUrl(field: SocialField, value: string | undefined): string | undefined {
  const url = safeHttpUrl(value);
  return url !== undefined && socialUrlProblem(field, url) === null ? url : undefined;
}

/** Why `label` cannot go with a link of `kind`, in Greek, or null. */
export function linkLabelProblem(kind: LinkKind, label: unknown): string | null {
  if (label === undefined) return kind === 'link' ? LINK_MESSAGES.labelMissing : null;
  if (typeof label !== 'string' || label.trim() === '') return LINK_MESSAGES.labelMissing;
  if ([...label].length > LINK_LABEL_MAX) return LINK_MESSAGES.labelTooLong;
  if (!NO_CONTROL_CHARACTERS.test(label)) return LINK_MESSAGES.labelControl;
  return null;
}

/** Why `labelEn` cannot be a link's English label (optional, else as a label), or null. */
export function linkLabelEnProblem(labelEn: unknown): string | null {
  return labelEn === undefined ? null : linkLabelProblem('link', labelEn);
}

/**
 * A problem with one part of one link: `index` in the list, `part` 'kind', 'url', 'label' or
 * 'labelEn'.
 */
export interface LinkProblem {
  index?: number;
  part?: 'kind' | 'url' | 'label' | 'labelEn';
  error: string;
}

const LINK_KEYS: ReadonlySet<string> = new Set(['kind', 'url', 'label', 'labelEn']);

/**
 * The first problem of a list of links as an owner saves it (the form and the server), or null.
 * Each item holds `kind`, `url` and, optionally, `label` and `labelEn`; nothing else.
 */
export function linksProblem(value: unknown): LinkProblem | null {
  if (!Array.isArray(value)) return { error: LINK_MESSAGES.notList };
  if (value.length > MAX_LINKS) return { error: LINK_MESSAGES.tooMany };
  for (const [index, item] of value.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return { index, error: LINK_MESSAGES.notItem };
    }
    const keys = Object.keys(item);
    if (keys.some((key) => !LINK_KEYS.has(key))) return { index, error: LINK_MESSAGES.notItem };
    const { kind, url, label, labelEn } = item as Record<string, unknown>;
    if (!isLinkKind(kind)) return { index, part: 'kind', error: LINK_MESSAGES.kind };
    const urlProblem = linkUrlProblem(kind, url);
    if (urlProblem) return { index, part: 'url', error: urlProblem };
    const labelProblem = linkLabelProblem(kind, label);
    if (labelProblem) return { index, part: 'label', error: labelProblem };
    const labelEnProblem = linkLabelEnProblem(labelEn);
    if (labelEnProblem) return { index, part: 'labelEn', error: labelEnProblem };
  }
  return null;
}

/**
 * A plain link (`link`) to an address that is not the brand's it was stored as, labelled with its
 * host: it still shows, but never under a brand's name or icon. Undefined when `url` is no http(s)
 * address at all.
 */
export function plainLinkTo(url: string, label?: string): CardLink | undefined {
  const parsed = parseHttpUrl(url);
  return parsed && { kind: 'link', url, label: label ?? parsed.hostname };
}

/**
 * The links a card shows, from whatever the document holds: every item that passes the owner's
 * rules, in their order, at most MAX_LINKS; the rest is dropped (a card edited by hand still
 * renders). Labels are trimmed, and freed of what the rules refuse in them (a line break, a
 * bidirectional control: lib/control-characters.ts). An item of a brand's kind whose address is
 * an https page elsewhere is kept as a plain link (plainLinkTo).
 */
export function normaliseLinks(raw: unknown): CardLink[] {
  if (!Array.isArray(raw)) return [];
  const links: CardLink[] = [];
  for (const item of raw) {
    if (links.length === MAX_LINKS) break;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    let kind: unknown;
    let url: unknown;
    let label: unknown;
    let labelEn: unknown;
    try {
      ({ kind, url, label, labelEn } = item as Record<string, unknown>);
    } catch {
      continue;
    }
    if (!isLinkKind(kind) || linkUrlProblem('link', url) !== null) continue;
    const text = typeof label === 'string' ? withoutControlCharacters(label).trim() : label;
    if (linkLabelProblem(kind, text) !== null) continue;
    const shown = typeof text === 'string' ? text : undefined;
    // A malformed English label is dropped alone: the link and its Greek label still show.
    const english =
      typeof labelEn === 'string' ? withoutControlCharacters(labelEn).trim() : labelEn;
    const shownEn =
      typeof english === 'string' && linkLabelEnProblem(english) === null ? english : undefined;
    const link =
      linkUrlProblem(kind, url) === null
        ? { kind, url: url as string, ...(shown !== undefined ? { label: shown } : {}) }
        : plainLinkTo(url as string, shown);
    if (link) links.push(shownEn === undefined ? link : { ...link, labelEn: shownEn });
  }
  return links;
}

/** What a link is called on the card and in the vCard: its label, else its kind's name. */
export const linkName = (link: CardLink): string => link.label ?? LINK_KIND_INFO[link.kind].name;
