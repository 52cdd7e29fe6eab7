// A company's members: an admin makes another admin (or a member again), removes a member, and a
// member leaves. Removal and leaving switch the card off in the same transaction: it keeps its
// company (its username and leads stay the company's) and loses its owner, whose owners/{uid} goes
// so that they may claim a new card. An admin may forward the card to a colleague's instead, then
// change or end that (lib/company-removal.ts). A company always keeps an admin.
import 'server-only';
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
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
  membersPath,
  ownerPath,
  departurePath,
} from '../../lib/collections';
import { MEMBER_ROLES, type MemberRole } from '../../lib/company';
import { FORWARD_FIELD, FORWARD_TARGET_MESSAGE, REMOVED_BY_FIELD } from '../../lib/company-removal';
import { parseUsername } from '../../lib/username';
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
export function lastAdmin(company: DocumentSnapshot, uid: string): boolean {
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
 * The `forwardTo` of a removal or a change of forwarding: a username, or null (switch off). Taken
 * from the query (`?forwardTo=`) or the JSON body; anything else is a 400.
 */
export function forwardParam(query: string | null, body: unknown): string | null {
  const given: unknown = query ?? (body as { forwardTo?: unknown } | null)?.forwardTo ?? null;
  if (given === null || given === '') return null;
  const username = typeof given === 'string' ? parseUsername(given) : null;
  if (username === null) throw badField(FORWARD_FIELD, FORWARD_TARGET_MESSAGE);
  return username;
}

/**
 * Reads, in `tx`, the card `forwardTo` names: it must be a live card of company `id`, not `from`
 * itself, or the request is a 400.
 */
async function assertForwardTarget(
  tx: Transaction,
  id: string,
  from: string | null,
  forwardTo: string | null,
): Promise<void> {
  if (forwardTo === null) return;
  const target = await tx.get(adminDb().doc(cardPath(forwardTo)));
  if (
    forwardTo === from ||
    !target.exists ||
    target.get(COMPANY_FIELD) !== id ||
    target.get(OFF_FIELD) !== undefined
  ) {
    throw badField(FORWARD_FIELD, FORWARD_TARGET_MESSAGE);
  }
}

/** The forwarding as written on the card, the member's record and their departure note. */
const forwardValue = (forwardTo: string | null) => forwardTo ?? FieldValue.delete();

/** A removed member's switched-off card, as a change of its forwarding reads it. */
export interface ForwardedCard {
  card: DocumentSnapshot;
  member: DocumentSnapshot;
  departure: DocumentSnapshot;
}

/** Writes, in `tx`, where a removed member's card forwards: on the card, the record and the note. */
export function writeForwarding(
  tx: Transaction,
  forwarded: ForwardedCard,
  forwardTo: string | null,
) {
  const value = forwardValue(forwardTo);
  tx.update(forwarded.card.ref, { [FORWARD_FIELD]: value, ...cardChanged() });
  tx.update(forwarded.member.ref, { [FORWARD_FIELD]: value });
  // The note of this card's departure, not of a later membership's.
  if (forwarded.departure.get('username') === forwarded.card.id) {
    tx.update(forwarded.departure.ref, { [FORWARD_FIELD]: value });
  }
}

/**
 * Reads, in `tx`, the switched-off cards of company `id` that forward to `username`'s. When that
 * card is switched off or forwarded too, theirs follow it (lib/company-removal.ts), so that a
 * forward is always one hop to a live card, never a chain or a loop.
 */
export async function cardsForwardingTo(
  tx: Transaction,
  id: string,
  username: string,
): Promise<ForwardedCard[]> {
  const db = adminDb();
  const records = await tx.get(db.collection(membersPath(id)).where(FORWARD_FIELD, '==', username));
  const removed = records.docs.filter(
    (member) => member.get('status') === 'removed' && typeof member.get('username') === 'string',
  );
  if (removed.length === 0) return [];
  const read = await tx.getAll(
    ...removed.flatMap((member) => [
      db.doc(cardPath(member.get('username') as string)),
      db.doc(departurePath(member.id)),
    ]),
  );
  return removed
    .map((member, i) => ({ member, card: read[2 * i], departure: read[2 * i + 1] }))
    .filter(({ card }) => card.exists && card.get(COMPANY_FIELD) === id);
}

/**
 * A removal as read in `tx` before it writes: the card switched off (or forwarded), the membership
 * that ends, and the switched-off cards that forwarded to it. An admin's removal, a member's
 * leaving and a directory's deprovisioning (server/scim/switch.ts) all write it with writeRemoval.
 */
export interface Removal {
  companyId: string;
  companyName: string;
  /** The card's username; null when the member's record names none. */
  username: string | null;
  /** The company's card to switch off; null when there is none. */
  card: DocumentSnapshot | null;
  /** The active member's record; null when nobody holds the card (a directory's, unclaimed). */
  member: DocumentSnapshot | null;
  /** The member's owners/{uid}, deleted when it names the card. */
  owned: DocumentSnapshot | null;
  forwarders: ForwardedCard[];
  /** The uid that ended the membership (the member's own: they left), or the directory. */
  removedBy: string;
  forwardTo: string | null;
}

/** Writes `removal` in `tx`: after every read of the transaction. */
export function writeRemoval(tx: Transaction, removal: Removal): void {
  const { card, member, owned, username, forwardTo } = removal;
  const forward = forwardValue(forwardTo);
  for (const forwarded of removal.forwarders) writeForwarding(tx, forwarded, forwardTo);
  if (card?.exists) {
    tx.update(card.ref, {
      [OFF_FIELD]: FieldValue.serverTimestamp(),
      [OWNER_FIELD]: FieldValue.delete(),
      [FORWARD_FIELD]: forward,
      ...cardChanged(),
    });
  }
  if (owned?.exists && owned.get(OWNED_CARD_FIELD) === username) tx.delete(owned.ref);
  if (!member) return;
  const uid = member.id;
  tx.update(member.ref, {
    status: 'removed',
    removedAt: FieldValue.serverTimestamp(),
    [REMOVED_BY_FIELD]: removal.removedBy,
    [FORWARD_FIELD]: forward,
  });
  tx.update(adminDb().doc(companyPath(removal.companyId)), {
    [MEMBER_UIDS_FIELD]: FieldValue.arrayRemove(uid),
    [ADMINS_FIELD]: FieldValue.arrayRemove(uid),
  });
  tx.set(adminDb().doc(departurePath(uid)), {
    companyName: removal.companyName,
    username: username ?? '',
    removed: removal.removedBy !== uid,
    at: FieldValue.serverTimestamp(),
    ...(forwardTo === null ? {} : { [FORWARD_FIELD]: forwardTo }),
  });
}

/**
 * Removes the active member `uid` (an admin's act), or lets them leave (their own uid): their card
 * is switched off, or forwarded to the card `forwardTo` of a colleague (an admin's choice), and
 * they are no longer of the company; their departure note tells their console. The cards that
 * forwarded to theirs follow: to `forwardTo`, or switched off. 409 `last-admin` when no admin
 * would be left.
 */
export async function removeMember(
  owner: Owner,
  id: string,
  uid: string,
  forwardTo: string | null = null,
  now = Date.now(),
): Promise<void> {
  assertVerified(owner);
  const db = adminDb();
  const memberRef = db.doc(memberPath(id, uid));
  const index = db.doc(ownerPath(uid));
  const changed = await db.runTransaction(async (tx) => {
    const company = await readCompany(tx, id);
    if (uid !== owner.uid) assertAdmin(company, owner);
    const [member, owned] = await tx.getAll(memberRef, index);
    assertActive(member);
    if (lastAdmin(company, uid)) throw new OwnerError(409, { error: 'last-admin' });
    const username: unknown = member.get('username');
    const cardRef = typeof username === 'string' ? db.doc(cardPath(username)) : null;
    const card = cardRef ? await tx.get(cardRef) : null;
    // Leaving is one's own: only an admin forwards (and an admin leaving is one).
    if (forwardTo !== null) assertAdmin(company, owner);
    await assertForwardTarget(tx, id, typeof username === 'string' ? username : null, forwardTo);
    const forwarders =
      typeof username === 'string' ? await cardsForwardingTo(tx, id, username) : [];
    await chargeOwnerWrite(tx, owner.uid, now);
    writeRemoval(tx, {
      companyId: id,
      companyName: typeof company.get('name') === 'string' ? company.get('name') : '',
      username: typeof username === 'string' ? username : null,
      card: card?.exists && card.get(COMPANY_FIELD) === id ? card : null,
      member,
      owned,
      forwarders,
      removedBy: owner.uid,
      forwardTo,
    });
    return typeof username === 'string' ? [username, ...forwarders.map(({ card }) => card.id)] : [];
  });
  // The card, and those that forwarded to it, now answer 410 or their new redirect.
  if (changed.length > 0) await publishCards(changed);
}

/**
 * An admin changes where the card of the removed member `uid` forwards to (`forwardTo`), or ends
 * its forwarding (null): the card then answers 410. 404 `no-member` for an active member.
 */
export async function setForwarding(
  owner: Owner,
  id: string,
  uid: string,
  forwardTo: string | null,
  now = Date.now(),
): Promise<void> {
  assertVerified(owner);
  const db = adminDb();
  const memberRef = db.doc(memberPath(id, uid));
  const departureRef = db.doc(departurePath(uid));
  const username = await db.runTransaction(async (tx) => {
    const company = await readCompany(tx, id);
    assertAdmin(company, owner);
    const [member, departure] = await tx.getAll(memberRef, departureRef);
    const username: unknown = member.get('username');
    if (!member.exists || member.get('status') !== 'removed' || typeof username !== 'string') {
      throw new OwnerError(404, { error: 'no-member' });
    }
    const cardRef = db.doc(cardPath(username));
    const card = await tx.get(cardRef);
    if (!card.exists || card.get(COMPANY_FIELD) !== id || card.get(OFF_FIELD) === undefined) {
      throw new OwnerError(404, { error: 'no-member' });
    }
    await assertForwardTarget(tx, id, username, forwardTo);
    await chargeOwnerWrite(tx, owner.uid, now);
    writeForwarding(tx, { card, member, departure }, forwardTo);
    return username;
  });
  await publishCards([username]);
}
