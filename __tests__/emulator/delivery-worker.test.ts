// The delivery outbox's worker (daemon/deliveries/worker.ts) against a real Firestore emulator,
// with a channel that records its sends and answers as each test says: a delivery is sent once and
// marked delivered, even with two workers; failures are retried on the schedule and fail after the
// last attempt; a destination gone is not retried and its channel told; a lease held keeps a second
// worker off, and a lapsed one is taken over; a worker restarted goes on with a pending retry; the
// log keeps the newest 100 deliveries per destination; `sendNow` sends one created with its lease.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { DeliveryChannel, SendOutcome } from '@/daemon/deliveries/channel';
import {
  startDeliveries,
  type DeliveriesOptions,
  type DeliveryWorker,
} from '@/daemon/deliveries/worker';
import { DELIVERIES_COLLECTION, deliveryPath } from '@/lib/collections';
import { DELIVERY_LOG_KEPT, type DeliveryDoc } from '@/lib/deliveries';
import { deliveryKey, newEventId } from '@/server/deliveries/events';
import { eventually } from '../helpers/eventually';

const PROJECT = 'demo-karta-delivery-worker';

let app: App;
let db: Firestore;
const workers: DeliveryWorker[] = [];
const logs: string[] = [];

/** Each send: the delivery's id, the worker that sent it, and when. */
const sends: { id: string; by: string; at: number }[] = [];
/** What the channel answers, per destination; a success unless set. */
let answer: (destination: string) => SendOutcome | Promise<SendOutcome> = () => ({
  ok: true,
  status: 200,
});
const goneFor: string[] = [];

function channel(by: string): DeliveryChannel {
  return {
    kind: 'webhook',
    destinationsOf: async () => [],
    async send(_db, delivery) {
      sends.push({ id: delivery.id, by, at: Date.now() });
      return answer(delivery.destination);
    },
    async gone(_db, delivery) {
      goneFor.push(delivery.destination);
    },
  };
}

function worker(name: string, extra: Partial<DeliveriesOptions> = {}): DeliveryWorker {
  const started = startDeliveries({
    db,
    channels: [channel(name)],
    id: name,
    log: (line) => logs.push(`[${name}] ${line}`),
    retryDelayMs: (attempts) => [50, 100, 150][attempts - 1] ?? null,
    ...extra,
  });
  workers.push(started);
  return started;
}

function delivery(
  destination: string,
  extra: Partial<DeliveryDoc> = {},
): DeliveryDoc & {
  id: string;
} {
  const eventId = newEventId();
  return {
    id: deliveryKey('webhook', destination, eventId),
    kind: 'webhook',
    destination,
    eventId,
    type: 'lead.created',
    username: 'maria',
    companyId: null,
    payload: { type: 'lead.created', timestamp: new Date().toISOString(), data: {} },
    state: 'pending',
    attempts: 0,
    nextAt: Timestamp.now(),
    createdAt: Timestamp.now(),
    ...extra,
  };
}

async function create(d: DeliveryDoc & { id: string }): Promise<string> {
  const { id, ...doc } = d;
  await db.doc(deliveryPath(id)).create(doc);
  return id;
}

const read = async (id: string) => (await db.doc(deliveryPath(id)).get()).data() as DeliveryDoc;
const sendsOf = (id: string) => sends.filter((send) => send.id === id);

beforeAll(() => {
  app = initializeApp({ projectId: PROJECT }, 'delivery-worker-test');
  db = getFirestore(app);
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await db.recursiveDelete(db.collection(DELIVERIES_COLLECTION));
  sends.length = 0;
  goneFor.length = 0;
  logs.length = 0;
  answer = () => ({ ok: true, status: 200 });
});

afterAll(async () => {
  await deleteApp(app);
});

test('a pending delivery is sent once and marked delivered, even with two workers', async () => {
  const [a, b] = [worker('a'), worker('b')];
  await Promise.all([a.ready, b.ready]);
  const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => create(delivery(`d${i}`))));
  await eventually(async () => {
    const docs = await Promise.all(ids.map(read));
    return docs.every((doc) => doc.state === 'delivered');
  });
  await eventually(() => a.idle() && b.idle());
  for (const id of ids) expect(sendsOf(id)).toHaveLength(1);
  const done = await read(ids[0]);
  expect(done).toMatchObject({ attempts: 1, lastStatus: 200, lastError: null, lease: null });
  expect(done.deliveredAt).toBeInstanceOf(Timestamp);
});

test('a failed attempt is retried after the schedule’s waits, and after the last the delivery has failed', async () => {
  answer = () => ({ ok: false, status: 500, error: 'HTTP 500' });
  const a = worker('a');
  await a.ready;
  const id = await create(delivery('failing'));
  await eventually(async () => (await read(id)).state === 'failed');
  const attempts = sendsOf(id);
  expect(attempts).toHaveLength(4);
  // Each wait at least the schedule's (50, 100, 150 ms).
  [50, 100, 150].forEach((ms, i) => {
    expect(attempts[i + 1].at - attempts[i].at).toBeGreaterThanOrEqual(ms - 5);
  });
  expect(await read(id)).toMatchObject({ attempts: 4, lastStatus: 500, lastError: 'HTTP 500' });
});

