// Inviting people to a company, and revoking an invitation: each invitation is its document and
// its e-mail (an outbox document), written together, all of a request's in one transaction.
import 'server-only';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  COMPANY_NAME_FIELD,
  OUTBOX_COLLECTION,
  invitePath,
  invitesPath,
  memberPath,
  membersPath,
} from '../../lib/collections';
import { INVITE_TTL_MS, companyNameProblem } from '../../lib/company';
import type { InviteAnswer } from '../../lib/company-answers';
import {
  INVITE_MESSAGES,
  inviteRowsFromCsvFile,
  inviteRowsFromJson,
  type InviteRows,
} from '../../lib/invite-rows';
import { adminAuth, adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { parseJson, readCapped } from '../owner/body';
import { OwnerError, badField } from '../owner/respond';
import { chargeOwnerWrite } from '../owner/write-limit';
import { assertAdmin, assertVerified, readCompany } from './auth';
import { inviteOutboxDoc, type Inviter } from './invite-mail';
import { readInviteQuotas } from './invite-quota';
import { newInviteToken } from './invite-token';

/**
 * A JSON list, or a `text/csv` body: a file's bytes as a spreadsheet program saved them (Greek
 * Excel's are Windows-1253 with «;»), whatever charset the request names.
 */
export async function readInviteRows(request: Request): Promise<InviteRows> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const bytes = await readCapped(request);
  if (type.startsWith('text/csv')) return inviteRowsFromCsvFile(bytes);
  return inviteRowsFromJson(parseJson(new TextDecoder().decode(bytes), 'body'));
}

/** Pending and not expired at `now`. */
export function isOpenInvite(invite: DocumentSnapshot, now: number): boolean {
  const expiresAt: unknown = invite.get('expiresAt');
  return (
    invite.get('status') === 'pending' &&
    expiresAt instanceof Timestamp &&
    expiresAt.toMillis() >= now
  );
}

function inviterOf(member: DocumentSnapshot, owner: Owner): Inviter {
  const text = (field: string) => {
    const value: unknown = member.get(field);
    return typeof value === 'string' ? value : undefined;
  };
  return { firstName: text('firstName'), lastName: text('lastName'), email: owner.email };
}

/** Firebase Auth's lookups take at most this many addresses a call. */
const AUTH_LOOKUP_MAX = 100;

/** Which of `emails` (lower case) have a karta account: their mail says sign in, not sign up. */
async function withAccounts(emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += AUTH_LOOKUP_MAX) {
    const { users } = await adminAuth().getUsers(
      emails.slice(i, i + AUTH_LOOKUP_MAX).map((email) => ({ email })),
    );
    for (const user of users) if (user.email) found.add(user.email.toLowerCase());
  }
  return found;
}

/** Invites the judged rows to company `id`: who is a member or already invited is refused. */
export async function sendInvites(
  owner: Owner,
  id: string,
  judged: InviteRows,
  now = Date.now(),
): Promise<InviteAnswer> {
  assertVerified(owner);
  if (!judged.ok) throw badField('invites', judged.error);
  const db = adminDb();
  return db.runTransaction(async (tx) => {
    const company = await readCompany(tx, id);
    assertAdmin(company, owner);
    const companyName = String(company.get(COMPANY_NAME_FIELD));
    // A company named before names were checked for links sends none.
    const nameProblem = companyNameProblem(companyName);
    if (nameProblem) throw badField('name', nameProblem);
    const [members, invites, inviter, quotas] = await Promise.all([
      tx.get(db.collection(membersPath(id)).where('status', '==', 'active')),
      tx.get(db.collection(invitesPath(id)).where('status', '==', 'pending')),
      tx.get(db.doc(memberPath(id, owner.uid))),
      readInviteQuotas(tx, owner.uid, id),
    ]);
    const memberEmails = new Set(members.docs.map((m) => String(m.get('email')).toLowerCase()));
    const invited = new Set(
      invites.docs.filter((i) => isOpenInvite(i, now)).map((i) => String(i.get('email'))),
    );
    const refused = [...judged.refused];
    const going = judged.rows.filter((row) => {
      const at = row.line === undefined ? {} : { line: row.line };
      if (memberEmails.has(row.email)) {
        refused.push({ ...at, email: row.email, error: INVITE_MESSAGES.member });
        return false;
      }
      if (invited.has(row.email)) {
        refused.push({ ...at, email: row.email, error: INVITE_MESSAGES.invited });
        return false;
      }
      return true;
    });
    if (going.length === 0) return { sent: 0, refused };
    const storeQuotas = quotas.charge(going.length, now);
    await chargeOwnerWrite(tx, owner.uid, now);
    storeQuotas();
    const from = inviterOf(inviter, owner);
    const registered = await withAccounts(going.map((row) => row.email));
    for (const row of going) {
      const { token, inviteId } = newInviteToken(id);
      tx.create(db.doc(invitePath(id, inviteId)), {
        email: row.email,
        ...(row.firstName ? { firstName: row.firstName } : {}),
        ...(row.lastName ? { lastName: row.lastName } : {}),
        ...(row.jobTitle ? { jobTitle: row.jobTitle } : {}),
        status: 'pending',
        createdAt: FieldValue.serverTimestamp(),
        expiresAt: Timestamp.fromMillis(now + INVITE_TTL_MS),
        invitedBy: owner.uid,
      });
      tx.create(
        db.collection(OUTBOX_COLLECTION).doc(),
        inviteOutboxDoc({
          to: row.email,
          inviter: from,
          companyName,
          token,
          firstName: row.firstName,
          hasAccount: registered.has(row.email),
        }),
      );
    }
    refused.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    return { sent: going.length, refused };
  });
}

/** Revokes a pending invitation: its link stops working. One already accepted is a 410 `used`. */
export async function revokeInvite(
  owner: Owner,
  id: string,
  inviteId: string,
  now = Date.now(),
): Promise<void> {
  assertVerified(owner);
  const db = adminDb();
  const ref = db.doc(invitePath(id, inviteId));
  await db.runTransaction(async (tx) => {
    const company = await readCompany(tx, id);
    assertAdmin(company, owner);
    const invite = await tx.get(ref);
    if (!invite.exists) throw new OwnerError(404, { error: 'no-invite' });
    const status: unknown = invite.get('status');
    if (status === 'accepted') throw new OwnerError(410, { error: 'used' });
    if (status === 'revoked') return;
    await chargeOwnerWrite(tx, owner.uid, now);
    tx.update(ref, { status: 'revoked', revokedAt: FieldValue.serverTimestamp() });
  });
}
