// The webhook channel (daemon/deliveries/webhook-channel.ts) with the delivery worker, against a
// real Firestore emulator and real receivers (node http servers on loopback) that verify each
// request with `standardwebhooks`: the signature holds and the body is { type, timestamp, data };
// a retry carries the same webhook-id; a 410 disables the endpoint and mails its owner; three days
// of failures (an injected clock) disable a company's endpoint and mail its admins; and the
// address guard (webhook-request.ts): loopback refused outside the demo, link-local metadata and a
// name resolving to a private address refused, the connection pinned to the address checked, no
// redirect followed, a slow receiver cut at the deadline, a 10 MB answer cut after a few KiB (and tried again).
import { randomBytes } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { Webhook } from 'standardwebhooks';
import { ENDPOINT_DISABLED_SUBJECT } from '@/daemon/deliveries/endpoint-disabled-mail';
import { newDelivery } from '@/daemon/deliveries/fan-out';
import { webhookChannel, type WebhookChannelOptions } from '@/daemon/deliveries/webhook-channel';
import { MAX_ANSWER_BYTES, sendWebhookRequest } from '@/daemon/deliveries/webhook-request';
import { startDeliveries, type DeliveryWorker } from '@/daemon/deliveries/worker';
import {
  DELIVERIES_COLLECTION,
  OUTBOX_COLLECTION,
  WEBHOOK_ENDPOINTS_COLLECTION,
  cardPath,
  companyPath,
  deliveryPath,
  webhookEndpointPath,
} from '@/lib/collections';
import {
  ENDPOINT_FAILING_LIMIT_MS,
  type DeliveryDoc,
  type HookEventDoc,
  type WebhookEndpointDoc,
  type WebhookScope,
} from '@/lib/deliveries';
import { deliveryKey, newEventId } from '@/server/deliveries/events';
import { sealSecret } from '@/server/sso/secret-box';
import { eventually } from '../helpers/eventually';
import { startOriginStandIn, type Answer, type OriginStandIn } from '../helpers/origin-stand-in';

process.env.REVALIDATE_SECRET ??= 'webhook-channel-test';
const PROJECT = 'demo-karta-webhook-channel';

let app: App;
let db: Firestore;
const workers: DeliveryWorker[] = [];
const receivers: OriginStandIn[] = [];
const logs: string[] = [];
/** The injected clock of endpoints' failing time. */
let clock = Date.now();

/** A request as the receiver got it; standardwebhooks' `verify` takes each header as one string. */
interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on loopback: records each request and answers with `handler`; its URL. */
async function receiver(handler: Answer): Promise<{ url: string; received: Received[] }> {
  const standIn = await startOriginStandIn(handler);
  receivers.push(standIn);
  return { url: `${standIn.url}/hooks`, received: standIn.received as Received[] };
}

const answer =
  (...statuses: number[]): Answer =>
  (_req, res) => {
    res.statusCode = statuses.length > 1 ? statuses.shift()! : statuses[0];
    res.end('ok');
  };

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

async function endpoint(
  scope: WebhookScope,
  url: string,
  extra: Partial<WebhookEndpointDoc> = {},
): Promise<{ id: string; secret: string }> {
  const ref = db.collection(WEBHOOK_ENDPOINTS_COLLECTION).doc();
  const secret = newSecret();
  const doc: WebhookEndpointDoc = {
    ...scope,
    url,
    events: ['lead.created', 'lead.updated'],
    secret: sealSecret(secret, ref.id, 'webhook'),
    createdAt: Timestamp.now(),
    createdBy: 'uid-maria',
    ...extra,
  } as WebhookEndpointDoc;
  await ref.create(doc);
  return { id: ref.id, secret };
}

const event = (extra: Partial<HookEventDoc> = {}): HookEventDoc & { id: string } => ({
  id: newEventId(),
  type: 'lead.created',
  username: 'maria',
  companyId: 'studio',
  data: { name: 'Ελένη Π.', email: 'eleni@example.com' },
  at: new Date().toISOString(),
  ...extra,
});

