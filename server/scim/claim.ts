// Accepting a directory's invitation (server/company/accept.ts): the account claims THE card
// provisioned for that directory user, never a card found by the address alone (two directory
// users may share one). An account that has a card of its own brings it instead: it becomes the
// directory user's card, and the provisioned one, never claimed, is retired as a removal retires
// a card, forwarding to it. Read first, written after, as a Firestore transaction requires.
import 'server-only';
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  CLAIMED_FIELD,
  COMPANY_FIELD,
  DIRECTORY_USER_FIELD,
  JOINED_FIELD,
  OFF_FIELD,
  OWNED_CARD_FIELD,
  OWNER_FIELD,
  TEAM_FIELD,
  cardPath,
} from '../../lib/collections';
import { cardChanged } from '../card-stamp';
import { readJoiningCard } from '../company/auth';
import { cardsForwardingTo, writeRemoval } from '../company/members';
import { namesOf } from '../company/member-record';
import { adminDb } from '../firebase/admin-app';
import { OwnerError } from '../owner/respond';
import { directoryCardFields } from './card-fields';
import { DIRECTORY_INVITER } from './invitation';
import { directoryUserOf, directoryUserRef } from './users-store';
import { cardFieldWrites } from './users-write';

/** The directory user an invitation is bound to, or undefined for an admin's invitation. */
export function directoryUserOfInvite(invite: DocumentSnapshot): string | undefined {
  const id: unknown = invite.get(DIRECTORY_USER_FIELD);
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The company an invitation is accepted into, as the claim needs it. */
export interface ClaimCompany {
  id: string;
  name: string;
}

/**
 * Reads, in `tx`, the card of directory user `scimId`: it must still be that user's, active, and
 * unclaimed (410 `revoked` otherwise). Without a card of its own the account takes it; with one
 * (409 `has-company` while that is another company's member card, or this company's linked to
 * another directory user) the account's card becomes the user's. Returns the writes, the card
 * that joined, its names, whether the account was a member already, and every card to publish.
 */
export async function prepareDirectoryClaim(
  tx: Transaction,
  company: ClaimCompany,
  scimId: string,
  uid: string,
  owned: DocumentSnapshot,
  now: number,
) {
  const userRef = directoryUserRef(company.id, scimId);
  const user = directoryUserOf(await tx.get(userRef));
  const card = user ? await tx.get(adminDb().doc(cardPath(user.username))) : null;
  if (
    !user?.active ||
    !card?.exists ||
    card.get(COMPANY_FIELD) !== company.id ||
    card.get(DIRECTORY_USER_FIELD) !== scimId ||
    card.get(OWNER_FIELD) !== undefined
  ) {
    throw new OwnerError(410, { error: 'revoked' });
  }
  const ownUsername: unknown = owned.get(OWNED_CARD_FIELD);
  if (typeof ownUsername !== 'string') {
    return {
      username: card.id,
      names: namesOf(card),
      member: false,
      cards: [card.id],
      write: () => {
        // A card held until its person accepts goes live now.
        tx.update(card.ref, {
          [OWNER_FIELD]: uid,
          [CLAIMED_FIELD]: FieldValue.serverTimestamp(),
          [OFF_FIELD]: FieldValue.delete(),
          ...cardChanged(),
        });
        tx.create(owned.ref, { [OWNED_CARD_FIELD]: card.id });
      },
    };
  }
  // A member already (a company that used karta before its directory): the member card is linked
  // to the directory user, keeping its membership, role and joining day, and so its leads.
  const ownRef = adminDb().doc(cardPath(ownUsername));
  const ownCard = await tx.get(ownRef);
  const member = ownCard.get(COMPANY_FIELD) === company.id && ownCard.get(OFF_FIELD) === undefined;
  if (member && ownCard.get(DIRECTORY_USER_FIELD) !== undefined) {
    // Already another directory user's card: one person is two users in the directory.
    throw new OwnerError(409, { error: 'has-company' });
  }
  const own = member ? { ref: ownRef } : await readJoiningCard(tx, ownUsername);
  // The directory is authoritative for its fields, as a SCIM update writes them.
  const fields = directoryCardFields(user.user, ownUsername);
  const forwarders = await cardsForwardingTo(tx, company.id, card.id);
  const names = {
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
  };
  return {
    username: ownUsername,
    names,
    member,
    cards: [ownUsername, card.id, ...forwarders.map(({ card: forwarded }) => forwarded.id)],
    write: () => {
      tx.update(own.ref, {
        ...cardFieldWrites(fields),
        ...(member
          ? {}
          : { [COMPANY_FIELD]: company.id, [JOINED_FIELD]: FieldValue.serverTimestamp() }),
        [DIRECTORY_USER_FIELD]: scimId,
        // The team the directory put its user in (server/scim/groups.ts), or none.
        [TEAM_FIELD]: card.get(TEAM_FIELD) ?? FieldValue.delete(),
        ...cardChanged(),
      });
      // The provisioned card's name and QR keep working, forwarding to the person's card, and
      // its leads stay the company's, as when a member is removed.
      writeRemoval(tx, {
        companyId: company.id,
        companyName: company.name,
        username: card.id,
        card,
        member: null,
        owned: null,
        forwarders,
        removedBy: DIRECTORY_INVITER,
        forwardTo: ownUsername,
      });
      // No longer the directory user's: their team lists the person's card alone.
      tx.update(card.ref, {
        [DIRECTORY_USER_FIELD]: FieldValue.delete(),
        [TEAM_FIELD]: FieldValue.delete(),
      });
      // SCIM now answers this card's URL, as a new version of the user.
      tx.update(userRef, {
        username: ownUsername,
        lastModified: Timestamp.fromMillis(now),
        version: FieldValue.increment(1),
      });
    },
  };
}
