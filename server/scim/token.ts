// A company's SCIM bearer token, as its admins make and revoke it in the console (shown once;
// stored as a hash: token-store.ts).
import 'server-only';
import type { Transaction } from 'firebase-admin/firestore';
import type { Owner } from '../owner/auth';
import { chargeOwnerWrite } from '../owner/write-limit';
import { assertAdmin, assertVerified, readCompany } from '../company/auth';
import { newScimToken, storeScimToken } from './token-store';

// The tests of /Groups (part D) make their tokens with it from here.
export { storeScimToken };

/** An admin of company `id`, counted as one of their writes. */
function adminCheck(owner: Owner, id: string, now: number) {
  assertVerified(owner);
  return async (tx: Transaction) => {
    assertAdmin(await readCompany(tx, id), owner);
    await chargeOwnerWrite(tx, owner.uid, now);
  };
}

/** POST …/scim-token: a new token, which replaces any earlier one; admins only. */
export async function issueScimToken(owner: Owner, id: string, now = Date.now()): Promise<string> {
  const token = newScimToken();
  await storeScimToken(id, owner.uid, token, adminCheck(owner, id, now));
  return token;
}

/** DELETE …/scim-token: the directory's requests are refused (401) from now on. */
export async function revokeScimToken(owner: Owner, id: string, now = Date.now()): Promise<void> {
  await storeScimToken(id, owner.uid, null, adminCheck(owner, id, now));
}
