// A card's or a company's webhook endpoints (webhookEndpoints/{id}, lib/deliveries.ts): registered
// with a `whsec_` secret answered once and kept sealed (server/sso/secret-box.ts, purpose
// 'webhook', the endpoint's id as AAD), listed without it, re-enabled after the daemon disabled
// one, and deleted with their delivery log. The daemon (daemon/deliveries/) delivers to them.
import 'server-only';
import { randomBytes } from 'node:crypto';
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  DELIVERIES_COLLECTION,
  WEBHOOK_ENDPOINTS_COLLECTION,
  webhookEndpointPath,
} from '../../lib/collections';
import type { WebhookEndpointDoc, WebhookScope } from '../../lib/deliveries';
import { env } from '../../lib/env';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  parseWebhookInput,
  type WebhookCreated,
  type WebhookEndpointView,
} from '../../lib/webhook-input';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { OwnerError, badField } from '../owner/respond';
import { chargeOwnerWrite } from '../owner/write-limit';
import { sealSecret } from '../sso/secret-box';
import { resolvedHostProblem } from './resolve';
import { NO_ENDPOINT, assertManages, isInScope, scopeEndpoints } from './scope';

/** Random bytes of a secret: Standard Webhooks asks for 24 to 64. */
const SECRET_BYTES = 32;
/** Deletes per batch when an endpoint's log goes with it. */
const DELETE_BATCH = 200;

/**
 * One write about endpoint `id` of `scope`, in a transaction: `owner` must manage the scope and
 * the endpoint be the scope's (404 otherwise); `check` sees it, and `also` read with it, before
 * the write is charged; then `write` writes.
 */
export async function writeEndpoint(
  owner: Owner,
  scope: WebhookScope,
  id: string,
  now: number,
  write: (tx: Transaction, endpoint: DocumentSnapshot, also?: DocumentSnapshot) => void,
  {
    also,
    check,
  }: {
    also?: DocumentReference;
    check?: (endpoint: DocumentSnapshot, also?: DocumentSnapshot) => void;
  } = {},
): Promise<void> {
  const db = adminDb();
  await db.runTransaction(async (tx) => {
    await assertManages(owner, scope, { tx, write: true });
    const refs = [db.doc(webhookEndpointPath(id)), ...(also ? [also] : [])];
    const [endpoint, other] = await tx.getAll(...refs);
    if (!isInScope(endpoint.data(), scope)) throw NO_ENDPOINT();
    check?.(endpoint, other);
    await chargeOwnerWrite(tx, owner.uid, now);
    write(tx, endpoint, other);
  });
}

/** A Firestore time as ISO 8601, null for none. */
export const iso = (value: unknown): string | null =>
  value instanceof Timestamp ? value.toDate().toISOString() : null;

function viewOf(doc: DocumentSnapshot): WebhookEndpointView {
  const data = doc.data() as Partial<WebhookEndpointDoc>;
  return {
    id: doc.id,
    url: String(data.url ?? ''),
    events: Array.isArray(data.events) ? data.events : [],
    enabled: !data.disabledAt,
    disabledReason: data.disabledAt ? (data.disabledReason ?? 'failing') : null,
    createdAt: iso(data.createdAt),
    disabledAt: iso(data.disabledAt),
    failingSince: iso(data.failingSince),
  };
}

