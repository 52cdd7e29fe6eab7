// Who is asking: the Firebase ID token the console sends (Authorization: Bearer), verified by
// firebase-admin against the project (its signature, audience, issuer and expiry; on the Auth
// emulator, which signs nothing, all but the signature), and against the account as it is now:
// a token of a disabled account, or one issued before its sessions were revoked (a password
// changed or reset, revokeRefreshTokens), is refused although it has not expired.
import 'server-only';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { OWNER_FIELD } from '../../lib/collections';
import { env } from '../../lib/env';
import { adminAuth } from '../firebase/admin-app';
import { assertCompanySignIn } from '../sso/require';
import { OwnerError } from './respond';

export interface Owner {
  uid: string;
  /** The token's email_verified: the address was proved to be the account's. */
  emailVerified: boolean;
  /** The token's address, lower case: an invitation is accepted only by its own address. */
  email?: string;
}

const BEARER = /^Bearer ([A-Za-z0-9._-]+)$/;

/**
 * firebase-admin accepts the Auth emulator's unsigned tokens whenever FIREBASE_AUTH_EMULATOR_HOST is
 * set: with a real Firestore behind it, anyone could write as any owner. Only the local stack,
 * whose Firestore is the emulator too, may use it.
 */
function assertAuthIsReal(): void {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST && !env.firestoreEmulatorHost) {
    throw new Error(
      "FIREBASE_AUTH_EMULATOR_HOST is set while Firestore is real: owners' tokens cannot be trusted.",
    );
  }
}

/** Refusals of a well-formed token by what became of its account: sign in again. */
const REVOKED_CODES = new Set(['auth/id-token-revoked', 'auth/user-disabled']);

function refusalOf(code: string): string {
  if (code === 'auth/id-token-expired') return 'expired';
  return REVOKED_CODES.has(code) ? 'revoked' : 'invalid-token';
}

/**
 * The signed-in owner, or a 401: no token, a malformed, forged or expired one, or one revoked
 * (`revoked`). The revocation check costs a read of the account per write, which owner writes,
 * rare and already limited per account, can afford; without it a revoked token keeps writing
 * until it expires, up to an hour.
 */
export async function verifyOwner(request: Request): Promise<Owner> {
  assertAuthIsReal();
  const token = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new OwnerError(401, { error: 'unauthenticated' });
  let owner: Owner;
  let provider: string | undefined;
  try {
    const decoded = await adminAuth().verifyIdToken(token, true);
    owner = {
      uid: decoded.uid,
      emailVerified: decoded.email_verified === true,
      ...(typeof decoded.email === 'string' ? { email: decoded.email.toLowerCase() } : {}),
    };
    provider = decoded.firebase?.sign_in_provider;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // Anything else (Google's keys or the account unreachable) is the server's failure, not the
    // token's.
    if (typeof code !== 'string' || !code.startsWith('auth/') || code === 'auth/internal-error') {
      throw error;
    }
    throw new OwnerError(401, { error: refusalOf(code) });
  }
  // A company that requires its own sign-in refuses its addresses' password sessions (403).
  await assertCompanySignIn(owner.email, provider);
  return owner;
}

/** The card, as read, must be this owner's: 404 when there is none, 403 when another's. */
export function assertOwns(card: DocumentSnapshot, owner: Owner): void {
  if (!card.exists) throw new OwnerError(404, { error: 'no-card' });
  if (card.get(OWNER_FIELD) !== owner.uid) throw new OwnerError(403, { error: 'not-owner' });
}
