// Creating a company: a verified owner with a card names it, becomes its admin, and their card
// joins it, all in one transaction.
import 'server-only';
import { FieldValue } from 'firebase-admin/firestore';
import {
  ADMINS_FIELD,
  COMPANIES_COLLECTION,
  COMPANY_FIELD,
  COMPANY_NAME_FIELD,
  JOINED_FIELD,
  MEMBER_UIDS_FIELD,
  OWNED_CARD_FIELD,
  TEMPLATE_AT_FIELD,
  TEMPLATE_FIELD,
  memberPath,
  ownerPath,
} from '../../lib/collections';
import { companyNameProblem } from '../../lib/company';
import { cardChanged } from '../card-stamp';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { OwnerError, badField } from '../owner/respond';
import { chargeOwnerWrite } from '../owner/write-limit';
import { assertVerified, readJoiningCard } from './auth';
import { joiningRecord, namesOf } from './member-record';
import { publishCards } from './publish';

/** `{ name }`: the new company's id. 409 `no-card` without a card, `has-company` with one. */
export async function createCompany(
  owner: Owner,
  body: unknown,
  now = Date.now(),
): Promise<string> {
  assertVerified(owner);
  const name = (body as { name?: unknown } | null)?.name;
  const problem = companyNameProblem(name);
  if (problem) throw badField('name', problem);

  const db = adminDb();
  const company = db.collection(COMPANIES_COLLECTION).doc();
  const username = await db.runTransaction(async (tx) => {
    const owned = await tx.get(db.doc(ownerPath(owner.uid)));
    const username: unknown = owned.get(OWNED_CARD_FIELD);
    if (typeof username !== 'string') throw new OwnerError(409, { error: 'no-card' });
    const { ref: cardRef, card } = await readJoiningCard(tx, username);
    await chargeOwnerWrite(tx, owner.uid, now);
    tx.create(company, {
      [COMPANY_NAME_FIELD]: (name as string).trim(),
      [TEMPLATE_FIELD]: {},
      [ADMINS_FIELD]: [owner.uid],
      [MEMBER_UIDS_FIELD]: [owner.uid],
      [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
      createdAt: FieldValue.serverTimestamp(),
    });
    tx.create(
      db.doc(memberPath(company.id, owner.uid)),
      joiningRecord({ username, ...namesOf(card), email: owner.email ?? '' }, 'admin'),
    );
    tx.update(cardRef, {
      [COMPANY_FIELD]: company.id,
      [JOINED_FIELD]: FieldValue.serverTimestamp(),
      ...cardChanged(),
    });
    return username;
  });
  // The card now carries the company's tag and version.
  await publishCards([username]);
  return company.id;
}
