// Who a SCIM request is for: its bearer token's company (server/scim/token.ts), and only as many
// requests a minute as a directory needs. Missing, unknown or revoked: 401 with
// `WWW-Authenticate: Bearer` (RFC 6750), a SCIM error body.
import 'server-only';
import { scimTokenPath } from '../../lib/collections';
import { adminDb } from '../firebase/admin-app';
import { RATE_WINDOW_MS, RateLimiter } from '../stats/rate-limit';
import { scimError } from './errors';
import { TOKEN_PATTERN, scimTokenHash } from './token-store';

export interface ScimContext {
  companyId: string;
}

/**
 * Requests a token may make a minute on one origin. Entra ID provisions a few a second; the bench's
 * 1,000 users at 4 at a time stay far below. Counted in memory (server/stats/rate-limit.ts), so
 * N origins allow N times as many: a limit against a runaway client, not a quota.
 */
export const SCIM_REQUESTS_PER_MINUTE = 6000;

const limiter = new RateLimiter({ limit: SCIM_REQUESTS_PER_MINUTE });

const BEARER = /^Bearer\s+(\S+)$/i;

const unauthorized = (detail: string) =>
  scimError(401, detail, undefined, { 'www-authenticate': 'Bearer realm="karta-scim"' });

/** The request's company, or the answer refusing it (401, or 429 with Retry-After). */
export async function authenticateScim(
  request: Request,
  rate: RateLimiter = limiter,
): Promise<ScimContext | Response> {
  const token = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return unauthorized('A bearer token is required.');
  if (!TOKEN_PATTERN.test(token)) return unauthorized('The token is not valid.');
  const tokenHash = scimTokenHash(token);
  const stored = await adminDb().doc(scimTokenPath(tokenHash)).get();
  const companyId: unknown = stored.get('companyId');
  if (typeof companyId !== 'string') return unauthorized('The token is not valid or was revoked.');
  // Keyed by the token's hash: the limiter never holds a token.
  if (!rate.allow(tokenHash, 'scim')) {
    return scimError(429, 'Too many requests; try again later.', undefined, {
      'retry-after': String(RATE_WINDOW_MS / 1000),
    });
  }
  return { companyId };
}
