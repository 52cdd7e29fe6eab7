// PATCH (RFC 7644 §3.5.2) as Entra ID and Okta send it, applied by `scim-patch`: the op's name in
// any case ("Replace"), attribute names in any case in paths and values (the library matches
// them exactly, so they are given the schema's own case first), and "True"/"False" for booleans
// (normaliseUser reads those once the patch is applied).
import 'server-only';
import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { SCIM_SCHEMAS } from '../../lib/scim';
import { ScimError } from './errors';
import { CANONICAL_NAMES } from './schemas';

const EXTENSIONS = [SCIM_SCHEMAS.enterprise, SCIM_SCHEMAS.karta];
const OPS = new Set(['add', 'replace', 'remove']);

/** A name in the schema's case; a name the schema lacks as given (the library then ignores it). */
const canonical = (name: string) => CANONICAL_NAMES.get(name.toLowerCase()) ?? name;

/** An extension's URN in its own case, if `text` starts with one (any case). */
function extensionPrefix(text: string): string | undefined {
  return EXTENSIONS.find((urn) => text.toLowerCase().startsWith(urn.toLowerCase()));
}

/** `Emails[Type eq "work"].Value` → `emails[type eq "work"].value`; quoted values kept. */
export function canonicalPath(path: string): string {
  const urn = extensionPrefix(path);
  const rest = urn ? path.slice(urn.length) : path;
  const names = rest
    .split(/("(?:[^"\\]|\\.)*")/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z$][\w$]*/g, canonical)))
    .join('');
  return (urn ?? '') + names;
}

/** An op's value with every key in the schema's case (`Name.GivenName`, an extension's URN). */
function canonicalValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key.includes(':') ? canonicalPath(key) : key.split('.').map(canonical).join('.'),
      canonicalValue(inner),
    ]),
  );
}

function operations(body: unknown): ScimPatchOperation[] {
  const raw = (body as { Operations?: unknown; operations?: unknown } | null) ?? {};
  const ops = raw.Operations ?? raw.operations;
  if (!Array.isArray(ops) || ops.length === 0) {
    throw new ScimError(400, 'Operations is required.', 'invalidSyntax');
  }
  return ops.map((op: unknown) => {
    const {
      op: name,
      path,
      value,
    } = (op ?? {}) as { op?: unknown; path?: unknown; value?: unknown };
    const kind = typeof name === 'string' ? name.toLowerCase() : '';
    if (!OPS.has(kind)) throw new ScimError(400, `Unknown op: ${String(name)}.`, 'invalidSyntax');
    if (path !== undefined && typeof path !== 'string') {
      throw new ScimError(400, 'path must be a string.', 'invalidPath');
    }
    if (kind === 'remove' && !path) {
      throw new ScimError(400, 'remove needs a path.', 'noTarget');
    }
    return {
      op: kind,
      ...(path ? { path: canonicalPath(path) } : {}),
      ...(value === undefined ? {} : { value: canonicalValue(value) }),
    } as ScimPatchOperation;
  });
}

/** `resource` with the body's operations applied (a new object), or a 400 naming what failed. */
export function applyPatch<T extends ScimResource>(resource: T, body: unknown): T {
  const ops = operations(body);
  try {
    return scimPatch(resource, ops, { mutateDocument: false, treatMissingAsAdd: true });
  } catch (error) {
    const code = (error as { scimCode?: unknown }).scimCode;
    throw new ScimError(
      400,
      error instanceof Error ? error.message : 'The patch could not be applied.',
      typeof code === 'string' && code !== '' ? code : 'invalidValue',
    );
  }
}
