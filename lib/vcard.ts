// A small vCard 3.0 (RFC 2426) formatter of our own rather than `vcard-creator` (1.0.0), which was
// checked and falls short for this card:
// - it always writes `PRODID:-//vcard-creator//...` and a `REV:` line (the current time unless
//   overridden, and even then the line stays), so the card is not the exact set of lines we
//   specify and is not byte-for-byte reproducible, which a statically rebuilt page wants;
// - its text escaping turns CRLF and LF into `\n` but leaves a lone CR raw, and some readers
//   treat a bare CR as a line break, so a job title like 'x\rEMAIL:evil@x.com' injects a property;
// - TEL, EMAIL and URL values are written verbatim, so a newline in any of them injects a
//   property too, and a comma in an e-mail address is not escaped although EMAIL is a text value;
// - PHOTO content is written as given, with no removal of a `data:` prefix or of whitespace.
// Its octet folding (75, never splitting UTF-8) and CRLF endings are correct, but working around
// the points above would mean post-editing its output, which is more fragile than these lines.
//
// A card's links (lib/card-links.ts) are written as the address books read them:
// - every link as `itemN.URL;TYPE=<type>:<url>` with `itemN.X-ABLabel:<name>` in the same group,
//   the pair iOS Contacts writes for an address with a label of its own: it shows the label
//   («Κρατήσεις», «LinkedIn») beside the address, which a TYPE alone does not give. A reader that
//   knows no groups drops the `itemN.` prefix (RFC 2425 §5.8.2) and keeps the URL: Android's own
//   importer (AOSP com.android.vcard, VCardEntry) reads every URL as a website and ignores
//   X-ABLabel;
// - a social profile also as `X-SOCIALPROFILE;TYPE=<service>:<url>`, the line iOS Contacts itself
//   writes and lists under the contact's social profiles. Android has no such field and skips it,
//   so without the URL above an Android phone would lose every social link; iOS lists such a link
//   twice (as a profile and as a labelled address), the lesser harm.
//
// A card's vCard comes in each of its languages (lib/card-language.ts): the English one names the
// owner in Latin letters. Each carries the name in the other script as its phonetic name,
// `X-PHONETIC-FIRST-NAME` and `X-PHONETIC-LAST-NAME`: the fields iOS Contacts writes and reads
// (it searches and sorts by them), and the same "de-facto" properties Android's own importer
// reads into the name's phonetic given and family names (AOSP com.android.vcard, VCardConstants
// PROPERTY_X_PHONETIC_FIRST_NAME / _LAST_NAME, "available in vCard 3.0"). So a German phone that
// saved Maria Papadopoulou finds her by «Μαρία» too, and a Greek one that saved Μαρία finds her
// by "Maria". Android has no other phonetic property for 3.0; its SOUND;X-IRMC-N is vCard 2.1's.
import {
  LINK_KIND_INFO,
  SOCIAL_FIELDS,
  SOCIAL_FIELD_INFO,
  linkName,
  socialFieldUrl,
  type VCardLinkType,
} from './card-links';
import { cardInLanguage, otherLanguageName } from './card-language';
import { COUNTRY_NAME } from './country-name';
import { transliterate } from './elot743';
import { safeHttpUrl } from './links';
import { normalisePhone } from './phone';
import { fullName, type Profile } from './profile';
import { DEFAULT_LANGUAGE, type CardLanguage } from './routes';

/** One link of the card: its address, what it is called, and how a vCard carries it. */
export interface VCardLink {
  url: string;
  /** The label of a plain URL (X-ABLabel); unused for a social profile. */
  name: string;
  as: VCardLinkType;
}

export interface VCardFields {
  firstName: string;
  lastName: string;
  /** The name in the other script, as address books search for it (X-PHONETIC-*). */
  phoneticFirstName?: string;
  phoneticLastName?: string;
  jobTitle?: string;
  companyName?: string;
  /** The work number (`TEL;TYPE=WORK,VOICE`). */
  phone?: string;
  /** The mobile number (`TEL;TYPE=CELL,VOICE`). */
  mobile?: string;
  email?: string;
  url?: string;
  /** In the card's order, after `url`. */
  links?: VCardLink[];
  /** JPEG, with or without a 'data:image/jpeg;base64,' prefix. */
  thumbnailBase64?: string;
  /** The company's logo (a member card's), base64, folded like the photo. */
  logo?: VCardLogo;
  /** The work address (`ADR;TYPE=WORK`), written only with a street or a city. */
  address?: VCardAddress;
  /** The card's language: the name of a card without one. Greek unless given. */
  lang?: CardLanguage;
}

/** ADR's parts that a card has (RFC 2426 §3.2.1): no post office box, region or postal code. */
export interface VCardAddress {
  /** The extended address: the card's address details (a floor, an office). */
  extended?: string;
  street?: string;
  locality?: string;
  country: string;
}

export interface VCardLogo {
  base64: string;
  type: 'PNG' | 'JPEG';
}