/** POST: a new endpoint of `scope` → its id and its secret, which no later answer repeats. */
export async function createEndpoint(
  owner: Owner,
  scope: WebhookScope,
  body: unknown,
  now = Date.now(),
): Promise<WebhookCreated> {
  const allowLoopback = env.webhooksAllowLoopback;
  const parsed = parseWebhookInput(body, { allowLoopback });
  if ('field' in parsed) throw badField(parsed.field, parsed.error);
  await assertManages(owner, scope, { write: true });
  // A name is resolved once here, to refuse a plain mistake early; the daemon judges each address
  // again when it sends, since DNS may answer otherwise by then.
  const problem = await resolvedHostProblem(new URL(parsed.input.url), allowLoopback);
  if (problem) throw badField('url', problem);

  const db = adminDb();
  const ref = db.collection(WEBHOOK_ENDPOINTS_COLLECTION).doc();
  const secret = `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
  await db.runTransaction(async (tx) => {
    await assertManages(owner, scope, { tx, write: true });
    const existing = await tx.get(scopeEndpoints(db, scope).select());
    if (existing.size >= WEBHOOK_LIMITS.endpoints) {
      throw badField('url', WEBHOOK_MESSAGES.tooMany);
    }
    await chargeOwnerWrite(tx, owner.uid, now);
    const doc: WebhookEndpointDoc = {
      ...scope,
      ...parsed.input,
      secret: sealSecret(secret, ref.id, 'webhook'),
      createdAt: Timestamp.fromMillis(now),
      createdBy: owner.uid,
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
    };
    tx.create(ref, doc);
  });
  return { id: ref.id, secret };
}

/** GET: `scope`'s endpoints, oldest first, without their secrets. */
export async function listEndpoints(
  owner: Owner,
  scope: WebhookScope,
): Promise<WebhookEndpointView[]> {
  await assertManages(owner, scope, { write: false });
  const found = await scopeEndpoints(adminDb(), scope).get();
  return found.docs
    .map(viewOf)
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
}

/** The endpoint `id` if it is `scope`'s (read outside a write), or a 404. */
export async function readEndpoint(scope: WebhookScope, id: string): Promise<DocumentSnapshot> {
  const doc = await adminDb().doc(webhookEndpointPath(id)).get();
  if (!isInScope(doc.data(), scope)) throw NO_ENDPOINT();
  return doc;
}

/** GET one. */
export async function getEndpoint(
  owner: Owner,
  scope: WebhookScope,
  id: string,
): Promise<WebhookEndpointView> {
  await assertManages(owner, scope, { write: false });
  return viewOf(await readEndpoint(scope, id));
}

/**
 * PATCH `{ enabled: true }`: a disabled endpoint enabled again (its failures forgotten); the
 * deliveries that had failed stay failed, each may be retried.
 */
export async function enableEndpoint(
  owner: Owner,
  scope: WebhookScope,
  id: string,
  body: unknown,
  now = Date.now(),
): Promise<WebhookEndpointView> {
  if ((body as { enabled?: unknown } | null)?.enabled !== true) {
    throw badField('enabled', WEBHOOK_MESSAGES.enabled);
  }
  await writeEndpoint(owner, scope, id, now, (tx, endpoint) =>
    tx.update(endpoint.ref, { disabledAt: null, disabledReason: null, failingSince: null }),
  );
  return viewOf(await adminDb().doc(webhookEndpointPath(id)).get());
}

/** DELETE: the endpoint, then its deliveries (its log, and those not yet sent: none will be). */
export async function deleteEndpoint(
  owner: Owner,
  scope: WebhookScope,
  id: string,
  now = Date.now(),
): Promise<void> {
  await writeEndpoint(owner, scope, id, now, (tx, endpoint) => tx.delete(endpoint.ref));
  const db = adminDb();
  const log = db
    .collection(DELIVERIES_COLLECTION)
    .where('kind', '==', 'webhook')
    .where('destination', '==', id)
    .limit(DELETE_BATCH);
  for (;;) {
    const page = await log.get();
    if (page.empty) return;
    const batch = db.batch();
    for (const delivery of page.docs) batch.delete(delivery.ref);
    await batch.commit();
  }
}

/** Refuses a write to a disabled endpoint: enable it first (409 `disabled`). */
export function assertEnabled(endpoint: DocumentSnapshot): void {
  if (endpoint.get('disabledAt')) {
    throw new OwnerError(409, { error: 'disabled', message: WEBHOOK_MESSAGES.disabled });
  }
}
