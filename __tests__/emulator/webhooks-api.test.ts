// The webhooks' HTTP API through karta's own routes (helpers/company-api.ts): a card's endpoints
// are its owner's, a company's its admins' (a member, another account: refused); the whsec_ secret
// is answered once, kept sealed and never read back; bad input is a 400 naming the field with
// nothing written; the log lists an endpoint's last deliveries; «Δοκιμή» and «Επανάληψη» write
// the pending deliveries the daemon sends.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  GET as listCard,
  POST as createCard,
} from '@/app/api/owner/cards/[username]/webhooks/route';
import {
  DELETE as removeCard,
  GET as getCard,
  PATCH as patchCard,
} from '@/app/api/owner/cards/[username]/webhooks/[webhookId]/route';
import { GET as logCard } from '@/app/api/owner/cards/[username]/webhooks/[webhookId]/deliveries/route';
import { POST as testCard } from '@/app/api/owner/cards/[username]/webhooks/[webhookId]/test/route';
import { POST as retryCard } from '@/app/api/owner/cards/[username]/webhooks/[webhookId]/deliveries/[deliveryId]/retry/route';
import {
  GET as listCompany,
  POST as createCompany,
} from '@/app/api/owner/companies/[id]/webhooks/route';
import {
  DELETE as removeCompany,
  GET as getCompany,
} from '@/app/api/owner/companies/[id]/webhooks/[webhookId]/route';
import { POST as testCompany } from '@/app/api/owner/companies/[id]/webhooks/[webhookId]/test/route';
import {
  DELIVERIES_COLLECTION,
  WEBHOOK_ENDPOINTS_COLLECTION,
  deliveryPath,
  ownerWritesPath,
  webhookEndpointPath,
} from '@/lib/collections';
import { DELIVERY_LOG_KEPT, type DeliveryDoc } from '@/lib/deliveries';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@/lib/webhook-input';
import { deliveryKey } from '@/server/deliveries/events';
import { adminDb } from '@/server/firebase/admin-app';
import { openSecret } from '@/server/sso/secret-box';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';
import { companyDocument, memberOf } from '../helpers/company-docs';

const PROJECT = 'demo-karta-webhooks-api';
const COMPANY = 'studio-hooks';
const RECEIVER = 'http://127.0.0.1:9/hooks/karta';

let owner: Account;
let other: Account;
let unverified: Account;
let admin: Account;
let member: Account;

const db = () => adminDb();

afterAll(async () => {
  for (const collection of [WEBHOOK_ENDPOINTS_COLLECTION, DELIVERIES_COLLECTION]) {
    await db().recursiveDelete(db().collection(collection));
  }
});
companyApiFile(PROJECT);

beforeAll(async () => {
  [owner, other, unverified, admin, member] = await Promise.all([
    account('owner@hooks.test'),
    account('other@hooks.test'),
    account('unverified@hooks.test', { verified: false }),
    account('admin@hooks.test'),
    account('member@hooks.test'),
  ]);
  expect(await claimCard(owner, 'maria-hooks', { firstName: 'Μαρία', lastName: 'Δοκιμή' })).toBe(
    201,
  );
  expect(await claimCard(other, 'nikos-hooks', { firstName: 'Νίκος', lastName: 'Δοκιμή' })).toBe(
    201,
  );
  await db()
    .doc(`companies/${COMPANY}`)
    .set(
      companyDocument({
        name: 'Studio Hooks',
        template: {},
        admins: [admin.uid],
        memberUids: [admin.uid, member.uid],
      }),
    );
  await db()
    .doc('users/eva-hooks')
    .set({ username: 'eva-hooks', firstName: 'Εύα', ownerUid: member.uid, ...memberOf(COMPANY) });
});

const cardBase = (username = 'maria-hooks') => `/api/owner/cards/${username}/webhooks`;
const companyBase = (id = COMPANY) => `/api/owner/companies/${id}/webhooks`;

const register = (who: Account, json: unknown, username = 'maria-hooks') =>
  send(createCard, cardBase(username), { username }, { token: who.token, json });
const list = (who: Account, username = 'maria-hooks') =>
  send(listCard, cardBase(username), { username }, { token: who.token, method: 'GET' });
type Route = Parameters<typeof send>[0];
interface Call {
  /** The path past the endpoint's own: `/test`, `/deliveries`. */
  tail?: string;
  method?: string;
  json?: unknown;
}
/** `route` on the card's endpoint `webhookId`, as `who`. */
const onCardEndpoint = (
  route: Route,
  who: Account,
  webhookId: string,
  { tail = '', username = 'maria-hooks', ...init }: Call & { username?: string } = {},
) =>
  send(
    route,
    `${cardBase(username)}/${webhookId}${tail}`,
    { username, webhookId },
    { token: who.token, ...init },
  );
