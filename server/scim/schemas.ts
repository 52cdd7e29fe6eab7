// The User schemas karta serves (RFC 7643 §4.1 and §4.3, and karta's own extension): what the
// /Schemas endpoint describes, and what normaliseUser keeps of a directory's body. One source:
// an attribute not described here is ignored, as RFC 7643 allows of an unknown one.
import 'server-only';
import { SCIM_SCHEMAS } from '../../lib/scim';
import { ScimError } from './errors';

type AttributeType = 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';

export interface Attribute {
  name: string;
  type: AttributeType;
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: Attribute[];
}

const attr = (name: string, description: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

const multi = (name: string, description: string, subAttributes: Attribute[]): Attribute =>
  attr(name, description, { type: 'complex', multiValued: true, subAttributes });

const typed = (what: string) => [
  attr('value', `The ${what}.`),
  attr('display', 'A human-readable name.'),
  attr('type', 'work, home, mobile, other…'),
  attr('primary', 'The primary value.', { type: 'boolean' }),
];

export const USER_ATTRIBUTES: Attribute[] = [
  attr('userName', 'Unique per company, case-insensitive: the sign-in address.', {
    required: true,
    uniqueness: 'server',
  }),
  attr('name', 'The name on the card.', {
    type: 'complex',
    subAttributes: [
      attr('formatted', 'The full name.'),
      attr('familyName', 'The card’s last name.'),
      attr('givenName', 'The card’s first name.'),
      attr('middleName', 'Middle name.'),
      attr('honorificPrefix', 'Honorific prefix.'),
      attr('honorificSuffix', 'Honorific suffix.'),
    ],
  }),
  attr('displayName', 'The name shown in lists.'),
  attr('nickName', 'Casual name.'),
  attr('title', 'The card’s job title.'),
  attr('userType', 'Kind of user.'),
  attr('preferredLanguage', 'Preferred language.'),
  attr('locale', 'Locale.'),
  attr('timezone', 'Time zone.'),
  attr('active', 'false switches the card off; true brings it back.', { type: 'boolean' }),
  multi(
    'emails',
    'The work address becomes the card’s e-mail and receives the invitation.',
    typed('address'),
  ),
  multi('phoneNumbers', 'work: the card’s phone; mobile: its mobile.', typed('number')),
  multi('addresses', 'work: the card’s address and city.', [
    attr('formatted', 'The full address.'),
    attr('streetAddress', 'Street and number.'),
    attr('locality', 'City.'),
    attr('region', 'Region.'),
    attr('postalCode', 'Postal code.'),
    attr('country', 'Country.'),
    attr('type', 'work, home, other.'),
    attr('primary', 'The primary address.', { type: 'boolean' }),
  ]),
];

export const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  attr('employeeNumber', 'Employee number.'),
  attr('costCenter', 'Cost center.'),
  attr('organization', 'Organization.'),
  attr('division', 'Division.'),
  attr('department', 'Shown on the card after the job title.'),
  attr('manager', 'The manager.', {
    type: 'complex',
    subAttributes: [
      attr('value', 'The manager’s id.'),
      attr('$ref', 'The manager’s URI.', { type: 'reference' }),
      attr('displayName', 'The manager’s name.', { mutability: 'readOnly' }),
    ],
  }),
];

export const KARTA_ATTRIBUTES: Attribute[] = [
  attr('cardUrl', 'The card’s public address.', {
    type: 'reference',
    mutability: 'readOnly',
    caseExact: true,
  }),
];

/** The common attributes a client may set (RFC 7643 §3.1); id and meta are the server's. */
const EXTERNAL_ID = attr('externalId', 'The directory’s own id.', { caseExact: true });

const lower = (text: string) => text.toLowerCase();

function findAttribute(list: Attribute[], key: string): Attribute | undefined {
  return list.find((a) => lower(a.name) === lower(key));
}

function invalid(path: string): ScimError {
  return new ScimError(400, `The value of ${path} is not valid.`, 'invalidValue');
}