const channelOptions = (extra: Partial<WebhookChannelOptions> = {}): WebhookChannelOptions => ({
  accountEmail: async (uid) => `${uid}@example.com`,
  allowLoopback: true,
  timeoutMs: 2000,
  now: () => clock,
  log: (line) => logs.push(line),
  ...extra,
});

function worker(extra: Partial<WebhookChannelOptions> = {}): DeliveryWorker {
  const started = startDeliveries({
    db,
    channels: [webhookChannel(channelOptions(extra))],
    log: (line) => logs.push(line),
    retryDelayMs: (attempts) => [50, 50, 50][attempts - 1] ?? null,
  });
  workers.push(started);
  return started;
}

/** Fans `ev` out through the channel, as fan-out does, and writes its deliveries. */
async function fanOut(ev: HookEventDoc & { id: string }): Promise<string[]> {
  const destinations = await webhookChannel(channelOptions()).destinationsOf(db, ev);
  return Promise.all(
    destinations.map(async (to) => {
      const id = deliveryKey('webhook', to.destination, ev.id);
      await db.doc(deliveryPath(id)).create(newDelivery('webhook', to, ev, Timestamp.now()));
      return id;
    }),
  );
}

const read = async (id: string) => (await db.doc(deliveryPath(id)).get()).data() as DeliveryDoc;
const readEndpoint = async (id: string) =>
  (await db.doc(webhookEndpointPath(id)).get()).data() as WebhookEndpointDoc;
const mails = async () =>
  (await db.collection(OUTBOX_COLLECTION).get()).docs.map((doc) => doc.data());

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT }, 'webhook-channel-test');
  db = getFirestore(app);
  await db.doc(cardPath('maria')).set({ ownerUid: 'uid-maria', companyId: 'studio' });
  await db.doc(companyPath('studio')).set({ name: 'Studio Φως', admins: ['uid-a', 'uid-b'] });
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await Promise.all(receivers.splice(0).map((standIn) => standIn.stop()));
  for (const name of [DELIVERIES_COLLECTION, WEBHOOK_ENDPOINTS_COLLECTION, OUTBOX_COLLECTION]) {
    await db.recursiveDelete(db.collection(name));
  }
  logs.length = 0;
  clock = Date.now();
});

afterAll(async () => {
  await deleteApp(app);
});

test('the card’s and its company’s endpoints that subscribe get the event, signed: the receiver verifies it', async () => {
  const [mine, company] = [await receiver(answer(200)), await receiver(answer(204))];
  const card = await endpoint({ scope: 'card', username: 'maria' }, mine.url);
  const studio = await endpoint({ scope: 'company', companyId: 'studio' }, company.url);
  // Not theirs, not subscribed, disabled: none of these gets it.
  const other = await receiver(answer(200));
  await endpoint({ scope: 'card', username: 'nikos' }, other.url);
  await endpoint({ scope: 'card', username: 'maria' }, other.url, { events: ['card.updated'] });
  await endpoint({ scope: 'card', username: 'maria' }, other.url, {
    disabledAt: Timestamp.now(),
    disabledReason: 'gone',
  });
  const ev = event();
  const ids = await fanOut(ev);
  expect(ids).toHaveLength(2);
  const w = worker();
  await w.ready;
  await eventually(async () =>
    (await Promise.all(ids.map(read))).every((d) => d.state === 'delivered'),
  );
  for (const [{ received }, { secret }] of [
    [mine, card],
    [company, studio],
  ] as const) {
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.headers['webhook-id']).toBe(ev.id);
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual({
      type: 'lead.created',
      timestamp: ev.at,
      data: ev.data,
    });
    // Another endpoint's secret does not verify it.
    expect(() => new Webhook(newSecret()).verify(request.body, request.headers)).toThrow();
  }
  expect(other.received).toHaveLength(0);
  expect((await read(ids[0])).lastStatus).toBeGreaterThanOrEqual(200);
});