const CRLF = '\r\n';
/** RFC 2425 §5.8.1: a physical line is at most 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;
/** A card without any name is saved under 'Contact' in its language. */
const FALLBACK_FULL_NAME: Readonly<Record<CardLanguage, string>> = { el: 'Επαφή', en: 'Contact' };
const FALLBACK_FILE_NAME = 'contact.vcf';

// Lone surrogates cannot be encoded as UTF-8 (encodeURIComponent throws on them, TextEncoder
// silently substitutes), so they are replaced up front to keep byte counts and output in step.
function toWellFormed(value: string): string {
  return value.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

// RFC 2426 text values may hold no control characters other than the tab; NEL (U+0085) and the
// others are dropped rather than escaped because some readers would break the line on them.
function dropControls(value: string, keepTab: boolean): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (!isControl(code) || (keepTab && char === '\t')) out += char;
  }
  return out;
}

/** RFC 2426 §4 text value: `\` `,` `;` and every kind of line break escaped. */
function escapeText(value: string): string {
  const escaped = toWellFormed(value)
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
  return dropControls(escaped, true);
}

// TEL and URL are not text values, so readers do not unescape them; they cannot legitimately
// contain line breaks or controls either (WHATWG URL parsing strips them), so those are removed.
function singleLine(value: string): string {
  return dropControls(toWellFormed(value), false);
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds one content line: the first physical line holds 75 octets, each continuation holds 74
 * after its leading space, and a break only ever falls between whole characters.
 */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const DATA_URL_PREFIX = /^data:[^,]*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

// Anything that is not plain base64 after cleaning is left out: a broken PHOTO makes some
// address books reject the whole card, and the card is still useful without it.
function photoContent(thumbnail: string): string | null {
  const content = thumbnail.trim().replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  return BASE64.test(content) ? content : null;
}

function clean(value: string | undefined): string {
  return (value ?? '').trim();
}

/** A TEL or URL value: trimmed, on one line, without controls. */
function cleanSingleLine(value: string | undefined): string {
  return singleLine(clean(value)).trim();
}

// The TYPE values come from LINK_KIND_INFO, not from the owner; a value that is not a plain word
// could still end the parameter (`:`) or start another (`;`), so it is left out, not escaped.
const PARAM_WORD = /^[A-Za-z0-9-]+$/;

function typeParam(type: string): string {
  return PARAM_WORD.test(type) ? `;TYPE=${type}` : '';
}

/** The content lines of the links: one property per link (with its label for a plain URL). */
function linkLines(links: readonly VCardLink[]): string[] {
  const lines: string[] = [];
  let group = 0;
  for (const link of links) {
    const url = cleanSingleLine(link.url);
    if (!url) continue;
    const social = 'socialProfile' in link.as ? link.as.socialProfile : undefined;
    if (social !== undefined) lines.push(`X-SOCIALPROFILE${typeParam(social)}:${url}`);
    group += 1;
    lines.push(
      `item${group}.URL${typeParam(social ?? ('url' in link.as ? link.as.url : ''))}:${url}`,
    );
    const name = escapeText(clean(link.name));
    if (name) lines.push(`item${group}.X-ABLabel:${name}`);
  }
  return lines;
}

/** ADR's value: each part a text value of its own, separated by `;` (escaped inside a part). */
function addressLine(address: VCardAddress | undefined): string | null {
  if (!address) return null;
  const street = clean(address.street);
  const locality = clean(address.locality);
  if (!street && !locality) return null;
  const parts = ['', clean(address.extended), street, locality, '', '', clean(address.country)];
  return `ADR;TYPE=WORK:${parts.map(escapeText).join(';')}`;
}

export function buildVCard(fields: VCardFields): string {
  const firstName = clean(fields.firstName);
  const lastName = clean(fields.lastName);
  const phoneticFirstName = clean(fields.phoneticFirstName);
  const phoneticLastName = clean(fields.phoneticLastName);
  const jobTitle = clean(fields.jobTitle);
  const companyName = clean(fields.companyName);
  const phone = cleanSingleLine(fields.phone);
  const mobile = cleanSingleLine(fields.mobile);
  const email = clean(fields.email);
  const url = cleanSingleLine(fields.url);
  const photo = fields.thumbnailBase64 ? photoContent(fields.thumbnailBase64) : null;
  const logo = fields.logo ? photoContent(fields.logo.base64) : null;
  const address = addressLine(fields.address);

  // FN is mandatory in 3.0 and is what address books list, so it falls back to the company.
  const fullName =
    [firstName, lastName].filter(Boolean).join(' ') ||
    companyName ||
    FALLBACK_FULL_NAME[fields.lang ?? DEFAULT_LANGUAGE];

  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escapeText(lastName)};${escapeText(firstName)};;;`,
    `FN:${escapeText(fullName)}`,
  ];
  if (phoneticFirstName) lines.push(`X-PHONETIC-FIRST-NAME:${escapeText(phoneticFirstName)}`);
  if (phoneticLastName) lines.push(`X-PHONETIC-LAST-NAME:${escapeText(phoneticLastName)}`);
  if (companyName) lines.push(`ORG:${escapeText(companyName)}`);
  if (jobTitle) lines.push(`TITLE:${escapeText(jobTitle)}`);
  if (phone) lines.push(`TEL;TYPE=WORK,VOICE:${phone}`);
  if (mobile) lines.push(`TEL;TYPE=CELL,VOICE:${mobile}`);
  if (email) lines.push(`EMAIL;TYPE=INTERNET,WORK:${escapeText(email)}`);
  if (address) lines.push(address);
  if (url) lines.push(`URL:${url}`);
  lines.push(...linkLines(fields.links ?? []));
  if (photo) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${photo}`);
  if (logo && fields.logo) lines.push(`LOGO;ENCODING=b${typeParam(fields.logo.type)}:${logo}`);
  lines.push('END:VCARD');

  return lines.map((line) => foldLine(line) + CRLF).join('');
}

