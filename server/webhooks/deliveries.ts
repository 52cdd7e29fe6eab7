// An endpoint's deliveries as the console sees them (deliveries/{key}, lib/deliveries.ts): the
// log of the last DELIVERY_LOG_KEPT, the test event «Δοκιμή» sends and «Επανάληψη» of one. Both
// only write a pending delivery, due now: the daemon sends it, as it sends every other one.
import 'server-only';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { DELIVERIES_COLLECTION, deliveryPath } from '../../lib/collections';
import { DELIVERY_LOG_KEPT, type DeliveryDoc, type WebhookScope } from '../../lib/deliveries';
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryView } from '../../lib/webhook-input';
import { testEventData, webhookPayload } from '../../lib/webhook-payload';
import { deliveryKey, newEventId } from '../deliveries/events';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { OwnerError } from '../owner/respond';
import { assertEnabled, iso, readEndpoint, writeEndpoint } from './endpoints';
import { assertManages } from './scope';

function viewOf(doc: DocumentSnapshot): WebhookDeliveryView {
  const data = doc.data() as Partial<DeliveryDoc>;
  return {
    id: doc.id,
    eventId: String(data.eventId ?? ''),
    type: String(data.type ?? ''),
    state: data.state ?? 'pending',
    attempts: typeof data.attempts === 'number' ? data.attempts : 0,
    status: typeof data.lastStatus === 'number' ? data.lastStatus : null,
    error: typeof data.lastError === 'string' ? data.lastError : null,
    createdAt: iso(data.createdAt),
    lastAttemptAt: iso(data.lastAttemptAt),
    nextAt: data.state === 'pending' ? iso(data.nextAt) : null,
  };
}

/** GET …/deliveries: the endpoint's last DELIVERY_LOG_KEPT deliveries, newest first. */
export async function listDeliveries(
  owner: Owner,
  scope: WebhookScope,
  id: string,
): Promise<WebhookDeliveryView[]> {
  await assertManages(owner, scope, { write: false });
  await readEndpoint(scope, id);
  const log = await adminDb()
    .collection(DELIVERIES_COLLECTION)
    .where('kind', '==', 'webhook')
    .where('destination', '==', id)
    .orderBy('createdAt', 'desc')
    .limit(DELIVERY_LOG_KEPT)
    .get();
  return log.docs.map(viewOf);
}

/**
 * POST …/test: a `webhook.test` event to this endpoint only, as a pending delivery due now →
 * its delivery's id and its event's id (the `webhook-id` the receiver gets).
 */
export async function sendTestEvent(
  owner: Owner,
  scope: WebhookScope,
  id: string,
  now = Date.now(),
): Promise<{ deliveryId: string; eventId: string }> {
  const eventId = newEventId();
  const deliveryId = deliveryKey('webhook', id, eventId);
  const at = Timestamp.fromMillis(now);
  const delivery: DeliveryDoc = {
    kind: 'webhook',
    destination: id,
    eventId,
    type: WEBHOOK_TEST_EVENT,
    // A company's endpoint is about no one card.
    username: scope.scope === 'card' ? scope.username : '',
    companyId: scope.scope === 'company' ? scope.companyId : null,
    payload: {
      ...webhookPayload(WEBHOOK_TEST_EVENT, at.toDate().toISOString(), testEventData(id)),
    },
    state: 'pending',
    attempts: 0,
    nextAt: at,
    createdAt: at,
    lease: null,
  };
  await writeEndpoint(
    owner,
    scope,
    id,
    now,
    (tx) => tx.create(adminDb().doc(deliveryPath(deliveryId)), delivery),
    { check: assertEnabled },
  );
  return { deliveryId, eventId };
}

/**
 * POST …/deliveries/{deliveryId}/retry («Επανάληψη»): a delivered or failed delivery pending again,
 * due now with its attempts counted afresh; its event id stays, so the receiver can tell it is the
 * same event. A delivery still pending is 409 `pending` (the daemon has it).
 */
export async function retryDelivery(
  owner: Owner,
  scope: WebhookScope,
  id: string,
  deliveryId: string,
  now = Date.now(),
): Promise<WebhookDeliveryView> {
  const ref = adminDb().doc(deliveryPath(deliveryId));
  await writeEndpoint(
    owner,
    scope,
    id,
    now,
    (tx) =>
      tx.update(ref, {
        state: 'pending',
        attempts: 0,
        nextAt: Timestamp.fromMillis(now),
        lease: null,
        lastError: null,
        deliveredAt: null,
      }),
    {
      also: ref,
      check: (endpoint, delivery) => {
        if (
          !delivery?.exists ||
          delivery.get('kind') !== 'webhook' ||
          delivery.get('destination') !== id
        ) {
          throw new OwnerError(404, { error: 'no-delivery' });
        }
        assertEnabled(endpoint);
        if (delivery.get('state') === 'pending') throw new OwnerError(409, { error: 'pending' });
      },
    },
  );
  return viewOf(await ref.get());
}