test('a retry carries the same webhook-id, signed again; the endpoint’s failing time is noted and cleared', async () => {
  const hook = await receiver(answer(503, 503, 200));
  const { id, secret } = await endpoint({ scope: 'card', username: 'maria' }, hook.url);
  const [delivery] = await fanOut(event({ companyId: null }));
  worker();
  await eventually(async () => (await read(delivery)).state === 'delivered');
  expect(hook.received).toHaveLength(3);
  const ids = new Set(hook.received.map((request) => request.headers['webhook-id']));
  expect(ids.size).toBe(1);
  for (const request of hook.received) {
    expect(() => new Webhook(secret).verify(request.body, request.headers)).not.toThrow();
  }
  expect(await read(delivery)).toMatchObject({ attempts: 3, lastStatus: 200 });
  expect((await readEndpoint(id)).failingSince ?? null).toBeNull();
});

test('a 410 disables the endpoint (gone), stops its retries and mails the card’s owner in Greek', async () => {
  const hook = await receiver(answer(410));
  const { id } = await endpoint({ scope: 'card', username: 'maria' }, hook.url);
  const [delivery] = await fanOut(event({ companyId: null }));
  worker();
  await eventually(async () => (await readEndpoint(id)).disabledReason === 'gone');
  expect((await readEndpoint(id)).disabledAt).toBeInstanceOf(Timestamp);
  expect(await read(delivery)).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 410 });
  const [mail] = await eventually(async () => {
    const all = await mails();
    return all.length > 0 && all;
  });
  expect(mail).toMatchObject({ to: 'uid-maria@example.com', subject: ENDPOINT_DISABLED_SUBJECT });
  expect(mail.text).toContain('της κάρτας «maria»');
  expect(mail.text).toContain(hook.url);
  expect(mail.text).toContain('410');
  expect(hook.received).toHaveLength(1);
});

test('an endpoint failing for three days is disabled (failing), and the company’s admins are mailed', async () => {
  const hook = await receiver(answer(500));
  const { id } = await endpoint({ scope: 'company', companyId: 'studio' }, hook.url);
  const started = clock;
  const [first] = await fanOut(event());
  worker();
  await eventually(async () => (await read(first)).state === 'failed');
  expect(millisOf((await readEndpoint(id)).failingSince)).toBe(started);
  expect((await readEndpoint(id)).disabledAt ?? null).toBeNull();
  // Three days later, still failing: the next attempt disables it.
  clock = started + ENDPOINT_FAILING_LIMIT_MS;
  const [second] = await fanOut(event());
  await eventually(async () => (await readEndpoint(id)).disabledReason === 'failing');
  await eventually(async () => (await read(second)).state === 'failed');
  expect((await read(second)).attempts).toBe(1);
  const sent = await eventually(async () => {
    const all = await mails();
    return all.length === 2 && all;
  });
  expect(sent.map((mail) => mail.to).sort()).toEqual(['uid-a@example.com', 'uid-b@example.com']);
  expect(sent[0].text).toContain('της εταιρείας «Studio Φως»');
  expect(sent[0].text).toContain('3 ημέρες');
  // Disabled, it gets nothing more.
  const before = hook.received.length;
  await fanOut(event());
  expect(await webhookChannel(channelOptions()).destinationsOf(db, event())).toEqual([]);
  expect(hook.received.length).toBe(before);
});

const millisOf = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : null);

