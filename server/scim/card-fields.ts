// A directory user's attributes as the fields of their card (the mapping in lib/scim.ts
// SCIM_MAPPING), each judged by the card's own rules (lib/profile.ts cardValueProblem): a value
// the card could not hold is a 400 `invalidValue` naming the SCIM attribute, never cut short.
import 'server-only';
import { EMAIL_PATTERN } from '../../lib/email-pattern';
import { cardValueProblem, type TextField } from '../../lib/profile';
import { SCIM_SCHEMAS } from '../../lib/scim';
import { usernameFrom } from '../../lib/username';
import { ScimError } from './errors';
import type { StoredUser } from './schemas';

/** The card fields a directory writes: the rest (photo, links, English words) stay the owner's. */
export const DIRECTORY_FIELDS = [
  'firstName',
  'lastName',
  'jobTitle',
  'email',
  'phoneNumber',
  'mobileNumber',
  'address',
  'city',
] as const satisfies readonly TextField[];

export type DirectoryField = (typeof DIRECTORY_FIELDS)[number];
export type DirectoryCardFields = Partial<Record<DirectoryField, string>>;

type Typed = { value?: unknown; type?: unknown; primary?: unknown } & Record<string, unknown>;

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function list(user: StoredUser, attribute: string): Typed[] {
  const value = user[attribute];
  return Array.isArray(value) ? (value as Typed[]) : [];
}

/** The value of `type` (case-insensitive), else the primary one, else the first (`fallback`). */
function ofType(values: Typed[], type: string, fallback: boolean): Typed | undefined {
  const typed = values.find((v) => typeof v.type === 'string' && v.type.toLowerCase() === type);
  if (typed || !fallback) return typed;
  return values.find((v) => v.primary === true) ?? values[0];
}

export const isAddress = (value: string | undefined): value is string =>
  value !== undefined && EMAIL_PATTERN.test(value);

/**
 * The sign-in address: the work e-mail when it is an address, else the userName when it is one.
 * A value that is not an address (a directory's placeholder) is kept on the user as sent, and
 * gives the card no e-mail and its person no invitation.
 */
export function signInAddress(user: StoredUser): string | undefined {
  const work = text(ofType(list(user, 'emails'), 'work', true)?.value);
  if (isAddress(work)) return work.toLowerCase();
  const userName = text(user.userName);
  return isAddress(userName) ? userName.toLowerCase() : undefined;
}

/** Separators directories put in numbers (`(210) 123-4567`), which a card writes as spaces. */
const phone = (value: string | undefined) =>
  value
    ?.replace(/[()\-./]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim() || undefined;

function names(user: StoredUser): { given?: string; family?: string } {
  const name = (user.name ?? {}) as Record<string, unknown>;
  const given = text(name.givenName);
  const family = text(name.familyName);
  if (given || family) return { given, family };
  return { given: text(user.displayName) ?? text(name.formatted) };
}

const enterprise = (user: StoredUser) =>
  (user[SCIM_SCHEMAS.enterprise] ?? {}) as Record<string, unknown>;

/**
 * The card fields of `user` for the card `username`, each with the SCIM attribute it came from,
 * or a 400 naming the attribute whose value the card cannot hold.
 */
export function directoryCardFields(user: StoredUser, username: string): DirectoryCardFields {
  const { given, family } = names(user);
  const title = text(user.title);
  const department = text(enterprise(user).department);
  const phones = list(user, 'phoneNumbers');
  const work = ofType(list(user, 'addresses'), 'work', true);
  const street =
    text(work?.streetAddress) ?? text(work?.formatted)?.replace(/\s*[\r\n]+\s*/g, ', ');
  const sources: [DirectoryField, string | undefined, string][] = [
    ['firstName', given, 'name.givenName'],
    ['lastName', family, 'name.familyName'],
    ['jobTitle', title, 'title'],
    ['email', signInAddress(user), 'emails'],
    ['phoneNumber', phone(text(ofType(phones, 'work', false)?.value)), 'phoneNumbers'],
    ['mobileNumber', phone(text(ofType(phones, 'mobile', false)?.value)), 'phoneNumbers'],
    ['address', street, 'addresses.streetAddress'],
    ['city', text(work?.locality), 'addresses.locality'],
  ];
  const fields: DirectoryCardFields = {};
  for (const [field, value, attribute] of sources) {
    if (value === undefined) continue;
    judge(field, value, username, attribute);
    fields[field] = value;
  }
  // The department shows after the job title: the card has one line for both.
  if (department) {
    judge('jobTitle', department, username, `${SCIM_SCHEMAS.enterprise}:department`);
    const jobTitle = fields.jobTitle ? `${fields.jobTitle} · ${department}` : department;
    judge(
      'jobTitle',
      jobTitle,
      username,
      title ? 'title' : `${SCIM_SCHEMAS.enterprise}:department`,
    );
    fields.jobTitle = jobTitle;
  }
  return fields;
}

function judge(field: DirectoryField, value: string, username: string, attribute: string): void {
  const problem = cardValueProblem(field, value, username);
  if (problem) throw new ScimError(400, `${attribute}: ${problem}`, 'invalidValue');
}

/**
 * The username a new card is offered first: the person's names in Latin letters by ELOT 743,
 * words joined by '-' (panagiotis-oikonomou), else the userName's, else `member`.
 */
export function usernameBase(user: StoredUser): string {
  const { given, family } = names(user);
  const base =
    usernameFrom([given, family].filter(Boolean).join(' ')) ||
    usernameFrom(String(user.userName).split('@')[0]) ||
    'member';
  return base.replace(/\./g, '-');
}
