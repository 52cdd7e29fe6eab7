// The SCIM service in process (app/scim/v2/[[...path]]/route.ts), as helpers/company-api.ts calls
// the company API: each method's own handler, in Next's request scope, with a company's token.
import {
  DELETE as scimDelete,
  GET as scimGet,
  PATCH as scimPatch,
  POST as scimPost,
  PUT as scimPut,
} from '@/app/scim/v2/[[...path]]/route';
import { send, type Sent } from './company-api';

const HANDLERS = {
  GET: scimGet,
  POST: scimPost,
  PUT: scimPut,
  PATCH: scimPatch,
  DELETE: scimDelete,
} as const;

export type ScimMethod = keyof typeof HANDLERS;

/**
 * `method` to `{site}/scim/v2/{path}` with the bearer `token` ('' for none): `json` sent as JSON,
 * or `body` as it is (application/scim+json), with `headers` (If-Match…).
 */
export function scimRequest(
  token: string,
  method: ScimMethod,
  path: string,
  { json, body, headers }: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const segments = path.split('?')[0].split('/').filter(Boolean);
  return send(
    HANDLERS[method] as never,
    `/scim/v2/${path}`,
    { path: segments as never },
    {
      token: token || undefined,
      method,
      headers,
      ...(json !== undefined ? { json } : {}),
      ...(body !== undefined ? { body, type: 'application/scim+json' } : {}),
    },
  );
}
