// The events karta's server records (hookEvents/{eventId}, server/deliveries/events.ts): each is
// fanned out and deleted in the same transaction, so the collection holds only events still owed.
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { HookEventDoc } from '../../lib/deliveries';
import type { DeliveryChannel } from './channel';
import { fanOut, type Handover } from './fan-out';

/** Fans out the recorded event `snapshot`; nothing when another daemon did first. */
export function fanOutRecorded(
  db: Firestore,
  channels: readonly DeliveryChannel[],
  snapshot: QueryDocumentSnapshot,
  handover?: Handover,
): Promise<string[]> {
  const event = { ...(snapshot.data() as HookEventDoc), id: snapshot.id };
  return fanOut(
    db,
    channels,
    event,
    {
      mark: (batch) => batch.delete(snapshot.ref, { lastUpdateTime: snapshot.updateTime }),
      due: async (tx) => (await tx.get(snapshot.ref)).exists,
      done: (tx) => tx.delete(snapshot.ref),
    },
    handover,
  );
}
