// The daily invitation ceilings (lib/invite-quota.ts), counted in inviteQuotas/ inside the
// sending transaction: every origin counts the same mails, and invitations whose transaction
// fails are not counted.
import 'server-only';
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { accountInviteQuotaPath, companyInviteQuotaPath } from '../../lib/collections';
import {
  INVITES_PER_ACCOUNT_DAY,
  INVITES_PER_COMPANY_DAY,
  chargeInvites,
  inviteQuotaMessage,
  secondsToAthensMidnight,
  type InviteCount,
} from '../../lib/invite-quota';
import { adminDb } from '../firebase/admin-app';
import { OwnerError } from '../owner/respond';

/** The count as stored in inviteQuotas/, or undefined when it holds none of ours. */
export function storedCount(data: unknown): InviteCount | undefined {
  const { day, count } = (data ?? {}) as Partial<Record<keyof InviteCount, unknown>>;
  return typeof day === 'string' && typeof count === 'number' ? { day, count } : undefined;
}

export interface InviteQuotas {
  /**
   * Counts `sending` invitations at `now`, or refuses them all with a 429 naming the ceiling.
   * Returns the writes to make once the transaction's reads are done.
   */
  charge(sending: number, now: number): () => void;
}

/** Reads the account's and the company's counts in `tx` (before any of its writes). */
export async function readInviteQuotas(
  tx: Transaction,
  uid: string,
  companyId: string,
): Promise<InviteQuotas> {
  const db = adminDb();
  const ceilings = [
    { who: 'account', ref: db.doc(accountInviteQuotaPath(uid)), limit: INVITES_PER_ACCOUNT_DAY },
    {
      who: 'company',
      ref: db.doc(companyInviteQuotaPath(companyId)),
      limit: INVITES_PER_COMPANY_DAY,
    },
  ] as const;
  const stored = await Promise.all(ceilings.map(({ ref }) => tx.get(ref)));
  return {
    charge(sending, now) {
      const writes: { ref: DocumentReference; count: InviteCount }[] = [];
      ceilings.forEach(({ who, ref, limit }, i) => {
        const charged = chargeInvites(storedCount(stored[i].data()), sending, limit, now);
        if (!charged.allowed) {
          throw new OwnerError(
            429,
            {
              error: 'invite-quota',
              field: 'invites',
              message: inviteQuotaMessage(who, charged.left),
            },
            { 'retry-after': String(secondsToAthensMidnight(now)) },
          );
        }
        writes.push({ ref, count: charged.count });
      });
      return () => writes.forEach(({ ref, count }) => tx.set(ref, count));
    },
  };
}
