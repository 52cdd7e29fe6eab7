// The single gate between a raw users/{username} document and the page. Documents are edited by
// hand in the console, so every field may be missing, mistyped or hostile.
import { parseHttpUrl } from './links';

export const PROFILE_FIELDS = [
  'username',
  'firstName',
  'lastName',
  'jobTitle',
  'companyName',
  'city',
  'email',
  'phoneNumber',
  'address',
  'addressDetails',
  'websiteLink',
  'displayImage',
  'thumbnailBase64',
  'facebookLink',
  'instagramLink',
  'facebookIcon',
  'instagramIcon',
  'viberIcon',
  'whatsappIcon',
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
  address?: string;
  addressDetails?: string;
  websiteLink?: string;
  displayImage?: string;
  thumbnailBase64?: string;
  facebookLink?: string;
  instagramLink?: string;
  facebookIcon?: string;
  instagramIcon?: string;
  viberIcon?: string;
  whatsappIcon?: string;
}

/** What the page may see: the thumbnail is only for link previews and the vCard. */
export type PublicProfile = Omit<Profile, 'thumbnailBase64'>;

type OptionalField = Exclude<ProfileField, 'username' | 'firstName' | 'lastName'>;

const IMAGE_FIELDS: ReadonlySet<OptionalField> = new Set<OptionalField>([
  'displayImage',
  'facebookIcon',
  'instagramIcon',
  'viberIcon',
  'whatsappIcon',
]);

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

function readOwn(raw: object, key: string): unknown {
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

  profile.firstName = toText(readOwn(raw, 'firstName')) ?? '';
  profile.lastName = toText(readOwn(raw, 'lastName')) ?? '';

  for (const field of OPTIONAL_FIELDS) {
    const value = readOwn(raw, field);
    let text: string | undefined;
    if (field === 'thumbnailBase64') {
      // A number can never be image data, so only strings count here.
      text = typeof value === 'string' ? toText(value) : undefined;
    } else {
      text = toText(value);
      if (text !== undefined && IMAGE_FIELDS.has(field)) text = toImageSrc(text);
    }
    if (text !== undefined) profile[field] = text;
  }
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
