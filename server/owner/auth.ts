// Who is asking: the Firebase ID token the console sends (Authorization: Bearer), verified by
// firebase-admin against the project (its signature, audience, issuer and expiry; on the Auth
// emulator, which signs nothing, all but the signature).
import 'server-only';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { OWNER_FIELD } from '../../lib/collections';
import { env } from '../../lib/env';
import { adminAuth } from '../firebase/admin-app';
import { OwnerError } from './respond';

export interface Owner {
  uid: string;
  /** The token's email_verified: the address was proved to be the account's. */
  emailVerified: boolean;
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

/** The signed-in owner, or a 401 (no token, a malformed, forged or expired one). */
export async function verifyOwner(request: Request): Promise<Owner> {
  assertAuthIsReal();
  const token = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new OwnerError(401, { error: 'unauthenticated' });
  try {
    const decoded = await adminAuth().verifyIdToken(token);
    return { uid: decoded.uid, emailVerified: decoded.email_verified === true };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // Anything else (Google's keys unreachable) is the server's failure, not the token's.
    if (typeof code !== 'string' || !code.startsWith('auth/') || code === 'auth/internal-error') {
      throw error;
    }
    throw new OwnerError(401, {
      error: code === 'auth/id-token-expired' ? 'expired' : 'invalid-token',
    });
  }
}

/** The card, as read, must be this owner's: 404 when there is none, 403 when another's. */
export function assertOwns(card: DocumentSnapshot, owner: Owner): void {
  if (!card.exists) throw new OwnerError(404, { error: 'no-card' });
  if (card.get(OWNER_FIELD) !== owner.uid) throw new OwnerError(403, { error: 'not-owner' });
}
