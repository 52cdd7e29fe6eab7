// The karta account a company sign-in opens: the Firebase user of the address the company's
// provider verified, made if there is none, and a custom token the browser signs in with
// (signInWithCustomToken).
//
// An existing account of that address is the same person's and is signed in: the company's admin
// proved the domain is theirs (server/sso/config.ts) and the provider verified the address, so the
// holder of this sign-in holds the mailbox, which is all a password account's own verification
// proved. One exception is disarmed: an account whose address was never verified may have been
// opened by someone else with a password of their choosing before the real owner arrived; its
// password is replaced by a random one and its sessions ended before it is marked verified.
import 'server-only';
import { randomBytes } from 'node:crypto';
import type { UserRecord } from 'firebase-admin/auth';
import { adminAuth } from '../firebase/admin-app';

export class DisabledAccount extends Error {
  override name = 'DisabledAccount';
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

async function userOf(email: string): Promise<UserRecord> {
  const auth = adminAuth();
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if (codeOf(error) !== 'auth/user-not-found') throw error;
  }
  try {
    return await auth.createUser({ email, emailVerified: true });
  } catch (error) {
    // The same person's other tab made it meanwhile.
    if (codeOf(error) !== 'auth/email-already-exists') throw error;
    return auth.getUserByEmail(email);
  }
}

/** A custom token for the account of `email` (verified by the company's provider). */
export async function customTokenFor(email: string): Promise<string> {
  const auth = adminAuth();
  const user = await userOf(email);
  if (user.disabled) throw new DisabledAccount();
  if (!user.emailVerified) {
    await auth.updateUser(user.uid, {
      emailVerified: true,
      ...(user.providerData.some((p) => p.providerId === 'password')
        ? { password: randomBytes(32).toString('base64url') }
        : {}),
    });
    await auth.revokeRefreshTokens(user.uid);
  }
  return auth.createCustomToken(user.uid);
}
