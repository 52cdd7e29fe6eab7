// GET /Users (RFC 7644 §3.4.2): `filter` parsed by `scim2-parse-filter`, `startIndex`/`count`,
// `attributes`/`excludedAttributes`. `userName eq "…"` and `externalId eq "…"`, which Entra ID
// and Okta send before every create, are one indexed Firestore query; any other filter is
// tested in memory over the company's users.
import 'server-only';
import { parse, filter as compile, type Filter } from 'scim2-parse-filter';
import { directoryUsersPath } from '../../lib/collections';
import { SCIM_SCHEMAS } from '../../lib/scim';
import { adminDb } from '../firebase/admin-app';
import { ScimError, scimList } from './errors';
import { directoryUserOf, userNameKey, userResource, type DirectoryUserDoc } from './users-store';

/** The most resources one page holds (ServiceProviderConfig's filter.maxResults). */
export const MAX_PAGE = 200;

/** Attributes compared exactly (RFC 7643 caseExact); every other string ignores case. */
const CASE_EXACT = new Set(['id', 'externalid', 'meta.version']);

/** The multi-valued attributes whose items are `{ value, type, … }`. */
const SIMPLE_MULTI = new Set(['emails', 'phonenumbers']);

/** A filter whose compared strings are in lower case, but for the case-exact attributes'. */
function lowerFilter(f: Filter): Filter {
  switch (f.op) {
    case 'and':
    case 'or':
      return { ...f, filters: f.filters.map(lowerFilter) };
    case 'not':
      return { ...f, filter: lowerFilter(f.filter) };
    case '[]':
      return { ...f, valFilter: lowerFilter(f.valFilter) };
    case 'pr':
      return f;
    default: {
      // A multi-valued attribute named alone means its values (RFC 7644 §3.4.2.2): emails co "x".
      const attrPath = SIMPLE_MULTI.has(f.attrPath.toLowerCase())
        ? `${f.attrPath}.value`
        : f.attrPath;
      const named = { ...f, attrPath } as typeof f;
      return typeof named.compValue === 'string' && !CASE_EXACT.has(f.attrPath.toLowerCase())
        ? { ...named, compValue: named.compValue.toLowerCase() }
        : named;
    }
  }
}

/** The resource as filters see it: strings in lower case, the case-exact ones as they are. */
function lowerResource(value: unknown, path: string): unknown {
  if (typeof value === 'string') return CASE_EXACT.has(path) ? value : value.toLowerCase();
  if (Array.isArray(value)) return value.map((item) => lowerResource(item, path));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const name = key.toLowerCase();
      return [key, lowerResource(inner, path && !name.includes(':') ? `${path}.${name}` : name)];
    }),
  );
}

function parsed(text: string): Filter {
  try {
    return parse(text);
  } catch {
    throw new ScimError(400, 'The filter is not valid.', 'invalidFilter');
  }
}

/** `userName eq "x"` or `externalId eq "x"`: the one indexed lookup. */
function indexedLookup(f: Filter): { field: 'userNameKey' | 'externalId'; value: string } | null {
  if (f.op !== 'eq' || typeof f.compValue !== 'string') return null;
  const path = f.attrPath.toLowerCase();
  if (path === 'username') return { field: 'userNameKey', value: userNameKey(f.compValue) };
  if (path === 'externalid') return { field: 'externalId', value: f.compValue };
  return null;
}

type Resource = Record<string, unknown>;

const EXTENSIONS = [SCIM_SCHEMAS.enterprise, SCIM_SCHEMAS.karta].map((urn) => urn.toLowerCase());

/** `name.givenName` → ['name', 'givenname']; an extension's `urn:…:User:department` likewise. */
function splitPath(path: string): [string, string | undefined] {
  const lower = path.trim().toLowerCase();
  for (const urn of EXTENSIONS) {
    if (lower === urn) return [urn, undefined];
    if (lower.startsWith(`${urn}:`)) return [urn, lower.slice(urn.length + 1)];
  }
  const [top, sub] = lower.split('.');
  return [top, sub];
}

/** `value` with only (`keep`) or without (drop) its sub-attributes `subs`, arrays item by item. */
function subset(value: unknown, subs: Set<string>, keep: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => subset(item, subs, keep));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => subs.has(key.toLowerCase()) === keep),
  );
}

/** `attributes` or else `excludedAttributes` applied (RFC 7644 §3.4.2.5); id, schemas, meta stay. */
function project(resource: Resource, attributes: string[], excluded: string[]): Resource {
  const only = attributes.length > 0;
  const paths = (only ? attributes : excluded).map(splitPath);
  const out: Resource = {};
  for (const [key, value] of Object.entries(resource)) {
    const name = key.toLowerCase();
    const named = paths.filter(([top]) => top === name);
    const whole = named.some(([, sub]) => sub === undefined);
    const subs = new Set(named.flatMap(([, sub]) => (sub === undefined ? [] : [sub])));
    if (ALWAYS.has(name)) out[key] = value;
    else if (only && whole) out[key] = value;
    else if (only && subs.size > 0) out[key] = subset(value, subs, true);
    else if (!only && !whole) out[key] = subs.size > 0 ? subset(value, subs, false) : value;
  }
  return out;
}

const ALWAYS = new Set(['schemas', 'id', 'meta']);

/** The request's page: 1-based `startIndex` (below 1 is 1), `count` (0 to MAX_PAGE). */
function page(params: URLSearchParams) {
  const whole = (name: string, fallback: number) => {
    const value = Number.parseInt(params.get(name) ?? '', 10);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    start: Math.max(1, whole('startIndex', 1)),
    count: Math.min(MAX_PAGE, Math.max(0, whole('count', MAX_PAGE))),
  };
}

/** A list of attribute paths from a query parameter. */
const listParam = (params: URLSearchParams, name: string) =>
  (params.get(name) ?? '').split(',').filter((a) => a.trim() !== '');

/** The projection a request asks for (GET /Users/{id} takes it too). */
export function projection(url: URL): (resource: Resource) => Resource {
  const attributes = listParam(url.searchParams, 'attributes');
  const excluded = listParam(url.searchParams, 'excludedAttributes');
  if (attributes.length === 0 && excluded.length === 0) return (resource) => resource;
  return (resource) => project(resource, attributes, excluded);
}

/** GET /Users with the request's filter, page and projection. */
export async function listUsers(companyId: string, url: URL): Promise<Response> {
  const db = adminDb();
  const users = db.collection(directoryUsersPath(companyId));
  const filterText = url.searchParams.get('filter');
  const f = filterText ? parsed(filterText) : null;
  const indexed = f ? indexedLookup(f) : null;
  const snapshot = indexed
    ? await users.where(indexed.field, '==', indexed.value).get()
    : await users.orderBy('created').get();
  let found = snapshot.docs
    .map((doc) => ({ id: doc.id, doc: directoryUserOf(doc) }))
    .filter((entry): entry is { id: string; doc: DirectoryUserDoc } => entry.doc !== null)
    .map(({ id, doc }) => userResource(id, doc));
  if (f && !indexed) {
    const test = compile(lowerFilter(f));
    found = found.filter((resource) => test(lowerResource(resource, '')));
  }
  const { start, count } = page(url.searchParams);
  const shape = projection(url);
  return scimList(found.slice(start - 1, start - 1 + count).map(shape), found.length, start);
}
