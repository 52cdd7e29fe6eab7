// lead.created: visitors write their contacts straight to Firestore (users/{u}/contacts/{id}, under
// firestore.rules), so no server records an event for them. This fans out each new contact and
// marks it (LEAD_HOOKS_FIELD) in the same transaction: a restart neither loses one (an unmarked
// contact is fanned out when seen again) nor doubles one (the mark, and the event id taken from
// the contact's path, which gives the same deliveries' keys and the same `webhook-id`).
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import {
  CLAIMED_FIELD,
  COMPANY_FIELD,
  CREATED_FIELD,
  JOINED_FIELD,
  LEAD_HOOKS_FIELD,
  cardPath,
} from '../../lib/collections';
import type { HookEventDoc } from '../../lib/deliveries';
import { leadPayload } from '../../lib/lead-payload';
import type { DeliveryChannel } from './channel';
import { fanOut, type Handover } from './fan-out';
import { eventIdOf } from './fan-out-cards';

const millis = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : null);

/** Fans out the contact `ref`'s lead.created, once; resolves with the deliveries it created. */
export async function fanOutLead(
  db: Firestore,
  channels: readonly DeliveryChannel[],
  ref: DocumentReference,
  handover?: Handover,
): Promise<string[]> {
  const username = ref.parent.parent?.id;
  if (!username) return [];
  const [contact, card] = await db.getAll(ref, db.doc(cardPath(username)));
  if (!contact.exists || contact.get(LEAD_HOOKS_FIELD) !== undefined) return [];
  const createdAt = millis(contact.get(CREATED_FIELD)) ?? 0;
  // Left before the card's claim (for an earlier owner of the name, erased since) reaches no one:
  // the channels cannot tell the card's receivers, this owner's, from its company's. A company's
  // receivers get only what came after the card joined it, as its admins read them.
  const claimedAt = millis(card.get(CLAIMED_FIELD));
  const ownersOwn = card.exists && (claimedAt === null || createdAt >= claimedAt);
  const companyId: unknown = card.get(COMPANY_FIELD);
  const joinedAt = millis(card.get(JOINED_FIELD));
  const companys =
    typeof companyId === 'string' && (joinedAt === null || createdAt >= joinedAt)
      ? companyId
      : null;
  const event: HookEventDoc & { id: string } = {
    id: eventIdOf('lead.created', ref.path),
    type: 'lead.created',
    username,
    companyId: companys,
    data: leadPayload(username, ref.id, contact.data() ?? {}),
    at: new Date(createdAt).toISOString(),
  };
  return fanOut(
    db,
    ownersOwn ? channels : [],
    event,
    {
      mark: (batch) =>
        batch.update(
          ref,
          { [LEAD_HOOKS_FIELD]: FieldValue.serverTimestamp() },
          { lastUpdateTime: contact.updateTime },
        ),
      due: async (tx) => {
        const now = await tx.get(ref);
        return now.exists && now.get(LEAD_HOOKS_FIELD) === undefined;
      },
      done: (tx) => tx.update(ref, { [LEAD_HOOKS_FIELD]: FieldValue.serverTimestamp() }),
    },
    handover,
  );
}
