// A company's members: an admin makes another admin (or a member again), removes a member, and a
// member leaves. Removal and leaving switch the card off in the same transaction: it keeps its
// company (its username and leads stay the company's) and loses its owner, whose owners/{uid} goes
// so that they may claim a new card. A company always keeps an admin.
import 'server-only';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  ADMINS_FIELD,
  COMPANY_FIELD,
  MEMBER_UIDS_FIELD,
  OFF_FIELD,
  OWNED_CARD_FIELD,
  OWNER_FIELD,
  cardPath,
  companyPath,
  memberPath,
  ownerPath,
} from '../../lib/collections';
import { MEMBER_ROLES, type MemberRole } from '../../lib/company';
import { cardChanged } from '../card-stamp';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { OwnerError, badField } from '../owner/respond';
import { chargeOwnerWrite } from '../owner/write-limit';
import { adminsOf, assertAdmin, assertVerified, readCompany } from './auth';
import { publishCards } from './publish';

function assertActive(member: DocumentSnapshot): void {
  if (!member.exists || member.get('status') !== 'active') {
    throw new OwnerError(404, { error: 'no-member' });
  }
}

/** Would leave `company` with no admin once `uid` is not one. */
function lastAdmin(company: DocumentSnapshot, uid: string): boolean {
  const admins = adminsOf(company);
  return admins.includes(uid) && admins.every((admin) => admin === uid);
}

/** `{ role: 'admin' | 'member' }` for the active member `uid`. */
export async function setRole(
  owner: Owner,
  id: string,
  uid: string,
  body: unknown,
  now = Date.now(),
): Promise<void> {
  assertVerified(owner);
  const role = (body as { role?: unknown } | null)?.role;
  if (!MEMBER_ROLES.includes(role as MemberRole)) {
    throw badField('role', 'Ο ρόλος είναι διαχειριστής (admin) ή μέλος (member)');
  }
  const db = adminDb();
  const memberRef = db.doc(memberPath(id, uid));
  await db.runTransaction(async (tx) => {
    const company = await readCompany(tx, id);
    assertAdmin(company, owner);
    const member = await tx.get(memberRef);
    assertActive(member);
    if (role === 'member' && lastAdmin(company, uid)) {
      throw new OwnerError(409, { error: 'last-admin' });
    }
    await chargeOwnerWrite(tx, owner.uid, now);
    tx.update(memberRef, { role });
    tx.update(db.doc(companyPath(id)), {
      [ADMINS_FIELD]: role === 'admin' ? FieldValue.arrayUnion(uid) : FieldValue.arrayRemove(uid),
    });
  });
}

/**
 * Removes the active member `uid` (an admin's act), or lets them leave (their own uid): their card
 * is switched off and they are no longer of the company. 409 `last-admin` when no admin would be
 * left.
 */
export async function removeMember(
  owner: Owner,
  id: string,
  uid: string,
  now = Date.now(),
): Promise<void> {
  assertVerified(owner);
  const db = adminDb();
  const memberRef = db.doc(memberPath(id, uid));
  const index = db.doc(ownerPath(uid));
  const username = await db.runTransaction(async (tx) => {
    const company = await readCompany(tx, id);
    if (uid !== owner.uid) assertAdmin(company, owner);
    const [member, owned] = await tx.getAll(memberRef, index);
    assertActive(member);
    if (lastAdmin(company, uid)) throw new OwnerError(409, { error: 'last-admin' });
    const username: unknown = member.get('username');
    const cardRef = typeof username === 'string' ? db.doc(cardPath(username)) : null;
    const card = cardRef ? await tx.get(cardRef) : null;
    await chargeOwnerWrite(tx, owner.uid, now);
    if (cardRef && card?.exists && card.get(COMPANY_FIELD) === id) {
      tx.update(cardRef, {
        [OFF_FIELD]: FieldValue.serverTimestamp(),
        [OWNER_FIELD]: FieldValue.delete(),
        ...cardChanged(),
      });
    }
    if (owned.exists && owned.get(OWNED_CARD_FIELD) === username) tx.delete(index);
    tx.update(memberRef, {
      status: 'removed',
      removedAt: FieldValue.serverTimestamp(),
    });
    tx.update(db.doc(companyPath(id)), {
      [MEMBER_UIDS_FIELD]: FieldValue.arrayRemove(uid),
      [ADMINS_FIELD]: FieldValue.arrayRemove(uid),
    });
    return typeof username === 'string' ? username : null;
  });
  // The card now answers 410.
  if (username) await publishCards([username]);
}
