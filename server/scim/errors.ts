// How the SCIM service answers (RFC 7644): application/scim+json, never cached; an error is the
// §3.12 body (schemas, status as a string, scimType, detail).
import 'server-only';
import { SCIM_SCHEMAS } from '../../lib/scim';
import { readCappedBytes } from '../request-body';

/** ServiceProviderConfig's bulk.maxPayloadSize and the cap of every body: a user is far below it. */
export const SCIM_MAX_BODY_BYTES = 256 * 1024;

export const SCIM_CONTENT_TYPE = 'application/scim+json';

/** A SCIM answer: `body` as JSON (none for a 204). */
export function scimJson(status: number, body?: object, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: {
      ...(body === undefined ? {} : { 'content-type': SCIM_CONTENT_TYPE }),
      'cache-control': 'no-store',
      ...headers,
    },
  });
}

/** An error as RFC 7644 §3.12 words it. `scimType` for the 400s and 409s it names. */
export function scimError(
  status: number,
  detail: string,
  scimType?: string,
  headers: Record<string, string> = {},
): Response {
  return scimJson(
    status,
    {
      schemas: [SCIM_SCHEMAS.error],
      status: String(status),
      ...(scimType ? { scimType } : {}),
      detail,
    },
    headers,
  );
}

/** A refusal thrown anywhere below the router, answered by scimError. */
export class ScimError extends Error {
  override name = 'ScimError';
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${status}${scimType ? ` ${scimType}` : ''}: ${detail}`);
  }

  toResponse(): Response {
    return scimError(this.status, this.detail, this.scimType, this.headers);
  }
}

/** RFC 7644 §3.4.2: a page of `resources` out of `totalResults`, starting at `startIndex` (1-based). */
export function scimList(resources: object[], totalResults: number, startIndex: number): Response {
  return scimJson(200, {
    schemas: [SCIM_SCHEMAS.list],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  });
}

/** The JSON body of a SCIM write, or a 400 `invalidSyntax`. */
export async function readScimJson(request: Request): Promise<unknown> {
  const bytes = await readCappedBytes(request, SCIM_MAX_BODY_BYTES);
  if (!bytes) throw new ScimError(413, 'The request body is too large.');
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ScimError(400, 'The request body is not valid JSON.', 'invalidSyntax');
  }
}
