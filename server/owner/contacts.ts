// The owner deletes a contact left on their card: only one left since their claim, as they read.
import 'server-only';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { CLAIMED_FIELD, CREATED_FIELD, cardPath, contactsPath } from '../../lib/collections';
import { adminDb } from '../firebase/admin-app';
import { assertOwns, type Owner } from './auth';
import { OwnerError } from './respond';

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
 * Deletes users/{username}/contacts/{id}; one already gone is no error. `id` is the route's param,
 * which Next has decoded once: it is the id as it was written, and is never decoded again (a
 * visitor's id holding `%` would otherwise name another contact, or none).
 */
export async function deleteContact(
  owner: Owner,
  username: string,
  id: string,
  guard: ContactDeleteGuard,
): Promise<void> {
  if (!isDocumentId(id)) throw new OwnerError(404, { error: 'no-contact' });
  const db = adminDb();
  const card = db.doc(cardPath(username));
  const contact = db.doc(`${contactsPath(username)}/${id}`);
  await db.runTransaction(async (tx) => {
    const [stored, left] = await tx.getAll(card, contact);
    assertOwns(stored, owner);
    if (!left.exists) return;
    const claimedAt: unknown = stored.get(CLAIMED_FIELD);
    const createdAt: unknown = left.get(CREATED_FIELD);
    // Left for an earlier owner of the name: not this owner's to see, nor to delete.
    if (
      claimedAt instanceof Timestamp &&
      !(createdAt instanceof Timestamp && createdAt.toMillis() >= claimedAt.toMillis())
    ) {
      throw new OwnerError(404, { error: 'no-contact' });
    }
    await guard(tx, owner, stored, left);
    tx.delete(contact);
  });
}