/** `route` on the company's endpoint `webhookId`, as `who`. */
const onCompanyEndpoint = (
  route: Route,
  who: Account,
  webhookId: string,
  { tail = '', ...init }: Call = {},
) =>
  send(
    route,
    `${companyBase()}/${webhookId}${tail}`,
    { id: COMPANY, webhookId },
    { token: who.token, ...init },
  );
const one = (who: Account, webhookId: string, username = 'maria-hooks') =>
  onCardEndpoint(getCard, who, webhookId, { username, method: 'GET' });
const endpointsOf = async (field: 'username' | 'companyId', value: string) =>
  (await db().collection(WEBHOOK_ENDPOINTS_COLLECTION).where(field, '==', value).get()).docs;

async function registered(events = ['lead.created']): Promise<{ id: string; secret: string }> {
  const made = await register(owner, { url: RECEIVER, events });
  expect(made.status).toBe(201);
  return made.body as { id: string; secret: string };
}

// Each test starts with no endpoint and a fresh owner-write window (30 a minute: the file makes
// more).
afterEach(async () => {
  const batch = db().batch();
  for (const doc of (await db().collection(WEBHOOK_ENDPOINTS_COLLECTION).get()).docs) {
    batch.delete(doc.ref);
  }
  for (const who of [owner, admin]) batch.delete(db().doc(ownerWritesPath(who.uid)));
  await batch.commit();
});

/** A delivery to `destination` written as the daemon leaves one. */
function delivery(destination: string, index: number, fields: Partial<DeliveryDoc> = {}) {
  const eventId = `msg_test${index}`;
  const at = Timestamp.fromMillis(Date.UTC(2026, 0, 1) + index * 60_000);
  const doc: DeliveryDoc = {
    kind: 'webhook',
    destination,
    eventId,
    type: 'lead.created',
    username: 'maria-hooks',
    companyId: null,
    payload: { type: 'lead.created', timestamp: at.toDate().toISOString(), data: {} },
    state: 'delivered',
    attempts: 1,
    nextAt: at,
    createdAt: at,
    lastAttemptAt: at,
    lastStatus: 200,
    ...fields,
  };
  return { id: deliveryKey('webhook', destination, eventId), doc };
}

test('the owner registers an endpoint: its secret is answered once as whsec_ + 32 bytes, kept sealed under the endpoint, never in a GET', async () => {
  const { id, secret } = await registered(['card.updated', 'lead.created']);
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

  const stored = await db().doc(webhookEndpointPath(id)).get();
  expect(stored.data()).toMatchObject({
    scope: 'card',
    username: 'maria-hooks',
    url: RECEIVER,
    // In WEBHOOK_EVENTS' order, whatever order they came in.
    events: ['lead.created', 'card.updated'],
    createdBy: owner.uid,
    disabledAt: null,
  });
  expect(JSON.stringify(stored.data())).not.toContain(secret.slice('whsec_'.length, 20));
  const sealed = stored.get('secret') as { iv: string; tag: string; data: string };
  expect(openSecret(sealed, id, 'webhook')).toBe(secret);
  // Its own key and its own endpoint: under the SSO key, or as another endpoint's, it opens not.
  expect(() => openSecret(sealed, id)).toThrow();
  expect(() => openSecret(sealed, 'another-endpoint', 'webhook')).toThrow();

  const listed = await list(owner);
  expect(listed.status).toBe(200);
  expect((listed.body as { webhooks: WebhookEndpointView[] }).webhooks).toEqual([
    expect.objectContaining({ id, url: RECEIVER, enabled: true, disabledReason: null }),
  ]);
  const read = await one(owner, id);
  expect(read.status).toBe(200);
  for (const text of [listed.text, read.text]) {
    expect(text).not.toContain('secret');
    expect(text).not.toContain(sealed.data);
  }
});

