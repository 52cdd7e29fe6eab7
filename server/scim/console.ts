// What the console's «Συγχρονισμός καταλόγου» reads and sets, for the company's admins: the base
// URL, whether a token exists (never the token: it was shown once), the hold-until-accepted
// choice, and the request log.
import 'server-only';
import type { Timestamp } from 'firebase-admin/firestore';
import { HOLD_CARDS_FIELD, scimSettingsPath } from '../../lib/collections';
import { scimBaseUrl, type DirectorySyncAnswer } from '../../lib/scim';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { badField } from '../owner/respond';
import { chargeOwnerWrite } from '../owner/write-limit';
import { assertAdmin, assertAdminReads, assertVerified, readCompany } from '../company/auth';
import { readScimLog } from './request-log';

/** GET …/scim-log. */
export async function readDirectorySync(owner: Owner, id: string): Promise<DirectorySyncAnswer> {
  await assertAdminReads(owner, id);
  const [settings, log] = await Promise.all([
    adminDb().doc(scimSettingsPath(id)).get(),
    readScimLog(id),
  ]);
  const created = settings.get('tokenCreatedAt') as Timestamp | undefined;
  return {
    baseUrl: scimBaseUrl(),
    hasToken: typeof settings.get('tokenHash') === 'string',
    ...(created ? { tokenCreatedAt: created.toDate().toISOString() } : {}),
    holdCardsUntilAccepted: settings.get(HOLD_CARDS_FIELD) === true,
    log,
  };
}

/** PUT …/scim-settings `{ holdCardsUntilAccepted }`: from now on, for new cards. */
export async function setDirectorySettings(
  owner: Owner,
  id: string,
  body: unknown,
  now = Date.now(),
): Promise<void> {
  assertVerified(owner);
  const hold = (body as { holdCardsUntilAccepted?: unknown } | null)?.holdCardsUntilAccepted;
  if (typeof hold !== 'boolean') {
    throw badField(HOLD_CARDS_FIELD, 'Η επιλογή είναι true ή false');
  }
  const db = adminDb();
  await db.runTransaction(async (tx) => {
    assertAdmin(await readCompany(tx, id), owner);
    await chargeOwnerWrite(tx, owner.uid, now);
    tx.set(db.doc(scimSettingsPath(id)), { [HOLD_CARDS_FIELD]: hold }, { merge: true });
  });
}
