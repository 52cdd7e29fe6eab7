// What an invitation's link tells its holder beyond the invitation itself, so that joining takes a
// few taps: whether the invited address has an account already (sign in, else sign up), and a
// username made of the invited names that no card holds yet.
import 'server-only';
import { cardPath } from '../../lib/collections';
import type { InviteInfo } from '../../lib/company-answers';
import { claimProblem, usernameFrom } from '../../lib/username';
import { adminAuth, adminDb } from '../firebase/admin-app';

/** Whether Firebase Auth has an account of `email`. */
export async function accountExists(email: string): Promise<boolean> {
  try {
    await adminAuth().getUserByEmail(email);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return false;
    throw error;
  }
}

/** Tried after the plain name: sofia.alexiou, sofia.alexiou2 … sofia.alexiou5. */
const NUMBERED = [2, 3, 4, 5];

/**
 * A claimable username for the invited person that no card holds now: their names (or, with
 * none, the address's first part) in Latin letters, then numbered. A card may still take it
 * before they accept: the accept's transaction refuses a taken name as before.
 */
export async function freeUsername(info: InviteInfo): Promise<string | undefined> {
  const names = [info.firstName, info.lastName].filter(Boolean).join(' ');
  const base = usernameFrom(names) || usernameFrom(info.email.split('@')[0]);
  if (!base) return undefined;
  const candidates = [base, ...NUMBERED.map((n) => `${base.slice(0, 29)}${n}`)].filter(
    (name) => claimProblem(name) === null,
  );
  if (candidates.length === 0) return undefined;
  const db = adminDb();
  const cards = await db.getAll(...candidates.map((name) => db.doc(cardPath(name))));
  return candidates.find((_, i) => !cards[i].exists);
}