/** One value of `attribute` as karta keeps it, or undefined to drop it (null: not given). */
function normaliseValue(attribute: Attribute, value: unknown, path: string): unknown {
  if (value === null || value === undefined) return undefined;
  switch (attribute.type) {
    case 'boolean':
      if (typeof value === 'boolean') return value;
      // Entra ID sends "True" and "False".
      if (typeof value === 'string' && /^(true|false)$/i.test(value)) {
        return lower(value) === 'true';
      }
      throw invalid(path);
    case 'complex': {
      if (typeof value !== 'object' || Array.isArray(value)) throw invalid(path);
      const out = normaliseObject(attribute.subAttributes ?? [], value as object, path);
      return Object.keys(out).length > 0 ? out : undefined;
    }
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number') return String(value);
      throw invalid(path);
  }
}

function normaliseAttribute(attribute: Attribute, value: unknown, path: string): unknown {
  if (!attribute.multiValued) return normaliseValue(attribute, value, path);
  if (value === null || value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  const kept = list
    .map((item) => normaliseValue(attribute, item, path))
    .filter((item) => item !== undefined);
  return kept.length > 0 ? kept : undefined;
}

/** `raw`'s keys matched to `attributes` in any case; the unknown and the read-only dropped. */
function normaliseObject(
  attributes: Attribute[],
  raw: object,
  prefix: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const attribute = findAttribute(attributes, key);
    if (!attribute || attribute.mutability === 'readOnly') continue;
    const path = prefix ? `${prefix}.${attribute.name}` : attribute.name;
    const kept = normaliseAttribute(attribute, value, path);
    if (kept !== undefined) out[attribute.name] = kept;
  }
  return out;
}

/** A User as a directory may write it: the fields karta keeps, without id, meta or schemas. */
export type StoredUser = Record<string, unknown> & { userName: string };

/**
 * The body of a create or replace, as karta stores it: core attributes, externalId and the
 * enterprise extension, each named as the schema names it whatever case the client used; booleans
 * from "True"/"False"; unknown attributes dropped. 400 `invalidValue` for a value of the wrong
 * type, or without a userName.
 */
export function normaliseUser(raw: unknown): StoredUser {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ScimError(400, 'The body is not a User.', 'invalidSyntax');
  }
  const out = normaliseObject([...USER_ATTRIBUTES, EXTERNAL_ID], raw, '');
  for (const [key, value] of Object.entries(raw)) {
    if (lower(key) !== lower(SCIM_SCHEMAS.enterprise) || value === null) continue;
    if (typeof value !== 'object' || Array.isArray(value)) throw invalid(SCIM_SCHEMAS.enterprise);
    const enterprise = normaliseObject(ENTERPRISE_ATTRIBUTES, value, SCIM_SCHEMAS.enterprise);
    if (Object.keys(enterprise).length > 0) out[SCIM_SCHEMAS.enterprise] = enterprise;
  }
  if (typeof out.userName !== 'string' || out.userName.trim() === '') {
    throw new ScimError(400, 'userName is required.', 'invalidValue');
  }
  return out as StoredUser;
}

/** Every attribute name a path may use, in the schema's own case (PATCH paths, filters). */
export const CANONICAL_NAMES: ReadonlyMap<string, string> = new Map(
  [
    ...USER_ATTRIBUTES,
    ...ENTERPRISE_ATTRIBUTES,
    ...KARTA_ATTRIBUTES,
    EXTERNAL_ID,
    attr('id', ''),
    attr('meta', '', {
      subAttributes: ['resourceType', 'created', 'lastModified', 'location', 'version'].map(
        (name) => attr(name, ''),
      ),
    }),
  ]
    .flatMap((a) => [a, ...(a.subAttributes ?? [])])
    .map((a) => [lower(a.name), a.name] as const),
);

/** The User schemas as /Schemas describes them (the Group schema is /Groups' to add). */
export const USER_SCHEMAS: {
  id: string;
  name: string;
  description: string;
  attributes: Attribute[];
}[] = [
  {
    id: SCIM_SCHEMAS.user,
    name: 'User',
    description: 'A member card’s person.',
    attributes: USER_ATTRIBUTES,
  },
  {
    id: SCIM_SCHEMAS.enterprise,
    name: 'EnterpriseUser',
    description: 'Enterprise User',
    attributes: ENTERPRISE_ATTRIBUTES,
  },
  {
    id: SCIM_SCHEMAS.karta,
    name: 'KartaUser',
    description: 'The user’s karta card.',
    attributes: KARTA_ATTRIBUTES,
  },
];
