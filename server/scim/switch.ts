// A directory's `active`: false switches the card off as a removal does (server/company/
// members.ts): `offAt`, no owner (their membership ends, their departure note says they were
// removed), the cards forwarding to it follow, the leads stay the company's, and the person's
// pending invitation is revoked; true brings the same card back live under the same username
// with the same leads, and a new invitation for its person to claim it again. Each is read first
// and written after (`prepare…` returns the writes), as a Firestore transaction requires.
import 'server-only';
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { OFF_FIELD, OWNER_FIELD, companyPath, memberPath, ownerPath } from '../../lib/collections';
import { cardChanged } from '../card-stamp';
import { cardsForwardingTo, lastAdmin, writeRemoval } from '../company/members';
import { adminDb } from '../firebase/admin-app';
import { ScimError } from './errors';
import { DIRECTORY_INVITER, pendingDirectoryInvites } from './invitation';

export interface Prepared {
  write: () => void;
  /** The cards whose pages change. */
  cards: string[];
}

/**
 * The company's last admin is not the directory's to remove (as an admin's removal refuses it,
 * server/company/members.ts): no one could administer the company. 409, as a conflict with the
 * company's state that the company's IT admin resolves in karta, then retries.
 */
const LAST_ADMIN = new ScimError(
  409,
  "This user is the company's only admin in karta; make another member admin first " +
    '(karta › Εταιρεία › Μέλη), then retry.',
);

/**
 * Reads, in `tx`, what switching the card off changes; company `companyId`, directory user
 * `scimId`. Throws LAST_ADMIN when its person is the company's only admin.
 */
export async function prepareSwitchOff(
  tx: Transaction,
  companyId: string,
  companyName: string,
  card: DocumentSnapshot,
  scimId: string,
): Promise<Prepared> {
  const db = adminDb();
  const username = card.id;
  const uid: unknown = card.get(OWNER_FIELD);
  const [member, owned] =
    typeof uid === 'string'
      ? await tx.getAll(db.doc(memberPath(companyId, uid)), db.doc(ownerPath(uid)))
      : [null, null];
  const active = member?.exists && member.get('status') === 'active' ? member : null;
  if (active && lastAdmin(await tx.get(db.doc(companyPath(companyId))), active.id)) {
    throw LAST_ADMIN;
  }
  const forwarders = await cardsForwardingTo(tx, companyId, username);
  const invites = await pendingDirectoryInvites(tx, companyId, scimId);
  return {
    cards: [username, ...forwarders.map(({ card: forwarded }) => forwarded.id)],
    write: () => {
      writeRemoval(tx, {
        companyId,
        companyName,
        username,
        // A card already off (its user deactivated, then deleted) keeps the forwarding an admin
        // may have given it since.
        card: card.exists && card.get(OFF_FIELD) === undefined ? card : null,
        member: active,
        owned,
        forwarders,
        removedBy: DIRECTORY_INVITER,
        forwardTo: null,
      });
      for (const invite of invites) {
        tx.update(invite.ref, { status: 'revoked', revokedAt: FieldValue.serverTimestamp() });
      }
    },
  };
}

/** Writes, in `tx`, the card live again (its invitation is the caller's: it has the fields). */
export function writeSwitchOn(tx: Transaction, card: DocumentSnapshot): void {
  tx.update(card.ref, { [OFF_FIELD]: FieldValue.delete(), ...cardChanged() });
}
