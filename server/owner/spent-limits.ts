// What an erasure forgets of the account's rate limits: its window of writes (ownerWrites/{uid},
// lib/owner-writes.ts) and its day's count of invitations (inviteQuotas/account-{uid},
// lib/invite-quota.ts), each once it no longer binds. A count that still binds is kept, as little
// as it says (a time and a number): deleted, erasing and claiming again would reset the limits as
// often as one liked (another 100 invitation mails a day, another 30 writes a minute).
import 'server-only';
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { accountInviteQuotaPath, ownerWritesPath } from '../../lib/collections';
import { chargeInvites } from '../../lib/invite-quota';
import { chargeWrite } from '../../lib/owner-writes';
import { storedCount } from '../company/invite-quota';
import { adminDb } from '../firebase/admin-app';
import { storedWindow } from './write-limit';

/** Whether the stored window still counts against a write at `now`: a new one would not. */
function windowBinds(data: unknown, now: number): boolean {
  const stored = storedWindow(data);
  if (!stored) return false;
  const charge = chargeWrite(stored, now);
  return !charge.allowed || charge.window.start === stored.start;
}

/** Whether the stored count still counts against an invitation at `now`: it is of today. */
function countBinds(data: unknown, now: number): boolean {
  const charge = chargeInvites(storedCount(data), 0, Infinity, now);
  return charge.allowed && charge.count.count > 0;
}

/**
 * Reads, in `tx` (before any of its writes), the account's rate-limit documents that no longer
 * bind at `now`: the erasure deletes them in the same transaction.
 */
export async function readSpentLimits(
  tx: Transaction,
  uid: string,
  now: number,
): Promise<DocumentReference[]> {
  const db = adminDb();
  const writes = db.doc(ownerWritesPath(uid));
  const invites = db.doc(accountInviteQuotaPath(uid));
  const [storedWrites, storedInvites] = await tx.getAll(writes, invites);
  return [
    ...(storedWrites.exists && !windowBinds(storedWrites.data(), now) ? [writes] : []),
    ...(storedInvites.exists && !countBinds(storedInvites.data(), now) ? [invites] : []),
  ];
}
