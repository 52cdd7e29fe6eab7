// The owner deletes a contact left on their card, or changes its workflow (status, note, tags):
// only one left since their claim, as they read; each with its event for the receivers
// (server/owner/lead-changes.ts).
import 'server-only';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { CLAIMED_FIELD, CREATED_FIELD, cardPath, contactsPath } from '../../lib/collections';
import type { LeadChanges, LeadWorkflow } from '../../lib/lead-workflow';
import { adminDb } from '../firebase/admin-app';
import { assertOwns, type Owner } from './auth';
import { deleteLead, writeLeadChanges } from './lead-changes';
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
async function inOwnContact<T>(
  owner: Owner,
  username: string,
  id: string,
  act: (tx: Transaction, card: DocumentSnapshot, contact: DocumentSnapshot | null) => Promise<T>,
): Promise<T> {
  if (!isDocumentId(id)) throw new OwnerError(404, { error: 'no-contact' });
  const db = adminDb();
  const card = db.doc(cardPath(username));
  const contact = db.doc(`${contactsPath(username)}/${id}`);
  return db.runTransaction(async (tx) => {
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
    return act(tx, stored, left);
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
    deleteLead(tx, card, contact);
  });
}

/**
 * Changes the workflow of users/{username}/contacts/{id} for the card's owner: a member too, on the
 * company's leads of their own card (they are the one who calls the person back). Returns the
 * lead's workflow after the change.
 */
export async function changeContact(
  owner: Owner,
  username: string,
  id: string,
  changes: LeadChanges,
  now = Date.now(),
): Promise<LeadWorkflow> {
  return inOwnContact(owner, username, id, async (tx, card, contact) => {
    if (!contact) throw new OwnerError(404, { error: 'no-contact' });
    await chargeOwnerWrite(tx, owner.uid, now);
    return writeLeadChanges(tx, card, contact, changes);
  });
}
