// Events recorded by karta's server in the transaction (or batch) of the write they are about, so
// that an event exists exactly when its write does; the daemon fans each out into deliveries
// (lib/deliveries.ts) and deletes it. No 'server-only': the daemon and the tests run it outside
// Next (as card-stamp.ts).
import { createHash, randomUUID } from 'node:crypto';
import type { Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { hookEventPath } from '../../lib/collections';
import type { DeliveryKind, HookEventDoc } from '../../lib/deliveries';

/** A new event id, as Standard Webhooks spells a message's: `msg_` and a unique part. */
export function newEventId(): string {
  return `msg_${randomUUID().replace(/-/g, '')}`;
}

/** Records `event` in `writer` (a transaction or a batch); resolves to nothing, returns its id. */
export function recordHookEvent(
  db: Firestore,
  writer: Transaction | WriteBatch,
  event: Omit<HookEventDoc, 'at'> & { at?: string },
): string {
  const id = newEventId();
  const doc: HookEventDoc = { ...event, at: event.at ?? new Date().toISOString() };
  // Transaction.create and WriteBatch.create take the same arguments.
  (writer as WriteBatch).create(db.doc(hookEventPath(id)), doc);
  return id;
}

/** The idempotency key of `eventId` to `destination` of `kind`: the delivery's document id. */
export function deliveryKey(kind: DeliveryKind, destination: string, eventId: string): string {
  return createHash('sha256')
    .update(`${kind}\n${destination}\n${eventId}`)
    .digest('hex')
    .slice(0, 40);
}
