// The invitation a directory user's person gets (server/company/invite-mail.ts's Greek mail),
// bound to that directory user and its card: accepting it claims THAT card
// (server/company/accept.ts), whoever else shares the address. Sent from karta on the company's
// behalf: no admin is its inviter, and the company's daily quota of hand-made invitations does not
// count it (the directory is the company's own).
import 'server-only';
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  DIRECTORY_USER_FIELD,
  OUTBOX_COLLECTION,
  invitePath,
  invitesPath,
} from '../../lib/collections';
import { INVITE_TTL_MS } from '../../lib/company';
import { adminDb } from '../firebase/admin-app';
import { accountExists } from '../company/invite-hints';
import { inviteOutboxDoc } from '../company/invite-mail';
import { newInviteToken } from '../company/invite-token';
import type { DirectoryCardFields } from './card-fields';

/** Who invited, on a directory's invitation (an admin's uid on the others). */
export const DIRECTORY_INVITER = 'directory';

export interface DirectoryInvite {
  companyId: string;
  companyName: string;
  scimId: string;
  username: string;
  email: string;
  fields: DirectoryCardFields;
  hasAccount: boolean;
}

/** Whether the address has an account: asked before the transaction, which cannot wait on Auth. */
export const hasAccount = (email: string | undefined) =>
  email === undefined ? Promise.resolve(false) : accountExists(email);

/** Writes, in `tx`, the invitation and its mail. */
export function writeDirectoryInvite(tx: Transaction, invite: DirectoryInvite, now: number): void {
  const db = adminDb();
  const { token, inviteId } = newInviteToken(invite.companyId);
  const { firstName, lastName, jobTitle } = invite.fields;
  tx.create(db.doc(invitePath(invite.companyId, inviteId)), {
    email: invite.email,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(jobTitle ? { jobTitle } : {}),
    status: 'pending',
    createdAt: FieldValue.serverTimestamp(),
    expiresAt: Timestamp.fromMillis(now + INVITE_TTL_MS),
    invitedBy: DIRECTORY_INVITER,
    [DIRECTORY_USER_FIELD]: invite.scimId,
    username: invite.username,
  });
  tx.create(
    db.collection(OUTBOX_COLLECTION).doc(),
    inviteOutboxDoc({
      to: invite.email,
      inviter: {},
      companyName: invite.companyName,
      token,
      firstName,
      hasAccount: invite.hasAccount,
    }),
  );
}

/** The directory user's invitations still pending, read in `tx` (revoked when it is switched off). */
export async function pendingDirectoryInvites(tx: Transaction, companyId: string, scimId: string) {
  const found = await tx.get(
    adminDb()
      .collection(invitesPath(companyId))
      .where(DIRECTORY_USER_FIELD, '==', scimId)
      .where('status', '==', 'pending'),
  );
  return found.docs;
}
