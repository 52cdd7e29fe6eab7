// Who may do what in a company (docs/companies.md): every write needs a verified address, and
// all but leaving need an admin of that company. Read inside the write's own transaction, so a
// demotion or a removal committed meanwhile is seen.
import 'server-only';
import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import {
  ADMINS_FIELD,
  COMPANY_FIELD,
  MEMBER_UIDS_FIELD,
  OFF_FIELD,
  cardPath,
  companyPath,
} from '../../lib/collections';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { isDocumentId } from '../owner/contacts';
import { OwnerError } from '../owner/respond';

/** A route's id (Next decoded it once) that Firestore could hold as a document's, or a 404 `error`. */
export function docParam(id: string, error: string): string {
  if (!isDocumentId(id)) throw new OwnerError(404, { error });
  return id;
}

/** The company a route names: an id no document could have names none. */
export const companyParam = (id: string) => docParam(id, 'no-company');

export function assertVerified(owner: Owner): void {
  if (!owner.emailVerified) throw new OwnerError(403, { error: 'unverified' });
}

/** companies/{id} as `tx` reads it, or a 404. */
export async function readCompany(tx: Transaction, id: string): Promise<DocumentSnapshot> {
  const company = await tx.get(adminDb().doc(companyPath(id)));
  if (!company.exists) throw new OwnerError(404, { error: 'no-company' });
  return company;
}

/**
 * users/{username} as `tx` reads it, free to join a company: 409 `no-card` without it,
 * `has-company` while it is a member card (a switched-off one may join again).
 */
export async function readJoiningCard(
  tx: Transaction,
  username: string,
): Promise<{ ref: DocumentReference; card: DocumentSnapshot }> {
  const ref = adminDb().doc(cardPath(username));
  const card = await tx.get(ref);
  if (!card.exists) throw new OwnerError(409, { error: 'no-card' });
  if (card.get(COMPANY_FIELD) !== undefined && card.get(OFF_FIELD) === undefined) {
    throw new OwnerError(409, { error: 'has-company' });
  }
  return { ref, card };
}

function uidsOf(company: DocumentSnapshot, field: string): string[] {
  const value: unknown = company.get(field);
  return Array.isArray(value) ? value.filter((uid): uid is string => typeof uid === 'string') : [];
}

export const adminsOf = (company: DocumentSnapshot) => uidsOf(company, ADMINS_FIELD);
export const memberUidsOf = (company: DocumentSnapshot) => uidsOf(company, MEMBER_UIDS_FIELD);

/** The company, as read, must have this owner among its admins: 403 `not-admin` otherwise. */
export function assertAdmin(company: DocumentSnapshot, owner: Owner): void {
  if (!adminsOf(company).includes(owner.uid)) throw new OwnerError(403, { error: 'not-admin' });
}

/** Outside a write: companies/{id} as its admin may read it (its leads, its stats), or the refusal. */
export async function assertAdminReads(owner: Owner, id: string): Promise<void> {
  const company = await adminDb().doc(companyPath(id)).get();
  if (!company.exists) throw new OwnerError(404, { error: 'no-company' });
  assertAdmin(company, owner);
}
