// card.updated and card.voided: every write the app makes to a card sets HOOKS_PENDING_FIELD
// (server/card-stamp.ts cardChanged), and this fans out each card holding it and clears it, only if
// the card has not changed since it was read: a later edit keeps it pending and is fanned out in
// turn. The event's id comes from the card's version, so a daemon that dies before clearing the
// flag makes the same deliveries again, which exist already.
import { createHash } from 'node:crypto';
import { FieldValue, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { COMPANY_FIELD, HOOKS_PENDING_FIELD, OFF_FIELD } from '../../lib/collections';
import type { HookEventDoc } from '../../lib/deliveries';
import { normaliseProfile, toPublicProfile } from '../../lib/profile';
import type { DeliveryChannel } from './channel';
import { fanOut, type Handover } from './fan-out';

/** The `data` of card.updated and card.voided: the card as its page shows it, and whether it is voided. */
export function cardSummary(username: string, raw: unknown, voided: boolean) {
  return { ...toPublicProfile(normaliseProfile(username, raw)), voided };
}

/** A deterministic event id (`msg_…`) for `parts`: the same event whenever it is fanned out again. */
export function eventIdOf(...parts: string[]): string {
  return `msg_${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32)}`;
}

/** Fans out the card `snapshot` (a card with its flag set) and clears the flag. */
export function fanOutCard(
  db: Firestore,
  channels: readonly DeliveryChannel[],
  snapshot: QueryDocumentSnapshot,
  handover?: Handover,
): Promise<string[]> {
  const username = snapshot.id;
  const voided = snapshot.get(OFF_FIELD) != null;
  const companyId: unknown = snapshot.get(COMPANY_FIELD);
  const event: HookEventDoc & { id: string } = {
    // valueOf() spells the version to the nanosecond.
    id: eventIdOf('card', username, snapshot.updateTime.valueOf()),
    type: voided ? 'card.voided' : 'card.updated',
    username,
    companyId: typeof companyId === 'string' ? companyId : null,
    data: cardSummary(username, snapshot.data(), voided),
    at: snapshot.updateTime.toDate().toISOString(),
  };
  return fanOut(
    db,
    channels,
    event,
    {
      mark: (batch) =>
        batch.update(
          snapshot.ref,
          { [HOOKS_PENDING_FIELD]: FieldValue.delete() },
          { lastUpdateTime: snapshot.updateTime },
        ),
      due: async (tx) => {
        const card = await tx.get(snapshot.ref);
        return (
          card.get(HOOKS_PENDING_FIELD) === true &&
          card.updateTime?.isEqual(snapshot.updateTime) === true
        );
      },
      done: (tx) => tx.update(snapshot.ref, { [HOOKS_PENDING_FIELD]: FieldValue.delete() }),
    },
    handover,
  );
}