describe('the address guard', () => {
  const request = (url: string, extra: Partial<Parameters<typeof sendWebhookRequest>[0]> = {}) =>
    sendWebhookRequest({
      url,
      headers: { 'content-type': 'application/json' },
      body: '{}',
      allowLoopback: true,
      timeoutMs: 1000,
      ...extra,
    });

  test('outside the demo, loopback is refused, by address and by name, and plain http too', async () => {
    const hook = await receiver(answer(200));
    const port = new URL(hook.url).port;
    for (const url of [
      `https://127.0.0.1:${port}/`,
      `https://[::1]:${port}/`,
      `https://localhost:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
    ]) {
      expect(await request(url, { allowLoopback: false })).toEqual({
        status: null,
        error: 'refused: loopback address',
      });
    }
    expect(await request(hook.url, { allowLoopback: false })).toEqual({
      status: null,
      error: 'refused: not https',
    });
    // A name that resolves to loopback, outside the demo.
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(
      await request(`https://hooks.example.com:${port}/`, { allowLoopback: false, resolve }),
    ).toMatchObject({ status: null, error: 'refused: loopback address' });
    expect(hook.received).toHaveLength(0);
  });

  test('metadata and private addresses are refused even in the demo, by address and by name', async () => {
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00:ec2::254]/',
      'https://metadata.google.internal/computeMetadata/v1/',
    ]) {
      expect(await request(url)).toEqual({ status: null, error: 'refused: metadata address' });
    }
    expect(await request('https://10.1.2.3/')).toEqual({
      status: null,
      error: 'refused: private address',
    });
    expect(await request('https://100.64.0.1/')).toMatchObject({ status: null });
    expect(await request('https://[fe80::1]/')).toMatchObject({
      error: 'refused: link-local address',
    });
    // A public-looking name that resolves to a private address, or to one public and one private.
    for (const addresses of [
      [{ address: '10.0.0.7', family: 4 }],
      [
        { address: '93.184.216.34', family: 4 },
        { address: '192.168.1.5', family: 4 },
      ],
    ]) {
      expect(
        await request('https://hooks.example.com/', { resolve: async () => addresses }),
      ).toEqual({ status: null, error: 'refused: private address' });
    }
  });

  test('the connection goes to the address checked, not to what the name resolves to later', async () => {
    const hook = await receiver(answer(200));
    const port = new URL(hook.url).port;
    // receiver.invalid resolves nowhere in DNS: reaching the receiver proves the pinned address.
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await request(`http://receiver.invalid:${port}/hooks`, { resolve })).toMatchObject({
      status: 200,
    });
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0].headers.host).toBe(`receiver.invalid:${port}`);
  });

  test('a redirect is not followed: the 3xx is the answer', async () => {
    const target = await receiver(answer(200));
    const hook = await receiver((_req, res) => {
      res.writeHead(307, { location: target.url }).end();
    });
    expect(await request(hook.url)).toMatchObject({ status: 307 });
    expect(target.received).toHaveLength(0);
  });

  test('a slow receiver is cut at the deadline, even after its status', async () => {
    const silent = await receiver(() => {});
    const dribbling = await receiver((_req, res) => {
      res.writeHead(200);
      res.write('a');
    });
    for (const url of [silent.url, dribbling.url]) {
      const answered = await request(url, { timeoutMs: 500 });
      expect(answered).toMatchObject({ status: null });
      expect((answered as { error: string }).error).toContain('timed out after 500 ms');
    }
  });

  test('a 10 MB answer is cut after a few KiB, a failed attempt', async () => {
    const total = 10 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    let closed = false;
    const hook = await receiver((_req, res) => {
      res.on('close', () => (closed = true));
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(total) });
      const more = () => {
        while (!closed && written < total) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const answered = await request(hook.url, { timeoutMs: 10_000 });
    expect(answered).toEqual({
      status: null,
      error: `HTTP 200, then an answer over ${MAX_ANSWER_BYTES} bytes: cut`,
    });
    await eventually(() => closed);
    expect(written).toBeLessThan(total);
  });

  test('through the worker, a refused address is a failed attempt with its reason in the log', async () => {
    const { id } = await endpoint(
      { scope: 'card', username: 'maria' },
      'https://169.254.169.254/latest/meta-data/',
    );
    const [delivery] = await fanOut(event({ companyId: null }));
    worker();
    await eventually(async () => (await read(delivery)).state === 'failed');
    expect(await read(delivery)).toMatchObject({
      attempts: 4,
      lastStatus: null,
      lastError: 'refused: metadata address',
    });
    expect((await readEndpoint(id)).failingSince).toBeInstanceOf(Timestamp);
  });
});