test('another account is refused on the card (403 not-owner) and an endpoint of another scope is 404; an unverified owner may not register', async () => {
  const { id } = await registered();
  expect(await register(other, { url: RECEIVER, events: ['lead.created'] })).toMatchObject({
    status: 403,
    body: { error: 'not-owner' },
  });
  expect(await list(other)).toMatchObject({ status: 403, body: { error: 'not-owner' } });
  // Through their own card, the owner's endpoint is none of theirs.
  expect(await one(other, id, 'nikos-hooks')).toMatchObject({
    status: 404,
    body: { error: 'no-webhook' },
  });
  expect(
    await onCardEndpoint(removeCard, other, id, { username: 'nikos-hooks', method: 'DELETE' }),
  ).toMatchObject({ status: 404 });
  expect((await db().doc(webhookEndpointPath(id)).get()).exists).toBe(true);

  // An account cannot claim a card before its address is verified; one verified later may be
  // unverified again (a changed address): its card written as a claim leaves it.
  await db()
    .doc('users/unverified-hooks')
    .set({ username: 'unverified-hooks', firstName: 'Άννα', ownerUid: unverified.uid });
  expect(
    await register(unverified, { url: RECEIVER, events: ['lead.created'] }, 'unverified-hooks'),
  ).toMatchObject({ status: 403, body: { error: 'unverified' } });
  expect(await endpointsOf('username', 'unverified-hooks')).toHaveLength(0);
});

test.each([
  ['http://crm.example.gr/hooks', 'url', WEBHOOK_MESSAGES.https],
  ['ftp://127.0.0.1/hooks', 'url', WEBHOOK_MESSAGES.url],
  ['not a url', 'url', WEBHOOK_MESSAGES.url],
  ['https://10.0.0.7/hooks', 'url', WEBHOOK_MESSAGES.address('private')],
  ['https://192.168.1.1/hooks', 'url', WEBHOOK_MESSAGES.address('private')],
  ['https://[::ffff:10.0.0.7]/hooks', 'url', WEBHOOK_MESSAGES.address('private')],
  ['https://[fd12::1]/hooks', 'url', WEBHOOK_MESSAGES.address('private')],
  ['https://169.254.169.254/latest/meta-data', 'url', WEBHOOK_MESSAGES.address('metadata')],
  ['https://[fd00:ec2::254]/', 'url', WEBHOOK_MESSAGES.address('metadata')],
  ['https://metadata.google.internal/', 'url', WEBHOOK_MESSAGES.address('metadata')],
  ['https://169.254.10.1/hooks', 'url', WEBHOOK_MESSAGES.address('link-local')],
  ['https://[fe80::1]/hooks', 'url', WEBHOOK_MESSAGES.address('link-local')],
  ['https://0.0.0.0/hooks', 'url', WEBHOOK_MESSAGES.address('reserved')],
  ['https://user:pass@127.0.0.1/hooks', 'url', WEBHOOK_MESSAGES.credentials],
  ['https://no-such-host.invalid/hooks', 'url', WEBHOOK_MESSAGES.unresolved],
])('%s is refused: 400 naming %s, nothing written', async (url, field, error) => {
  const refused = await register(owner, { url, events: ['lead.created'] });
  expect(refused).toMatchObject({ status: 400, body: { field, error } });
  expect(await endpointsOf('username', 'maria-hooks')).toHaveLength(0);
});

test.each([
  [{ url: RECEIVER }, WEBHOOK_MESSAGES.events],
  [{ url: RECEIVER, events: [] }, WEBHOOK_MESSAGES.events],
  [{ url: RECEIVER, events: 'lead.created' }, WEBHOOK_MESSAGES.events],
  [
    { url: RECEIVER, events: ['lead.created', 'lead.exploded'] },
    WEBHOOK_MESSAGES.unknownEvent('lead.exploded'),
  ],
])('events %j are refused: 400 naming events, nothing written', async (json, error) => {
  expect(await register(owner, json)).toMatchObject({
    status: 400,
    body: { field: 'events', error },
  });
  expect(await endpointsOf('username', 'maria-hooks')).toHaveLength(0);
});

test(`at most ${WEBHOOK_LIMITS.endpoints} endpoints a card: the next is 400 naming url`, async () => {
  for (let i = 0; i < WEBHOOK_LIMITS.endpoints; i++) await registered();
  expect(await register(owner, { url: RECEIVER, events: ['lead.created'] })).toMatchObject({
    status: 400,
    body: { field: 'url', error: WEBHOOK_MESSAGES.tooMany },
  });
  expect(await endpointsOf('username', 'maria-hooks')).toHaveLength(WEBHOOK_LIMITS.endpoints);
});