// `/` and `\` would make a path, quotes and controls break the header or the save dialog, the
// rest are refused by Windows, and bidi controls could disguise the extension ('…\u202Efdp.vcf').
const UNSAFE_FILE_NAME_CHARS = /[/\\"'<>:*?|\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** '{firstName}.vcf', safe as a file name; Greek stays Greek. */
export function vcardFileName(firstName: string): string {
  const stem = dropControls(toWellFormed(firstName), false)
    .normalize('NFC')
    .replace(UNSAFE_FILE_NAME_CHARS, '')
    .replace(/\s+/g, ' ')
    // Leading dots hide the file on Unix; trailing dots and spaces are dropped by Windows.
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return stem ? `${stem}.vcf` : FALLBACK_FILE_NAME;
}

// RFC 5987 attr-char excludes ' ( ) * which encodeURIComponent leaves alone.
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded> (RFC 6266 / 5987),
 * so browsers that know filename* save the Greek name and the rest still get a usable one.
 */
export function vcardContentDisposition(fileName: string): string {
  const wellFormed = toWellFormed(fileName);
  // '%' is left out of the fallback because some browsers percent-decode filename (RFC 6266 §4.3).
  const ascii = wellFormed
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/["\\%]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ \./g, '.')
    .trim();
  const stem = ascii.replace(/\.vcf$/i, '');
  const fallback = /[A-Za-z0-9]/.test(stem) ? ascii : FALLBACK_FILE_NAME;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(wellFormed)}`;
}

/** The links a profile's card shows, in its order: its Facebook and Instagram, then `links`. */
function profileLinks(p: Profile): VCardLink[] {
  const links: VCardLink[] = [];
  for (const field of SOCIAL_FIELDS) {
    // Only the brand's own page is a social profile (normaliseProfile makes others plain links).
    const url = socialFieldUrl(field, p[field]);
    const { name, vcard } = SOCIAL_FIELD_INFO[field];
    if (url) links.push({ url, name, as: vcard });
  }
  for (const link of p.links ?? []) {
    links.push({ url: link.url, name: linkName(link), as: LINK_KIND_INFO[link.kind].vcard });
  }
  return links;
}

/**
 * The card a profile saves as in `lang`: what the vCard routes serve, in the words of that
 * language's card, with the name in the other script as its phonetic name and its company's logo
 * if any.
 */
export function profileVCard(
  profile: Profile,
  logo?: VCardLogo,
  lang: CardLanguage = DEFAULT_LANGUAGE,
): string {
  const p = cardInLanguage(profile, lang);
  const phonetic = otherLanguageName(profile, lang);
  return buildVCard({
    firstName: p.firstName,
    lastName: p.lastName,
    phoneticFirstName: phonetic?.firstName,
    phoneticLastName: phonetic?.lastName,
    jobTitle: p.jobTitle,
    companyName: p.companyName,
    phone: normalisePhone(p.phoneNumber),
    mobile: normalisePhone(p.mobileNumber),
    email: p.email,
    url: safeHttpUrl(p.websiteLink),
    links: profileLinks(p),
    thumbnailBase64: p.thumbnailBase64,
    logo,
    address: {
      extended: p.addressDetails,
      street: p.address,
      locality: p.city,
      country: COUNTRY_NAME[lang],
    },
    lang,
  });
}

/**
 * The file name a profile's card is saved under in `lang`, by the page's link and the route alike:
 * the first name, else the full name (the last name alone, or the username). Greek stays Greek on
 * the Greek card; any other language's is in Latin letters, even where the owner typed Greek
 * into an English field.
 */
export function profileVCardFileName(profile: Profile, lang: CardLanguage = DEFAULT_LANGUAGE) {
  const p = cardInLanguage(profile, lang);
  const name = p.firstName || fullName(p);
  return vcardFileName(lang === DEFAULT_LANGUAGE ? name : transliterate(name));
}

/**
 * Several cards in one .vcf (RFC 2426 §2: a file may hold a sequence of vCards), as address books
 * import them: e.g. every contact an owner received.
 */
export function buildVCards(cards: VCardFields[]): string {
  return cards.map(buildVCard).join('');
}
