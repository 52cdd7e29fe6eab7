// The invitations waiting for the signed-in account: every open one sent to its verified address,
// in any company, so that the console offers them at /account without the mail's link. Read with
// a collection-group query on the invitations' `email` (firestore.indexes.json keeps its index).
import 'server-only';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { COMPANIES_COLLECTION, INVITES_COLLECTION, companyPath } from '../../lib/collections';
import type { PendingInvite } from '../../lib/company-answers';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { OwnerError } from '../owner/respond';
import { acceptAt, inviteInfoOf, inviteRefs } from './accept';
import { assertVerified, docParam } from './auth';
import { freeUsername } from './invite-hints';
import { isOpenInvite } from './invites';

/** An account's address is proved by its verification: an unverified one is told of nothing. */
function verifiedAddress(owner: Owner): string {
  assertVerified(owner);
  if (owner.email === undefined) throw new OwnerError(403, { error: 'unverified' });
  return owner.email;
}

/** companies/{id} of an invitation found by the collection-group query, or null elsewhere. */
function companyIdOf(invite: DocumentSnapshot): string | null {
  const company = invite.ref.parent.parent;
  return company?.parent.id === COMPANIES_COLLECTION && company.parent.parent === null
    ? company.id
    : null;
}

/** The open invitations to the owner's verified address, oldest first. */
export async function pendingInvites(owner: Owner, now = Date.now()): Promise<PendingInvite[]> {
  const email = verifiedAddress(owner);
  const db = adminDb();
  const found = await db.collectionGroup(INVITES_COLLECTION).where('email', '==', email).get();
  const open = found.docs.flatMap((invite) => {
    const companyId = companyIdOf(invite);
    return companyId !== null && isOpenInvite(invite, now) ? [{ invite, companyId }] : [];
  });
  if (open.length === 0) return [];
  const companies = await db.getAll(...open.map(({ companyId }) => db.doc(companyPath(companyId))));
  const listed = await Promise.all(
    open.map(async ({ invite, companyId }, i) => {
      if (!companies[i].exists) return [];
      const info = inviteInfoOf(invite, companies[i]);
      const suggestedUsername = await freeUsername(info);
      const pending: PendingInvite = {
        ...info,
        companyId,
        inviteId: invite.id,
        ...(suggestedUsername ? { suggestedUsername } : {}),
      };
      return [{ pending, at: invite.createTime?.toMillis() ?? 0 }];
    }),
  );
  return listed
    .flat()
    .sort((a, b) => a.at - b.at)
    .map(({ pending }) => pending);
}

/**
 * `{ companyId, inviteId, username? }`: accepts one of pendingInvites' answers (its ids, not the
 * link's secret). accept.ts checks that it was sent to this account's verified address.
 */
export function acceptPending(owner: Owner, body: unknown, now = Date.now()): Promise<string> {
  const { companyId, inviteId } = (body ?? {}) as { companyId?: unknown; inviteId?: unknown };
  if (typeof companyId !== 'string' || typeof inviteId !== 'string') {
    throw new OwnerError(404, { error: 'no-invite' });
  }
  const at = inviteRefs(docParam(companyId, 'no-invite'), docParam(inviteId, 'no-invite'));
  return acceptAt(owner, at, body, now);
}
