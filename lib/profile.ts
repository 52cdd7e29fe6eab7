// The single gate between a raw users/{username} document and the page. Documents are edited by
// hand in the console, so every field may be missing, mistyped or hostile.
import { PHOTO_MAX_PIXELS, photoPathAllowed } from './card-photo';
import {
  CONTROL_CHARACTER_MESSAGE,
  NO_CONTROL_CHARACTERS,
  TEXT_CONTROL_CHARACTER_MESSAGE,
  withoutControlCharacters,
} from './control-characters';
import { EMAIL_PATTERN_SOURCE } from './email-pattern';
import { PHONE_PATTERN_SOURCE } from './phone-pattern';
import { parseHttpUrl, safeHttpUrl } from './links';
import {
  MAX_LINKS,
  SOCIAL_FIELDS,
  isSocialField,
  linksProblem,
  normaliseLinks,
  plainLinkTo,
  socialFieldUrl,
  socialUrlProblem,
  type CardLink,
} from './card-links';

export const PROFILE_FIELDS = [
  'username',
  'firstName',
  'lastName',
  'jobTitle',
  'companyName',
  'city',
  'email',
  'phoneNumber',
  'mobileNumber',
  'address',
  'addressDetails',
  'websiteLink',
  'displayImage',
  'thumbnailBase64',
  'facebookLink',
  'instagramLink',
  'accentColor',
  // The owner's English words for the English card (/{username}/en), each optional: an empty one
  // shows its Greek twin transliterated (lib/card-language.ts).
  'firstNameEn',
  'lastNameEn',
  'jobTitleEn',
  'companyNameEn',
  'cityEn',
  'addressEn',
  'addressDetailsEn',
] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface Profile {
  /** The document id; always present. */
  username: string;
  /** Always a string; '' when the document has none. */
  firstName: string;
  /** Always a string; '' when the document has none. */
  lastName: string;
  jobTitle?: string;
  companyName?: string;
  city?: string;
  email?: string;
  phoneNumber?: string;
  /** For Viber and WhatsApp, and a row of its own, when given. */
  mobileNumber?: string;
  address?: string;
  addressDetails?: string;
  websiteLink?: string;
  displayImage?: string;
  thumbnailBase64?: string;
  /** A page on Facebook's hosts (lib/card-links.ts SOCIAL_FIELD_INFO), else absent. */
  facebookLink?: string;
  /** A page on Instagram's hosts, else absent. */
  instagramLink?: string;
  /** The card's colour, `#rrggbb` in lower case. */
  accentColor?: string;
  /** The English card's words, where the owner gave them (ENGLISH_FIELDS). */
  firstNameEn?: string;
  lastNameEn?: string;
  jobTitleEn?: string;
  companyNameEn?: string;
  cityEn?: string;
  addressEn?: string;
  addressDetailsEn?: string;
  /**
   * In the owner's order, after a `facebookLink` or `instagramLink` that is not the brand's page
   * (as a plain link: normaliseProfile); absent when there are none.
   */
  links?: CardLink[];
}

/** What the page may see: the thumbnail is only for link previews and the vCard. */
export type PublicProfile = Omit<Profile, 'thumbnailBase64'>;

type OptionalField = Exclude<ProfileField, 'username' | 'firstName' | 'lastName'>;

const IMAGE_FIELDS: ReadonlySet<OptionalField> = new Set<OptionalField>(['displayImage']);

const OPTIONAL_FIELDS = PROFILE_FIELDS.filter(
  (field): field is OptionalField =>
    field !== 'username' && field !== 'firstName' && field !== 'lastName',
);

