// An admin's choice of alert for the company's new leads (lib/lead-alert.ts), on their own
// membership: only an admin of that company reads or sets their own.
import 'server-only';
import {
  LEAD_ALERT_FIELD,
  LEAD_ALERT_MESSAGE,
  isLeadAlert,
  leadAlertOf,
  type LeadAlert,
} from '../../lib/lead-alert';
import { memberPath } from '../../lib/collections';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { badField } from '../owner/respond';
import { chargeOwnerWrite } from '../owner/write-limit';
import { assertAdmin, assertAdminReads, assertVerified, readCompany } from './auth';

export async function readLeadAlert(owner: Owner, id: string): Promise<LeadAlert> {
  await assertAdminReads(owner, id);
  const member = await adminDb().doc(memberPath(id, owner.uid)).get();
  return leadAlertOf(member.get(LEAD_ALERT_FIELD));
}

/** `{ alert }`: the admin's own choice, saved on their membership. */
export async function setLeadAlert(
  owner: Owner,
  id: string,
  body: unknown,
  now = Date.now(),
): Promise<LeadAlert> {
  assertVerified(owner);
  const alert = (body as { alert?: unknown } | null)?.alert;
  if (!isLeadAlert(alert)) throw badField('alert', LEAD_ALERT_MESSAGE);
  const db = adminDb();
  await db.runTransaction(async (tx) => {
    const company = await readCompany(tx, id);
    assertAdmin(company, owner);
    await chargeOwnerWrite(tx, owner.uid, now);
    tx.update(db.doc(memberPath(id, owner.uid)), { [LEAD_ALERT_FIELD]: alert });
  });
  return alert;
}
