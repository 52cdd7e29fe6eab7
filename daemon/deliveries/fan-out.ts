// Fan-out: one event (lib/deliveries.ts HookEventDoc, wherever it came from) becomes one delivery
// per destination that every channel names, each under its idempotency key (deliveryKey), in the
// same transaction as the write that marks the event's source done (the server's hookEvents
// document deleted, a contact marked, a card's pending flag cleared). A daemon that dies before
// that transaction leaves the source as it was, and the next run creates the same keys; one that
// dies after it left every delivery in the outbox. Either way nothing is lost and nothing doubled.
import {
  FieldValue,
  type DocumentReference,
  type Firestore,
  type Timestamp,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { deliveryPath } from '../../lib/collections';
import type { DeliveryDoc, DeliveryKind, HookEventDoc } from '../../lib/deliveries';
import { deliveryKey } from '../../server/deliveries/events';
import type { DeliveryChannel, Destination } from './channel';

/** The event's source, marked done in the same commit that creates its deliveries. */
export interface EventSource {
  /**
   * Marks it done in `batch`, on condition that it is still the version that was read (an update
   * or delete with `lastUpdateTime`): the batch fails as a whole when another run got there first.
   */
  mark(batch: WriteBatch): void;
  /** Reads the source; false when its event is fanned out already (or no longer due). */
  due(tx: Transaction): Promise<boolean>;
  /** Marks it done, beside the deliveries (a transaction's writes come after all its reads). */
  done(tx: Transaction): void;
}

/** Firestore's codes for a batch that met an earlier run's work: created, changed, or gone. */
const MET_EARLIER_RUN = new Set([5, 6, 9]);

/**
 * The worker of this daemon (worker.ts), when it takes each new delivery at once: each is created
 * holding its lease, and handed over once committed, so the first attempt waits for no snapshot.
 */
export interface Handover {
  lease(): NonNullable<DeliveryDoc['lease']>;
  sendNow(delivery: DeliveryDoc & { id: string }): void;
}

/** Deliveries created in one transaction: well within Firestore's 500 writes. */
const PER_TRANSACTION = 400;

/**
 * A new delivery: pending, nothing tried yet, made and due `at`, the server's now unless told (a
 * test that hands it to a channel unwritten has no server's time to give it).
 */
export function newDelivery(
  kind: DeliveryKind,
  { destination, payload }: Destination,
  event: HookEventDoc & { id: string },
  at: Timestamp | FieldValue | null = FieldValue.serverTimestamp(),
): DeliveryDoc {
  return {
    kind,
    destination,
    eventId: event.id,
    type: event.type,
    username: event.username,
    companyId: event.companyId,
    payload,
    state: 'pending',
    attempts: 0,
    nextAt: at,
    createdAt: at,
  };
}

/**
 * Creates the deliveries of `event` not created yet and marks `source` done; resolves with the
 * ids of the deliveries this call created (none when the source was done already).
 */
export async function fanOut(
  db: Firestore,
  channels: readonly DeliveryChannel[],
  event: HookEventDoc & { id: string },
  source: EventSource,
  handover?: Handover,
): Promise<string[]> {
  const perChannel = await Promise.all(
    channels.map(async (channel) =>
      (await channel.destinationsOf(db, event)).map((to) => ({
        ref: db.doc(deliveryPath(deliveryKey(channel.kind, to.destination, event.id))),
        doc: newDelivery(channel.kind, to, event),
      })),
    ),
  );
  const all = perChannel.flat();
  const chunks: Array<typeof all> = [];
  for (let i = 0; i < all.length; i += PER_TRANSACTION) {
    chunks.push(all.slice(i, i + PER_TRANSACTION));
  }
  if (chunks.length === 0) chunks.push([]);
  const created: Array<DeliveryDoc & { id: string }> = [];
  // Usually one chunk: one batch, the source's mark conditioned on the version read, costs one
  // round trip where a transaction costs four (and locks, which the emulator serialises). Only
  // when it meets an earlier or concurrent run does the transaction below sort out what is left.
  if (chunks.length === 1) {
    const lease = handover?.lease() ?? null;
    const batch = db.batch();
    for (const { ref, doc } of all) batch.create(ref, { ...doc, lease });
    source.mark(batch);
    try {
      await batch.commit();
      created.push(...all.map(({ ref, doc }) => ({ ...doc, lease, id: ref.id })));
      chunks.length = 0;
    } catch (error) {
      if (!MET_EARLIER_RUN.has((error as { code?: number }).code ?? -1)) throw error;
    }
  }
  for (const [index, chunk] of chunks.entries()) {
    const last = index === chunks.length - 1;
    const made = await db.runTransaction(async (tx) => {
      if (!(await source.due(tx))) return null;
      const refs: DocumentReference[] = chunk.map(({ ref }) => ref);
      const existing = refs.length > 0 ? await tx.getAll(...refs) : [];
      const fresh = chunk.filter((_, i) => !existing[i]?.exists);
      const lease = handover?.lease() ?? null;
      for (const { ref, doc } of fresh) tx.create(ref, { ...doc, lease });
      // Only with the last chunk: until then, a run after a crash finds the source still due.
      if (last) source.done(tx);
      return fresh.map(({ ref, doc }) => ({ ...doc, lease, id: ref.id }));
    });
    if (made === null) break;
    created.push(...made);
  }
  if (handover) for (const delivery of created) handover.sendNow(delivery);
  return created.map(({ id }) => id);
}
