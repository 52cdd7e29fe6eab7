// The owner deletes a contact left on their card, or sets where its follow-up stands: only one left
// since their claim, as they read.
import 'server-only';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  CLAIMED_FIELD,
  CREATED_FIELD,
  LEAD_STATUS_FIELD,
  cardPath,
  contactsPath,
} from '../../lib/collections';
import type { LeadStatus } from '../../lib/lead-status';
import { adminDb } from '../firebase/admin-app';
import { assertOwns, type Owner } from './auth';
import { OwnerError } from './respond';
import { chargeOwnerWrite } from './write-limit';

/** A document id Firestore could hold (a visitor may choose their contact's). */
export function isDocumentId(id: string): boolean {
  return id !== '' && id !== '.' && id !== '..' && !id.includes('/') && !/^__.*__$/.test(id);
}

/**
 * Refuses (by throwing) the owner's delete of a contact that is not theirs to delete although it
 * is on their card: a company's lead (server/company/lead-delete.ts, passed in by the route, as
 * server/company/ imports from here).
 */
export type ContactDeleteGuard = (
  tx: Transaction,
  owner: Owner,
  card: DocumentSnapshot,
  contact: DocumentSnapshot,
) => Promise<void>;

/**
 * Runs `act` in a transaction over users/{username}/contacts/{id} as the card's owner may reach it:
 * the card theirs, the contact left since their claim (one left for an earlier owner of the name is
 * a 404, as if it did not exist). `act` gets null for a contact already gone. `id` is the route's
 * param, which Next has decoded once: it is the id as it was written, and is never decoded again
 * (a visitor's id holding `%` would otherwise name another contact, or none).
 */
async function inOwnContact(
  owner: Owner,
  username: string,
  id: string,
  act: (tx: Transaction, card: DocumentSnapshot, contact: DocumentSnapshot | null) => Promise<void>,
): Promise<void> {
  if (!isDocumentId(id)) throw new OwnerError(404, { error: 'no-contact' });
  const db = adminDb();
  const card = db.doc(cardPath(username));
  const contact = db.doc(`${contactsPath(username)}/${id}`);
  await db.runTransaction(async (tx) => {
    const [stored, left] = await tx.getAll(card, contact);
    assertOwns(stored, owner);
    if (!left.exists) return act(tx, stored, null);
    const claimedAt: unknown = stored.get(CLAIMED_FIELD);
    const createdAt: unknown = left.get(CREATED_FIELD);
    if (
      claimedAt instanceof Timestamp &&
      !(createdAt instanceof Timestamp && createdAt.toMillis() >= claimedAt.toMillis())
    ) {
      throw new OwnerError(404, { error: 'no-contact' });
    }
    await act(tx, stored, left);
  });
}

/** Deletes users/{username}/contacts/{id}; one already gone is no error. */
export async function deleteContact(
  owner: Owner,
  username: string,
  id: string,
  guard: ContactDeleteGuard,
): Promise<void> {
  await inOwnContact(owner, username, id, async (tx, card, contact) => {
    if (!contact) return;
    await guard(tx, owner, card, contact);
    tx.delete(contact.ref);
  });
}

/**
 * Sets where the follow-up of users/{username}/contacts/{id} stands, for the card's owner: a member
 * too, on the company's leads of their own card (they are the one who calls the person back).
 */
export async function setContactStatus(
  owner: Owner,
  username: string,
  id: string,
  status: LeadStatus,
  now = Date.now(),
): Promise<void> {
  await inOwnContact(owner, username, id, async (tx, _card, contact) => {
    if (!contact) throw new OwnerError(404, { error: 'no-contact' });
    await chargeOwnerWrite(tx, owner.uid, now);
    tx.update(contact.ref, { [LEAD_STATUS_FIELD]: status });
  });
}
