// Deleting a company's lead (lib/company-lead.ts), or changing its workflow (status, note, tags):
// its admins through the company's own route, each with its event for the receivers
// (server/owner/lead-changes.ts); the member whose card it was left on may not delete it
// (server/owner/contacts.ts asks here).
import 'server-only';
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { COMPANY_FIELD, cardPath, companyPath, contactsPath } from '../../lib/collections';
import { COMPANY_LEAD_MESSAGE } from '../../lib/company-lead';
import type { LeadChanges, LeadWorkflow } from '../../lib/lead-workflow';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { isDocumentId } from '../owner/contacts';
import { deleteLead, leadCompany, writeLeadChanges } from '../owner/lead-changes';
import { OwnerError } from '../owner/respond';
import { chargeOwnerWrite } from '../owner/write-limit';
import { adminsOf, assertAdmin, assertVerified, readCompany } from './auth';

/**
 * Refuses the owner's delete of `contact` on their own card when it is a company's lead and they
 * are not one of its admins: 403 `company-lead`, with the Greek message.
 */
export async function assertMayDeleteLead(
  tx: Transaction,
  owner: Owner,
  card: DocumentSnapshot,
  contact: DocumentSnapshot,
): Promise<void> {
  const id = leadCompany(card, contact);
  if (id === null) return;
  const company = await tx.get(adminDb().doc(companyPath(id)));
  if (company.exists && adminsOf(company).includes(owner.uid)) return;
  throw new OwnerError(403, { error: 'company-lead', message: COMPANY_LEAD_MESSAGE });
}

/**
 * Runs `act` in a transaction over the lead `contactId` left on company `id`'s card `username`, as
 * an admin of it, charged as an owner's write; `act` gets null for a lead already gone. A contact
 * that is not the company's (another company's card, or left before the card joined) is a 404
 * `no-contact`, as if it did not exist.
 */
async function inCompanyLead<T>(
  owner: Owner,
  id: string,
  username: string,
  contactId: string,
  now: number,
  act: (tx: Transaction, card: DocumentSnapshot, contact: DocumentSnapshot | null) => T,
): Promise<T> {
  assertVerified(owner);
  if (!isDocumentId(contactId)) throw new OwnerError(404, { error: 'no-contact' });
  const db = adminDb();
  const cardRef = db.doc(cardPath(username));
  const contactRef = db.doc(`${contactsPath(username)}/${contactId}`);
  return db.runTransaction(async (tx) => {
    const company = await readCompany(tx, id);
    assertAdmin(company, owner);
    const [card, contact] = await tx.getAll(cardRef, contactRef);
    if (card.get(COMPANY_FIELD) !== id) throw new OwnerError(404, { error: 'no-contact' });
    if (!contact.exists) return act(tx, card, null);
    if (leadCompany(card, contact) !== id) throw new OwnerError(404, { error: 'no-contact' });
    await chargeOwnerWrite(tx, owner.uid, now);
    return act(tx, card, contact);
  });
}

/** An admin of company `id` deletes one of its leads; one already gone is no error. */
export async function deleteCompanyLead(
  owner: Owner,
  id: string,
  username: string,
  contactId: string,
  now = Date.now(),
): Promise<void> {
  await inCompanyLead(owner, id, username, contactId, now, (tx, card, contact) => {
    if (contact) deleteLead(tx, card, contact);
  });
}

/** An admin of company `id` changes the workflow of one of its leads; returns it after the change. */
export async function changeCompanyLead(
  owner: Owner,
  id: string,
  username: string,
  contactId: string,
  changes: LeadChanges,
  now = Date.now(),
): Promise<LeadWorkflow> {
  return inCompanyLead(owner, id, username, contactId, now, (tx, card, contact) => {
    if (!contact) throw new OwnerError(404, { error: 'no-contact' });
    return writeLeadChanges(tx, card, contact, changes);
  });
}