test('a destination gone is not retried, and its channel is told', async () => {
  answer = () => ({ ok: false, status: 410, error: 'HTTP 410', gone: true });
  const a = worker('a');
  await a.ready;
  const id = await create(delivery('gone'));
  await eventually(async () => (await read(id)).state === 'failed');
  await eventually(() => goneFor.includes('gone'));
  await eventually(() => a.idle());
  expect(sendsOf(id)).toHaveLength(1);
});

test('a delivery leased by a live worker is left alone; a lapsed lease is taken over', async () => {
  const a = worker('a');
  await a.ready;
  const held = await create(
    delivery('held', { lease: { by: 'other', until: Timestamp.fromMillis(Date.now() + 60_000) } }),
  );
  const until = Date.now() + 1500;
  const lapsing = await create(
    delivery('lapsing', { lease: { by: 'dead', until: Timestamp.fromMillis(until) } }),
  );
  await eventually(async () => (await read(lapsing)).state === 'delivered');
  expect(sendsOf(lapsing)[0].at).toBeGreaterThanOrEqual(until);
  expect(sendsOf(held)).toHaveLength(0);
  expect((await read(held)).state).toBe('pending');
});

test('a slow send is not made twice: the second worker waits for the first one’s lease', async () => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  answer = async () => {
    await gate;
    return { ok: true, status: 200 };
  };
  const a = worker('a', { leaseMs: 60_000 });
  await a.ready;
  const id = await create(delivery('slow'));
  await eventually(() => sendsOf(id).length === 1);
  const b = worker('b', { leaseMs: 60_000 });
  await b.ready;
  // b has seen it, and waits for a's lease.
  await eventually(() => !b.idle());
  release();
  await eventually(async () => (await read(id)).state === 'delivered');
  await eventually(() => a.idle() && b.idle());
  expect(sendsOf(id)).toHaveLength(1);
});

test('a worker restarted mid-retry makes the next attempt from what Firestore holds', async () => {
  answer = () => ({ ok: false, status: 503, error: 'HTTP 503' });
  const a = worker('a', { retryDelayMs: () => 1500 });
  await a.ready;
  const id = await create(delivery('restart'));
  await eventually(async () => (await read(id)).attempts === 1);
  await a.stop();
  answer = () => ({ ok: true, status: 204 });
  const b = worker('b');
  await b.ready;
  await eventually(async () => (await read(id)).state === 'delivered');
  expect(await read(id)).toMatchObject({ attempts: 2, lastStatus: 204 });
  expect(sendsOf(id).map((send) => send.by)).toEqual(['a', 'b']);
});

test('sendNow sends a delivery created with the worker’s lease at once, once', async () => {
  const a = worker('a');
  await a.ready;
  const d = delivery('now', { lease: a.lease() });
  await create(d);
  a.sendNow(d);
  await eventually(async () => (await read(d.id)).state === 'delivered');
  await eventually(() => a.idle());
  expect(sendsOf(d.id)).toHaveLength(1);
});

test('the log keeps the newest 100 deliveries of each destination, pending ones always', async () => {
  const a = worker('a');
  const base = Date.now() - 60_000;
  const batch = db.batch();
  const old = Array.from({ length: DELIVERY_LOG_KEPT + 4 }, (_, i) => {
    const { id, ...doc } = delivery('logged', {
      state: i % 2 ? 'delivered' : 'failed',
      createdAt: Timestamp.fromMillis(base + i),
    });
    batch.create(db.doc(deliveryPath(id)), doc);
    return id;
  });
  await batch.commit();
  const waiting = await create(
    delivery('logged', {
      createdAt: Timestamp.fromMillis(base - 1),
      nextAt: Timestamp.fromMillis(Date.now() + 3_600_000),
    }),
  );
  const other = await create(delivery('elsewhere', { state: 'delivered' }));
  await a.ready;
  const fresh = await create(delivery('logged'));
  await eventually(async () => (await read(fresh)).state === 'delivered');
  await eventually(async () => {
    const left = await db
      .collection(DELIVERIES_COLLECTION)
      .where('destination', '==', 'logged')
      .get();
    // The newest 100: the fresh one and 99 old ones; the pending one stays though older.
    return left.size === DELIVERY_LOG_KEPT + 1;
  });
  const left = new Set(
    (await db.collection(DELIVERIES_COLLECTION).get()).docs.map((doc) => doc.id),
  );
  expect([...old.slice(5), fresh, waiting, other].every((id) => left.has(id))).toBe(true);
  expect(old.slice(0, 5).some((id) => left.has(id))).toBe(false);
});
