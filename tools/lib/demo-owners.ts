// An owner account on the Auth emulator for each demo card, and the card made theirs, so the
// console (/account) can be tried with the demo data: `npm run demo` prints the accounts, the e2e
// tests sign in with them.
import type { Firestore } from 'firebase-admin/firestore';
import { OWNED_CARD_FIELD, OWNER_FIELD, cardPath, ownerPath } from '../../lib/collections';
import { authEmulatorFetch, authToolkit } from './auth-emulator';

export interface DemoOwner {
  username: string;
  email: string;
  password: string;
  uid: string;
}

/** The demo's sign-in for a card: readable, and the same on every run. */
export function demoOwnerAccount(
  username: string,
  index: number,
): { email: string; password: string } {
  // A Greek or otherwise non-ASCII username would make an address the Auth emulator refuses.
  const local = /^[a-z0-9._-]+$/i.test(username) ? username : `owner${index + 1}`;
  return { email: `${local}@karta.test`, password: `karta-${local}` };
}

interface AccountAnswer {
  localId?: string;
  error?: { message?: string };
}

/** The emulator's REST API, as the web SDK uses it; any API key is accepted there. */
async function identityToolkit(
  authHostPort: string,
  method: 'signUp' | 'signInWithPassword',
  email: string,
  password: string,
): Promise<AccountAnswer> {
  const res = await authToolkit(authHostPort, method, { email, password, returnSecureToken: true });
  return (await res.json()) as AccountAnswer;
}

/**
 * Marks the account's address verified, as opening the verification e-mail's link would: the
 * emulator takes `Bearer owner` as an administrator's credentials.
 */
async function markVerified(authHostPort: string, uid: string): Promise<void> {
  const res = await authEmulatorFetch(
    authHostPort,
    '/identitytoolkit.googleapis.com/v1/accounts:update',
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  const answer = (await res.json()) as { emailVerified?: boolean; error?: { message?: string } };
  if (answer.emailVerified !== true) {
    throw new Error(`Auth emulator: cannot verify ${uid}: ${answer.error?.message}`);
  }
}

/**
 * The account's uid, creating it if it is new (so a second run over one emulator works too), with
 * its address verified: a card is claimed, and its contacts are mailed, only for a verified one.
 */
export async function ensureAccount(
  authHostPort: string,
  email: string,
  password: string,
): Promise<string> {
  const created = await identityToolkit(authHostPort, 'signUp', email, password);
  let uid = created.localId;
  if (!uid) {
    if (created.error?.message !== 'EMAIL_EXISTS') {
      throw new Error(`Auth emulator: cannot create ${email}: ${created.error?.message}`);
    }
    const signedIn = await identityToolkit(authHostPort, 'signInWithPassword', email, password);
    if (!signedIn.localId) {
      throw new Error(`Auth emulator: cannot sign in ${email}: ${signedIn.error?.message}`);
    }
    uid = signedIn.localId;
  }
  await markVerified(authHostPort, uid);
  return uid;
}

/**
 * Creates (or finds) one account per username and makes each card that account's, with the
 * owners/{uid} index entry the console and firestore.rules rely on.
 */
export async function createDemoOwners(
  authHostPort: string,
  db: Firestore,
  usernames: string[],
): Promise<DemoOwner[]> {
  const owners: DemoOwner[] = [];
  for (const [index, username] of usernames.entries()) {
    const { email, password } = demoOwnerAccount(username, index);
    const uid = await ensureAccount(authHostPort, email, password);
    owners.push({ username, email, password, uid });
  }
  const batch = db.batch();
  for (const { username, uid } of owners) {
    batch.update(db.doc(cardPath(username)), { [OWNER_FIELD]: uid });
    batch.set(db.doc(ownerPath(uid)), { [OWNED_CARD_FIELD]: username });
  }
  await batch.commit();
  return owners;
}

/** The line `npm run demo` prints per owner: `owner: <email> <password> /<username>`. */
export function ownerLine(owner: DemoOwner): string {
  return `owner: ${owner.email} ${owner.password} /${encodeURIComponent(owner.username)}`;
}
