// The Google Wallet API's OAuth 2.0 access token, as Google's server-to-server flow gets it
// (developers.google.com/identity/protocols/oauth2/service-account, "HTTP/REST"): a JWT signed
// RS256 with the service account's key, naming the account (iss), the Wallet issuer's scope and the
// token endpoint (aud), exchanged at that endpoint in a JWT bearer grant. A token lasts an hour; it
// is kept until shortly before it ends, so most PATCHes ask for none. jose signs, as the save link's
// JWT is signed (server/wallet/google-save.ts): google-auth-library is only firebase-admin's
// dependency here, and its token endpoint cannot be pointed at a test's stand-in.
import { SignJWT } from 'jose';
import { DELIVERY_TIMEOUT_MS } from '../../lib/deliveries';
import type { GoogleWalletConfig } from '../../lib/wallet-env';
import { readServiceAccount } from '../../server/wallet/google-account';

export const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** How long the assertion is valid: Google takes at most an hour. */
const ASSERTION_S = 3600;
/** A token is renewed this long before Google says it ends, so none expires during a request. */
const RENEW_BEFORE_MS = 5 * 60_000;
/** The start of a refusal kept in the delivery log. */
const LOGGED_ANSWER_CHARS = 200;

/** A token, or why none came (the token endpoint's status; null when it did not answer). */
export type TokenResult = { token: string } | { status: number | null; error: string };

export interface GoogleTokens {
  get(config: GoogleWalletConfig): Promise<TokenResult>;
  /** Forgets `token` (the API refused it), so that the next attempt asks for another. */
  drop(token: string): void;
}

export function googleTokens(now: () => number = Date.now): GoogleTokens {
  const kept = new Map<string, { token: string; until: number }>();
  const asking = new Map<string, Promise<TokenResult & { until?: number }>>();

  async function request(config: GoogleWalletConfig): Promise<TokenResult & { until?: number }> {
    const account = await readServiceAccount(config);
    const issuedAt = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: WALLET_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.clientEmail)
      .setAudience(config.tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_S)
      .sign(account.key);
    let answer: Response;
    try {
      answer = await fetch(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
    } catch (error) {
      return { status: null, error: `token endpoint: ${(error as Error).message}` };
    }
    const text = await answer.text().catch(() => '');
    if (!answer.ok) {
      return {
        status: answer.status,
        error: `token endpoint answered ${answer.status}: ${text.slice(0, LOGGED_ANSWER_CHARS)}`,
      };
    }
    const body = parse(text);
    const token = body?.access_token;
    const expiresIn = body?.expires_in;
    if (typeof token !== 'string' || !token || typeof expiresIn !== 'number') {
      return { status: answer.status, error: 'token endpoint answered no access_token' };
    }
    return { token, until: now() + expiresIn * 1000 - RENEW_BEFORE_MS };
  }

  return {
    async get(config) {
      const key = `${config.tokenUrl}\n${config.serviceAccountFile}`;
      const held = kept.get(key);
      if (held && now() < held.until) return { token: held.token };
      // Deliveries sent together share one request.
      let asked = asking.get(key);
      if (!asked) {
        asked = request(config).finally(() => asking.delete(key));
        asking.set(key, asked);
      }
      const result = await asked;
      if (!('token' in result)) return result;
      if (result.until !== undefined) kept.set(key, { token: result.token, until: result.until });
      return { token: result.token };
    },
    drop(token) {
      for (const [key, held] of kept) if (held.token === token) kept.delete(key);
    },
  };
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
