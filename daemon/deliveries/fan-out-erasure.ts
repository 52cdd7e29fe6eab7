// An erased card (or one removed) is gone everywhere: its passes are voided (card.voided, fanned
// out to the pass channels as any recorded event), and its webhook endpoints and every webhook
// delivery about it, its own receivers' and its company's, are deleted, since their payloads hold
// its leads' names and addresses. Run by the erasures' clean-up (daemon/cleanup/erasures.ts)
// before it deletes the tombstone, so a daemon stopped half-way does it all again.
import type { Firestore, Query } from 'firebase-admin/firestore';
import {
  DELIVERIES_COLLECTION,
  WEBHOOK_ENDPOINTS_COLLECTION,
  hookEventPath,
} from '../../lib/collections';
import type { HookEventDoc } from '../../lib/deliveries';
import { deleteUnchanged } from './delete-docs';
import { eventIdOf } from './fan-out-cards';

/** What went: the card's webhook endpoints and the webhook deliveries about it. */
export interface DeliveriesErased {
  endpoints: number;
  deliveries: number;
}

async function deleteAll(db: Firestore, query: Query): Promise<number> {
  const found = await query.select().get();
  const failed = await deleteUnchanged(db, found.docs);
  // Thrown, so the clean-up keeps the tombstone and runs again.
  if (failed > 0) throw new Error(`${failed} of ${found.size} not deleted`);
  return found.size;
}

/** Voids the passes of `username`, erased at `at` (ms), and deletes its webhooks' traces. */
export async function eraseDeliveries(
  db: Firestore,
  username: string,
  at: number,
): Promise<DeliveriesErased> {
  const event: HookEventDoc = {
    type: 'card.voided',
    username,
    companyId: null,
    data: { username, voided: true },
    at: new Date(at).toISOString(),
  };
  // Under an id of this erasure: a clean-up run again records the same event, whose deliveries'
  // keys exist already.
  await db.doc(hookEventPath(eventIdOf('erased', username, String(at)))).set(event);
  const endpoints = await deleteAll(
    db,
    db
      .collection(WEBHOOK_ENDPOINTS_COLLECTION)
      .where('scope', '==', 'card')
      .where('username', '==', username),
  );
  const deliveries = await deleteAll(
    db,
    db
      .collection(DELIVERIES_COLLECTION)
      .where('kind', '==', 'webhook')
      .where('username', '==', username),
  );
  return { endpoints, deliveries };
}