function toText(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * A value the card may show as it is written (a name, a title, the e-mail, a number, a link it
 * cannot link), as one line that shows what it holds (lib/control-characters.ts): a document
 * written by hand or before the rule may hold a line feed or a right-to-left override, which must
 * reach neither the page, its <title> and meta tags, the JSON-LD nor the vCard. An image, the
 * photo and the colour are never shown as text, and their own rules judge them as stored.
 */
function toShownText(value: unknown): string | undefined {
  const text = toText(value);
  return text === undefined ? undefined : toText(withoutControlCharacters(text));
}

/** Site-relative path ('/img/a.png') or absolute http(s) URL; nothing that could run script. */
function toImageSrc(value: string): string | undefined {
  // A second '/' or '\' makes the path protocol-relative ('//evil.example'), i.e. another host.
  if (value.startsWith('/')) {
    if (value[1] === '/' || value[1] === '\\') return undefined;
    // Browsers drop tabs and newlines inside URLs, so '/\t/evil.example' is also another host;
    // resolving against a dummy origin catches that and any similar trick.
    try {
      const base = 'https://karta.invalid';
      return new URL(value, base).origin === base ? value : undefined;
    } catch {
      return undefined;
    }
  }
  // Only a URL written out with its scheme: 'site.gr/a.png' would be read as a relative path.
  if (!/^https?:\/\//i.test(value)) return undefined;
  return parseHttpUrl(value) ? value : undefined;
}

/** A stored object's own property, or undefined (a Proxy's or a throwing getter's too). */
export function readOwn(raw: object, key: string): unknown {
  // Own properties only, and guarded: a Proxy or a throwing getter must not break the page.
  try {
    return Object.prototype.hasOwnProperty.call(raw, key)
      ? (raw as Record<string, unknown>)[key]
      : undefined;
  } catch {
    return undefined;
  }
}

/** Builds a clean Profile from whatever the document holds. Never throws. */
export function normaliseProfile(username: string, raw: unknown): Profile {
  const profile: Profile = { username, firstName: '', lastName: '' };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return profile;

  profile.firstName = toShownText(readOwn(raw, 'firstName')) ?? '';
  profile.lastName = toShownText(readOwn(raw, 'lastName')) ?? '';

  for (const field of OPTIONAL_FIELDS) {
    const value = readOwn(raw, field);
    let text: string | undefined;
    if (field === 'thumbnailBase64') {
      // A number can never be image data, so only strings count here.
      text = typeof value === 'string' ? toText(value) : undefined;
    } else if (field === 'accentColor' || IMAGE_FIELDS.has(field)) {
      text = toText(value);
      if (text !== undefined && IMAGE_FIELDS.has(field)) text = toImageSrc(text);
      // A card made by hand could name another card's photo; it is never shown.
      if (text !== undefined && field === 'displayImage' && !photoPathAllowed(username, text)) {
        text = undefined;
      }
      if (text !== undefined && field === 'accentColor') {
        text = ACCENT_COLOR.test(text) ? text.toLowerCase() : undefined;
      }
    } else {
      text = toShownText(value);
    }
    if (text !== undefined) profile[field] = text;
  }
  // Facebook and Instagram show under their icons only when they are their pages; an address
  // elsewhere stays on the card as a plain link, before the owner's links (the vCard's order).
  const moved: CardLink[] = [];
  for (const field of SOCIAL_FIELDS) {
    const value = profile[field];
    if (value === undefined || socialFieldUrl(field, value) !== undefined) continue;
    delete profile[field];
    const url = safeHttpUrl(value);
    const link = url === undefined ? undefined : plainLinkTo(url);
    if (link) moved.push(link);
  }
  const links = [...moved, ...normaliseLinks(readOwn(raw, 'links'))];
  if (links.length > 0) profile.links = links;
  return profile;
}

/** Drops thumbnailBase64, and anything else that is not a known field, before data reaches the page. */
export function toPublicProfile(p: Profile): PublicProfile {
  const publicProfile: PublicProfile = {
    username: p.username,
    firstName: p.firstName,
    lastName: p.lastName,
  };
  for (const field of OPTIONAL_FIELDS) {
    if (field === 'thumbnailBase64') continue;
    const value = p[field];
    if (value !== undefined) publicProfile[field] = value;
  }
  if (p.links) publicProfile.links = p.links.map((link) => ({ ...link }));
  return publicProfile;
}

/** "first last", trimmed; the username when both names are empty. */
export function fullName(p: Pick<Profile, 'firstName' | 'lastName' | 'username'>): string {
  const name = [p.firstName, p.lastName]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? p.username : name;
}

// ---------------------------------------------------------------------------------------------
// The owner's edits
//
// The card's other stored fields (its owner, the claim's and the last write's times) are named in
// lib/collections.ts; none of them is public: normaliseProfile copies only PROFILE_FIELDS.

/** What an owner may change from the browser: every field the card shows, never username. */
export type EditableField = Exclude<ProfileField, 'username'> | 'links';
/** The fields whose value is one string (all but `links`). */
export type TextField = Exclude<EditableField, 'links'>;

export type CardFieldKind =
  'text' | 'name' | 'email' | 'phone' | 'link' | 'image' | 'photo' | 'color' | 'links';

export interface CardFieldRule {
  kind: CardFieldKind;
  /**
   * Longest stored value, in characters (code points, as Firestore's rules count them); for
   * `links`, the most items.
   */
  max: number;
}

// The console's form and karta's server (server/owner/) judge a card with these patterns alike.
// Plain ASCII classes only: the e-mail and phone patterns are also the visitor's contact's, which
// firestore.rules repeat, and RE2 (the rules) and JavaScript agree on those, not on \s or \w.

/** The visitor's contact form checks addresses with the same rule. Case-insensitive. */
export const CARD_EMAIL_PATTERN = EMAIL_PATTERN_SOURCE;
/** Digits and spaces, with '+' only as the international prefix, at least one digit. */
export const CARD_PHONE_PATTERN = PHONE_PATTERN_SOURCE;
// The http(s) URL both rules below accept.
const HTTP_URL = 'https?://[A-Za-z0-9.-]+(:[0-9]+)?([/?#][!-~]*)?';
/**
 * An absolute http(s) URL in ASCII (the console stores safeHttpUrl's href, which percent-encodes
 * and punycodes), with no credentials: the host part cannot hold '@'. Case-insensitive.
 */
export const CARD_LINK_PATTERN = `^${HTTP_URL}$`;
/** An http(s) image URL as above, or a site-relative path that cannot start '//' or '/\'. */
export const CARD_IMAGE_PATTERN = `^(${HTTP_URL}|/[A-Za-z0-9._~-][!-~]*)$`;
/** Plain base64 of a JPEG, without a data: prefix. */
export const CARD_PHOTO_PATTERN = '^[A-Za-z0-9+/]+={0,2}$';
/** `#rrggbb`; stored in lower case. */
export const CARD_COLOR_PATTERN = '^#[0-9a-f]{6}$';
const ACCENT_COLOR = new RegExp(CARD_COLOR_PATTERN, 'i');

/** The vCard photo: 24,000 base64 characters is a JPEG of about 18 KB, far above a 192 px one. */
export const THUMBNAIL_MAX_CHARS = 24_000;

// Each text has a bound of its own; every link and image URL has the same one, 500 characters.
// Every text is one line (the editor offers a one-line input for each) and shows in the page's
// title, meta tags, the vCard or the e-mails: no line feed, tab or bidirectional control in any
// (lib/control-characters.ts, the rule the visitor's name obeys too); a name says so as a name.
const text = (max: number): CardFieldRule => ({ kind: 'text', max });
const name = (max: number): CardFieldRule => ({ kind: 'name', max });
const link = (): CardFieldRule => ({ kind: 'link', max: 500 });
const image = (): CardFieldRule => ({ kind: 'image', max: 500 });

export const CARD_FIELD_RULES: Readonly<Record<EditableField, CardFieldRule>> = {
  firstName: name(50),
  lastName: name(50),
  jobTitle: text(100),
  companyName: text(100),
  city: text(100),
  email: { kind: 'email', max: 254 },
  phoneNumber: { kind: 'phone', max: 20 },
  mobileNumber: { kind: 'phone', max: 20 },
  address: text(200),
  addressDetails: text(200),
  websiteLink: link(),
  displayImage: image(),
  thumbnailBase64: { kind: 'photo', max: THUMBNAIL_MAX_CHARS },
  // Only a page on the brand's hosts, over https (lib/card-links.ts SOCIAL_FIELD_INFO).
  facebookLink: link(),
  instagramLink: link(),
  accentColor: { kind: 'color', max: 7 },
  links: { kind: 'links', max: MAX_LINKS },
  // Each English word under its Greek twin's rule.
  firstNameEn: name(50),
  lastNameEn: name(50),
  jobTitleEn: text(100),
  companyNameEn: text(100),
  cityEn: text(100),
  addressEn: text(200),
  addressDetailsEn: text(200),
};

/** Each Greek field the owner may give in English, and the field that holds its English. */
export const ENGLISH_FIELDS = {
  firstName: 'firstNameEn',
  lastName: 'lastNameEn',
  jobTitle: 'jobTitleEn',
  companyName: 'companyNameEn',
  city: 'cityEn',
  address: 'addressEn',
  addressDetails: 'addressDetailsEn',
} as const satisfies Partial<Record<ProfileField, ProfileField>>;

export type TranslatedField = keyof typeof ENGLISH_FIELDS;
export type EnglishField = (typeof ENGLISH_FIELDS)[TranslatedField];

export const EDITABLE_FIELDS = Object.keys(CARD_FIELD_RULES) as EditableField[];
/** Every editable field but `links`: each holds one string. */
export const TEXT_FIELDS = EDITABLE_FIELDS.filter((field): field is TextField => field !== 'links');

const KIND_PATTERNS: Record<Exclude<CardFieldKind, 'links'>, RegExp> = {
  text: NO_CONTROL_CHARACTERS,
  name: NO_CONTROL_CHARACTERS,
  email: new RegExp(CARD_EMAIL_PATTERN, 'i'),
  phone: new RegExp(CARD_PHONE_PATTERN),
  link: new RegExp(CARD_LINK_PATTERN, 'i'),
  image: new RegExp(CARD_IMAGE_PATTERN, 'i'),
  photo: new RegExp(CARD_PHOTO_PATTERN),
  color: new RegExp(CARD_COLOR_PATTERN),
};

export const CARD_MESSAGES = {
  notText: 'Μόνο κείμενο',
  empty: 'Το πεδίο δεν μπορεί να είναι κενό',
  text: TEXT_CONTROL_CHARACTER_MESSAGE,
  name: CONTROL_CHARACTER_MESSAGE,
  tooLong: (max: number) => `Έως ${max} χαρακτήρες`,
  email: 'Συμπληρώστε σωστό email',
  phone: 'Μόνο ψηφία, κενά και + στην αρχή',
  link: 'Μόνο διευθύνσεις που αρχίζουν με http:// ή https://',
  image: 'Διεύθυνση εικόνας με http:// ή https://, ή διαδρομή που αρχίζει με /',
  photo: 'Η φωτογραφία δεν είναι έγκυρη εικόνα JPEG',
  photoTooLarge: 'Η φωτογραφία είναι πολύ μεγάλη',
  otherPhoto: 'Η κάρτα μπορεί να δείχνει μόνο τη δική της φωτογραφία',
  color: 'Χρώμα της μορφής #rrggbb',
} as const;

/**
 * Why a value may not be stored in `field` of the card `username`, in Greek, or null when
 * the card may store it (the form's check and the server's). A field is emptied by removing it,
 * so '' is refused.
 */
export function cardValueProblem(
  field: EditableField,
  value: unknown,
  username: string,
): string | null {
  const rule = CARD_FIELD_RULES[field];
  if (rule.kind === 'links') return linksProblem(value)?.error ?? null;
  if (typeof value !== 'string') return CARD_MESSAGES.notText;
  if (value === '') return CARD_MESSAGES.empty;
  // Code points: .length would count an emoji twice.
  if ([...value].length > rule.max) {
    return rule.kind === 'photo' ? CARD_MESSAGES.photoTooLarge : CARD_MESSAGES.tooLong(rule.max);
  }
  if (!KIND_PATTERNS[rule.kind].test(value)) return CARD_MESSAGES[rule.kind];
  if (isSocialField(field)) return socialUrlProblem(field, value);
  if (field === 'displayImage' && !photoPathAllowed(username, value)) {
    return CARD_MESSAGES.otherPhoto;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The owner's writes as the server receives them (server/owner/): the same rules as the form's.

/** A change to one field: its new value, or null to remove it. */
export type CardChanges = Partial<Record<TextField, string | null>> & {
  links?: CardLink[] | null;
};

export const CARD_REQUEST_MESSAGES = {
  notObject: 'Τα στοιχεία της κάρτας λείπουν',
  unknownField: 'Η κάρτα δεν έχει τέτοιο πεδίο',
  noChanges: 'Δεν υπάρχουν αλλαγές για αποθήκευση',
  photoMissing: 'Η φωτογραφία που ορίζει η κάρτα δεν στάλθηκε',
  photoType: 'Η φωτογραφία πρέπει να είναι WebP ή JPEG',
  photoUnreadable:
    'Οι διαστάσεις της φωτογραφίας δεν διαβάζονται: δεν είναι έγκυρη εικόνα WebP ή JPEG',
  photoTooManyPixels: `Η φωτογραφία έχει πάνω από ${PHOTO_MAX_PIXELS / 1_000_000} εκατομμύρια pixel`,
} as const;

/** What is wrong with a request, naming the field (or part) it is about. */
export interface FieldProblem {
  field: string;
  error: string;
}

const isEditableField = (key: string): key is EditableField =>
  Object.prototype.hasOwnProperty.call(CARD_FIELD_RULES, key);

/**
 * The fields of a claim or the changes of an edit, judged by cardValueProblem: an object whose
 * every key is an editable field, and whose every value is one the card may store, or (in an edit,
 * with `removals`) null to remove the field. Returns them, or the first problem (`part` when
 * `raw` is no object).
 */
export function parseCardChanges(
  raw: unknown,
  username: string,
  { removals, part }: { removals: boolean; part: string },
): { ok: true; changes: CardChanges } | ({ ok: false } & FieldProblem) {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, field: part, error: CARD_REQUEST_MESSAGES.notObject };
  }
  const changes: CardChanges = {};
  for (const [field, value] of Object.entries(raw)) {
    if (!isEditableField(field)) {
      return { ok: false, field, error: CARD_REQUEST_MESSAGES.unknownField };
    }
    if (value === null && removals) {
      changes[field] = null;
      continue;
    }
    if (field === 'links') {
      const problem = linksProblem(value);
      if (problem) return { ok: false, field: linkProblemField(problem), error: problem.error };
      // An empty list is no links: an edit removes the field, a claim leaves it out.
      if ((value as CardLink[]).length > 0) changes.links = value as CardLink[];
      else if (removals) changes.links = null;
      continue;
    }
    const problem = cardValueProblem(field, value, username);
    if (problem) return { ok: false, field, error: problem };
    changes[field] = value as string;
  }
  return { ok: true, changes };
}

/** `links`, `links.3` or `links.3.url`: the field a problem with the links names. */
export function linkProblemField(problem: { index?: number; part?: string }): string {
  if (problem.index === undefined) return 'links';
  return problem.part ? `links.${problem.index}.${problem.part}` : `links.${problem.index}`;
}
