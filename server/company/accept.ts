// Opening and accepting an invitation. The link's token names the company and the invitation; a
// verified account of the invited address joins: its card, or (without one) a new card built from
// the invitation's names; the template's defaults show on either as on every member card, never
// copied. Everything in one transaction, the invitation used up in it. The account's own verified
// address may accept it without the link too (pending.ts lists them): the link's secret only lets
// its holder read it signed out.
import 'server-only';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
} from 'firebase-admin/firestore';
import {
  CLAIMED_FIELD,
  COMPANY_FIELD,
  COMPANY_NAME_FIELD,
  JOINED_FIELD,
  MEMBER_UIDS_FIELD,
  OWNED_CARD_FIELD,
  OWNER_FIELD,
  cardPath,
  companyPath,
  departurePath,
  invitePath,
  memberPath,
  ownerPath,
} from '../../lib/collections';
import type { InviteInfo, InviteLink } from '../../lib/company-answers';
import { USERNAME_MESSAGES, claimProblem } from '../../lib/username';
import { cardChanged } from '../card-stamp';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { OwnerError, badField } from '../owner/respond';
import { queueWelcomeMail } from '../owner/welcome-mail';
import { chargeOwnerWrite } from '../owner/write-limit';
import { directoryUserOfInvite, prepareDirectoryClaim } from '../scim/claim';
import { assertVerified, readJoiningCard } from './auth';
import { accountExists, freeUsername } from './invite-hints';
import { parseInviteToken } from './invite-token';
import { joiningRecord, namesOf } from './member-record';
import { publishCards } from './publish';

const NO_INVITE = new OwnerError(404, { error: 'no-invite' });

/** companies/{companyId} and its invitation `inviteId`. */
export interface InviteRefs {
  company: DocumentReference;
  invite: DocumentReference;
  companyId: string;
}

export function inviteRefs(companyId: string, inviteId: string): InviteRefs {
  const db = adminDb();
  return {
    company: db.doc(companyPath(companyId)),
    invite: db.doc(invitePath(companyId, inviteId)),
    companyId,
  };
}

function refs(token: string): InviteRefs {
  const parsed = parseInviteToken(token);
  if (!parsed) throw NO_INVITE;
  return inviteRefs(parsed.companyId, parsed.inviteId);
}

