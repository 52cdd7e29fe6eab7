// Which company, if any, signs in the addresses of a domain (signInDomains/{domain}), and the
// check every owner write passes through (server/owner/auth.ts): when that company requires its
// own sign-in, a session opened with karta's password (or Google) for such an address is refused.
import 'server-only';
import { signInDomainPath } from '../../lib/collections';
import { COMPANY_SIGN_IN_REQUIRED, emailDomain } from '../../lib/company-sign-in';
import { adminDb } from '../firebase/admin-app';
import { OwnerError } from '../owner/respond';

export interface DomainSignIn {
  companyId: string;
  required: boolean;
}

/**
 * How long an origin trusts what it read of a domain on the write path: a change reaches the
 * origin that saved it at once (forgetDomain) and every other origin within this.
 */
const KEPT_MS = 30_000;
/** Past this many domains the cache starts again: it stays small whatever addresses write. */
const KEPT_MAX = 10_000;
const kept = new Map<string, { value: DomainSignIn | undefined; until: number }>();

/** The domain's company sign-in, read now. */
export async function readDomainSignIn(domain: string): Promise<DomainSignIn | undefined> {
  const doc = await adminDb().doc(signInDomainPath(domain)).get();
  const companyId: unknown = doc.get('companyId');
  if (!doc.exists || typeof companyId !== 'string') return undefined;
  return { companyId, required: doc.get('required') === true };
}

async function keptDomainSignIn(domain: string, now: number): Promise<DomainSignIn | undefined> {
  const hit = kept.get(domain);
  if (hit && hit.until > now) return hit.value;
  const value = await readDomainSignIn(domain);
  if (kept.size >= KEPT_MAX) kept.clear();
  kept.set(domain, { value, until: now + KEPT_MS });
  return value;
}

/** Drops what this origin kept of `domain` (its company's setting was just saved here). */
export function forgetDomain(domain: string): void {
  kept.delete(domain);
}

/** The company's own sign-in mints Firebase custom tokens (server/sso/firebase-account.ts). */
const COMPANY_PROVIDER = 'custom';

/**
 * 403 `company-sign-in` when `email`'s company requires its own sign-in and this session was
 * opened another way (`provider`: the ID token's firebase.sign_in_provider).
 */
export async function assertCompanySignIn(
  email: string | undefined,
  provider: string | undefined,
  now = Date.now(),
): Promise<void> {
  if (provider === COMPANY_PROVIDER || !email) return;
  const domain = emailDomain(email);
  if (!domain) return;
  if ((await keptDomainSignIn(domain, now))?.required) {
    throw new OwnerError(403, { error: 'company-sign-in', message: COMPANY_SIGN_IN_REQUIRED });
  }
}