test(`the log lists the endpoint's last ${DELIVERY_LOG_KEPT} deliveries, newest first, and no other endpoint's`, async () => {
  const { id } = await registered();
  const { id: otherId } = await registered();
  const writes = db().bulkWriter();
  for (let i = 0; i < DELIVERY_LOG_KEPT + 5; i++) {
    const { id: key, doc } = delivery(
      id,
      i,
      i === DELIVERY_LOG_KEPT + 4
        ? { state: 'failed', lastStatus: 500, attempts: 8, lastError: 'HTTP 500' }
        : {},
    );
    void writes.set(db().doc(deliveryPath(key)), doc);
  }
  const foreign = delivery(otherId, 999);
  void writes.set(db().doc(deliveryPath(foreign.id)), foreign.doc);
  await writes.close();

  const log = await onCardEndpoint(logCard, owner, id, { tail: '/deliveries', method: 'GET' });
  expect(log.status).toBe(200);
  const { deliveries } = log.body as { deliveries: WebhookDeliveryView[] };
  expect(deliveries).toHaveLength(DELIVERY_LOG_KEPT);
  expect(deliveries[0]).toMatchObject({
    eventId: `msg_test${DELIVERY_LOG_KEPT + 4}`,
    type: 'lead.created',
    state: 'failed',
    status: 500,
    attempts: 8,
    error: 'HTTP 500',
    nextAt: null,
  });
  expect(deliveries.at(-1)?.eventId).toBe('msg_test5');
  expect(deliveries.map((d) => d.eventId)).not.toContain('msg_test999');
  expect(log.text).not.toContain('secret');
  expect(log.text).not.toContain('payload');

  expect(
    await onCardEndpoint(logCard, other, id, {
      tail: '/deliveries',
      username: 'nikos-hooks',
      method: 'GET',
    }),
  ).toMatchObject({ status: 404 });
});

test('«Δοκιμή» writes one pending webhook.test delivery to this endpoint only, due now, under its idempotency key', async () => {
  const { id } = await registered();
  const before = Date.now();
  const tested = await onCardEndpoint(testCard, owner, id, { tail: '/test' });
  expect(tested.status).toBe(202);
  const { deliveryId, eventId } = tested.body as { deliveryId: string; eventId: string };
  expect(eventId).toMatch(/^msg_/);
  expect(deliveryId).toBe(deliveryKey('webhook', id, eventId));
  const written = await db().doc(deliveryPath(deliveryId)).get();
  expect(written.data()).toMatchObject({
    kind: 'webhook',
    destination: id,
    eventId,
    type: 'webhook.test',
    username: 'maria-hooks',
    companyId: null,
    state: 'pending',
    attempts: 0,
    payload: { type: 'webhook.test', data: { endpointId: id } },
  });
  const nextAt = (written.get('nextAt') as Timestamp).toMillis();
  expect(nextAt).toBeGreaterThanOrEqual(before - 1000);
  expect(nextAt).toBeLessThanOrEqual(Date.now());
  const all = await db().collection(DELIVERIES_COLLECTION).where('eventId', '==', eventId).get();
  expect(all.size).toBe(1);

  expect(
    await onCardEndpoint(testCard, other, id, { tail: '/test', username: 'nikos-hooks' }),
  ).toMatchObject({ status: 404 });
});