/** The invitation must exist and still work at `now`: 404, or 410 `used`/`revoked`/`expired`. */
function assertUsable(invite: DocumentSnapshot, company: DocumentSnapshot, now: number): void {
  if (!invite.exists || !company.exists) throw NO_INVITE;
  const status: unknown = invite.get('status');
  if (status === 'accepted') throw new OwnerError(410, { error: 'used' });
  if (status === 'revoked') throw new OwnerError(410, { error: 'revoked' });
  const expiresAt: unknown = invite.get('expiresAt');
  if (!(expiresAt instanceof Timestamp) || expiresAt.toMillis() < now) {
    throw new OwnerError(410, { error: 'expired' });
  }
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The invitation as stored, shown to whom may accept it: its company, address and names. */
export function inviteInfoOf(invite: DocumentSnapshot, company: DocumentSnapshot): InviteInfo {
  const names = Object.fromEntries(
    (['firstName', 'lastName', 'jobTitle'] as const)
      .map((field) => [field, text(invite.get(field))])
      .filter(([, value]) => value !== undefined),
  );
  const card = directoryUserOfInvite(invite) && text(invite.get('username'));
  return {
    companyName: String(company.get(COMPANY_NAME_FIELD)),
    email: String(invite.get('email')),
    ...names,
    ...(card ? { card } : {}),
    expiresAt: (invite.get('expiresAt') as Timestamp).toDate().toISOString(),
  };
}

/**
 * What the console shows before accepting. The token is the secret: no sign-in is needed, and its
 * holder (the addressee, or whom they forwarded the mail to) alone learns whether the address has
 * an account, so the console opens sign-up or sign-in, and a free username made of the names.
 */
export async function readInvite(token: string, now = Date.now()): Promise<InviteLink> {
  const { company, invite } = refs(token);
  const [storedInvite, storedCompany] = await adminDb().getAll(invite, company);
  assertUsable(storedInvite, storedCompany, now);
  const info = inviteInfoOf(storedInvite, storedCompany);
  const [hasAccount, suggestedUsername] = await Promise.all([
    accountExists(info.email),
    freeUsername(info),
  ]);
  return { ...info, hasAccount, ...(suggestedUsername ? { suggestedUsername } : {}) };
}

/** `{ username? }`: the card that joined (the account's own, or the new one named `username`). */
export function acceptInvite(
  owner: Owner,
  token: string,
  body: unknown,
  now = Date.now(),
): Promise<string> {
  return acceptAt(owner, refs(token), body, now);
}

/** Accepts the invitation `at` names, which must be to the owner's own verified address. */
export async function acceptAt(
  owner: Owner,
  { company: companyRef, invite: inviteRef, companyId }: InviteRefs,
  body: unknown,
  now = Date.now(),
): Promise<string> {
  assertVerified(owner);
  const chosen = (body as { username?: unknown } | null)?.username;
  const db = adminDb();
  const index = db.doc(ownerPath(owner.uid));
  const memberRef = db.doc(memberPath(companyId, owner.uid));

  const { username, cards } = await db.runTransaction(async (tx) => {
    const [invite, company, owned, member] = await tx.getAll(
      inviteRef,
      companyRef,
      index,
      memberRef,
    );
    assertUsable(invite, company, now);
    if (owner.email === undefined || owner.email !== invite.get('email')) {
      throw new OwnerError(403, { error: 'wrong-address' });
    }
    const ownUsername: unknown = owned.get(OWNED_CARD_FIELD);
    const joined = {
      [COMPANY_FIELD]: companyId,
      [JOINED_FIELD]: FieldValue.serverTimestamp(),
      ...cardChanged(),
    };
    let username: string;
    let names: { firstName: string; lastName: string };
    let cards: string[] | undefined;
    let alreadyMember = false;

    const scimId = directoryUserOfInvite(invite);
    if (scimId !== undefined) {
      // A directory's invitation: its card provisioned already, or the account's own brought to
      // it (server/scim/claim.ts).
      const claim = await prepareDirectoryClaim(
        tx,
        { id: companyId, name: String(company.get(COMPANY_NAME_FIELD)) },
        scimId,
        owner.uid,
        owned,
        now,
      );
      await chargeOwnerWrite(tx, owner.uid, now);
      claim.write();
      ({ username, names, cards } = claim);
      alreadyMember = claim.member;
    } else if (typeof ownUsername === 'string') {
      username = ownUsername;
      const { ref: cardRef, card } = await readJoiningCard(tx, username);
      await chargeOwnerWrite(tx, owner.uid, now);
      // Nothing of the template is copied: the card shows its defaults (lib/company.ts applyCompany).
      tx.update(cardRef, joined);
      names = namesOf(card);
    } else {
      if (typeof chosen !== 'string') throw badField('username', USERNAME_MESSAGES.format);
      const problem = claimProblem(chosen);
      if (problem) throw badField('username', problem);
      username = chosen;
      const cardRef = db.doc(cardPath(username));
      if ((await tx.get(cardRef)).exists) {
        throw new OwnerError(409, { error: 'taken', field: 'username' });
      }
      await chargeOwnerWrite(tx, owner.uid, now);
      names = {
        firstName: text(invite.get('firstName')) ?? '',
        lastName: text(invite.get('lastName')) ?? '',
      };
      const jobTitle = text(invite.get('jobTitle'));
      tx.create(cardRef, {
        ...names,
        ...(jobTitle ? { jobTitle } : {}),
        email: owner.email,
        username,
        [OWNER_FIELD]: owner.uid,
        [CLAIMED_FIELD]: FieldValue.serverTimestamp(),
        ...joined,
      });
      tx.create(index, { [OWNED_CARD_FIELD]: username });
    }
    if (alreadyMember) {
      // Its role and joining day stay; the names follow the directory's.
      tx.update(memberRef, names);
    } else {
      tx.set(
        memberRef,
        joiningRecord({ username, ...names, email: owner.email }, 'member', member),
      );
      tx.update(companyRef, { [MEMBER_UIDS_FIELD]: FieldValue.arrayUnion(owner.uid) });
    }
    // A removed person's departure note has done its job once the account has a card again, as
    // when it claims one (server/owner/card.ts).
    tx.delete(db.doc(departurePath(owner.uid)));
    tx.update(inviteRef, {
      status: 'accepted',
      acceptedBy: owner.uid,
      acceptedAt: FieldValue.serverTimestamp(),
    });
    return { username, cards: cards ?? [username] };
  });
  await publishCards(cards);
  await queueWelcomeMail(owner.email, username, owner.uid, { joined: true });
  return username;
}