test('«Επανάληψη» puts a failed delivery back to pending, due now, attempts reset, the same event id; a pending one is 409', async () => {
  const { id } = await registered();
  const failed = delivery(id, 1, {
    state: 'failed',
    attempts: 8,
    lastStatus: 503,
    lastError: 'HTTP 503',
  });
  const pending = delivery(id, 2, { state: 'pending', attempts: 2 });
  await db().doc(deliveryPath(failed.id)).set(failed.doc);
  await db().doc(deliveryPath(pending.id)).set(pending.doc);
  const retry = (deliveryId: string, who = owner, username = 'maria-hooks') =>
    send(
      retryCard,
      `${cardBase(username)}/${id}/deliveries/${deliveryId}/retry`,
      { username, webhookId: id, deliveryId },
      { token: who.token },
    );

  const before = Date.now();
  const retried = await retry(failed.id);
  expect(retried).toMatchObject({
    status: 202,
    body: { id: failed.id, eventId: 'msg_test1', state: 'pending', attempts: 0 },
  });
  const stored = await db().doc(deliveryPath(failed.id)).get();
  expect(stored.data()).toMatchObject({
    eventId: 'msg_test1',
    state: 'pending',
    attempts: 0,
    lease: null,
  });
  expect((stored.get('nextAt') as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 1000);

  expect(await retry(pending.id)).toMatchObject({ status: 409, body: { error: 'pending' } });
  expect(await retry('no-such-delivery')).toMatchObject({
    status: 404,
    body: { error: 'no-delivery' },
  });
  expect(await retry(failed.id, other, 'nikos-hooks')).toMatchObject({ status: 404 });
});

test('a disabled endpoint shows why, refuses «Δοκιμή» (409), and PATCH { enabled: true } enables it again', async () => {
  const { id } = await registered();
  await db()
    .doc(webhookEndpointPath(id))
    .update({ disabledAt: FieldValue.serverTimestamp(), disabledReason: 'gone' });
  expect(await one(owner, id)).toMatchObject({
    status: 200,
    body: { enabled: false, disabledReason: 'gone' },
  });
  const test = () => onCardEndpoint(testCard, owner, id, { tail: '/test' });
  expect(await test()).toMatchObject({ status: 409, body: { error: 'disabled' } });
  const patch = (json: unknown) => onCardEndpoint(patchCard, owner, id, { json, method: 'PATCH' });
  expect(await patch({ enabled: false })).toMatchObject({
    status: 400,
    body: { field: 'enabled' },
  });
  expect(await patch({ enabled: true })).toMatchObject({
    status: 200,
    body: { id, enabled: true, disabledReason: null },
  });
  expect((await test()).status).toBe(202);
});

test('DELETE removes the endpoint and its deliveries', async () => {
  const { id } = await registered();
  const logged = delivery(id, 1);
  await db().doc(deliveryPath(logged.id)).set(logged.doc);
  expect(await onCardEndpoint(removeCard, owner, id, { method: 'DELETE' })).toMatchObject({
    status: 200,
  });
  expect((await db().doc(webhookEndpointPath(id)).get()).exists).toBe(false);
  expect((await db().doc(deliveryPath(logged.id)).get()).exists).toBe(false);
  expect(await one(owner, id)).toMatchObject({ status: 404 });
});

describe('a company’s endpoints', () => {
  const registerAs = (who: Account, id = COMPANY) =>
    send(
      createCompany,
      companyBase(id),
      { id },
      { token: who.token, json: { url: RECEIVER, events: ['lead.created', 'lead.updated'] } },
    );
  const listAs = (who: Account) =>
    send(listCompany, companyBase(), { id: COMPANY }, { token: who.token, method: 'GET' });

  test('an admin registers, lists, tests and deletes them; scope company', async () => {
    const made = await registerAs(admin);
    expect(made.status).toBe(201);
    const { id, secret } = made.body as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect((await db().doc(webhookEndpointPath(id)).get()).data()).toMatchObject({
      scope: 'company',
      companyId: COMPANY,
      events: ['lead.created', 'lead.updated'],
    });
    const listed = await listAs(admin);
    expect((listed.body as { webhooks: WebhookEndpointView[] }).webhooks).toEqual([
      expect.objectContaining({ id }),
    ]);
    expect(listed.text).not.toContain('secret');

    const tested = await onCompanyEndpoint(testCompany, admin, id, { tail: '/test' });
    expect(tested.status).toBe(202);
    const { deliveryId } = tested.body as { deliveryId: string };
    expect((await db().doc(deliveryPath(deliveryId)).get()).data()).toMatchObject({
      destination: id,
      companyId: COMPANY,
      username: '',
      type: 'webhook.test',
      state: 'pending',
    });

    // A member (not an admin) can neither read nor delete it.
    for (const who of [member, other]) {
      expect(await onCompanyEndpoint(getCompany, who, id, { method: 'GET' })).toMatchObject({
        status: 403,
        body: { error: 'not-admin' },
      });
      expect(await onCompanyEndpoint(removeCompany, who, id, { method: 'DELETE' })).toMatchObject({
        status: 403,
        body: { error: 'not-admin' },
      });
    }
    expect(await onCompanyEndpoint(removeCompany, admin, id, { method: 'DELETE' })).toMatchObject({
      status: 200,
    });
    expect(await endpointsOf('companyId', COMPANY)).toHaveLength(0);
    expect((await db().doc(deliveryPath(deliveryId)).get()).exists).toBe(false);
  });

  test('a member who is not an admin, or another account, is 403 not-admin and nothing is written', async () => {
    for (const who of [member, other]) {
      expect(await registerAs(who)).toMatchObject({ status: 403, body: { error: 'not-admin' } });
      expect(await listAs(who)).toMatchObject({ status: 403, body: { error: 'not-admin' } });
    }
    expect(await registerAs(admin, 'no-such-company')).toMatchObject({
      status: 404,
      body: { error: 'no-company' },
    });
    expect(await endpointsOf('companyId', COMPANY)).toHaveLength(0);
  });

  test('a card’s endpoint is none of the company’s: 404 through the company’s path', async () => {
    const { id } = await registered();
    expect(await onCompanyEndpoint(getCompany, admin, id, { method: 'GET' })).toMatchObject({
      status: 404,
      body: { error: 'no-webhook' },
    });
  });
});
