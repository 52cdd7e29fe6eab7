// POST /api/events in process: the route's own handler, given the Request a `next start` would
// give it, with the process's one stats service (its limiter, its memory store, and its flusher
// writing to the emulator). What it refuses and counts nothing for, the bots and the rate limit,
// beacons without their card's key, and 2,000 made-up names from one address (none of which
// reaches the limiter, the store or a read). The test drives the flushes (their interval is an
// hour) and reads the counts back from the emulator, under a project id of its own. Next's
// after(), which needs the server's request scope, is recorded instead. What needs a real socket
// (no proxy in front) is in e2e/stats-buckets.test.ts; several processes, in e2e/scale/stats.ts.
import { randomBytes } from 'node:crypto';
import { deleteApp, getApps } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { STATS_COLLECTION } from '@/lib/collections';
import { athensDay } from '@/lib/stats/day';
import { EVENTS_PATH, MAX_BEACON_BYTES, beaconBody } from '@/lib/stats/events';
import { adminDb } from '@/server/firebase/admin-app';
import { cardKey } from '@/server/stats/card-key';
import { statsService } from '@/server/stats/service';
import { GET, POST } from '@/app/api/events/route';

const afterTasks: Array<() => unknown> = [];
jest.mock('next/server', () => ({
  after: (task: () => unknown) => void afterTasks.push(task),
}));

const PROJECT = 'demo-karta-stats-endpoint';
const SECRET = 'stats-endpoint-secret';
const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';
const PREVIEWER = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const URL_OF_EVENTS = `http://127.0.0.1${EVENTS_PATH}`;

const saved = { ...process.env };
let db: Firestore;

beforeAll(() => {
  Object.assign(process.env, {
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT,
    REVALIDATE_SECRET: SECRET,
    // Only the test's own flushes write; the service leaves the worker's signals alone.
    STATS_FLUSH_MS: String(60 * 60_000),
    NEXT_MANUAL_SIG_HANDLE: '1',
    // As behind a CDN: `send` writes X-Forwarded-For as one would.
    STATS_PROXY_HOPS: '1',
  });
  delete process.env.REDIS_URL;
  delete process.env.STATS_RATE_LIMIT;
  db = adminDb();
});

afterAll(async () => {
  await statsService().flusher.stop();
  await db.recursiveDelete(db.collection('users'));
  await Promise.all(getApps().map((app) => deleteApp(app)));
  process.env = saved;
});

let cards = 0;
async function newCard(label: string): Promise<string> {
  const username = `stats-${label}-${cards++}`;
  await db.doc(`users/${username}`).set({ username, firstName: 'Στατιστική' });
  return username;
}

/** What the card's HTML gives its script: the name and the card's stats key. */
const card = (username: string) => ({ username, key: cardKey(SECRET, username) });

interface SendOptions {
  userAgent?: string;
  address?: string;
}

/** The request as `next start` hands it on: a client's headers, Content-Length included. */
function send(body: string | ReadableStream<Uint8Array>, options: SendOptions = {}) {
  const headers = new Headers({
    'content-type': 'text/plain;charset=UTF-8',
    'user-agent': options.userAgent ?? PHONE,
    'x-forwarded-for': options.address ?? '198.51.100.1',
  });
  if (typeof body === 'string') headers.set('content-length', String(Buffer.byteLength(body)));
  return POST(
    new Request(URL_OF_EVENTS, { method: 'POST', headers, body, duplex: 'half' } as RequestInit),
  );
}

const statsOf = async (username: string) =>
  (await db.doc(`users/${username}/${STATS_COLLECTION}/${athensDay(Date.now())}`).get()).data();

/** Writes what the store holds, as the interval would. */
const flush = () => statsService().flusher.flush();

test('a beacon is counted: 204, never cached; a view from the QR code adds to qrViews, one from the wallet pass to walletViews, one of the English card to enViews', async () => {
  const username = await newCard('ok');
  afterTasks.length = 0;
  const res = await send(beaconBody(card(username), 'view'));
  expect(res.status).toBe(204);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect((await send(beaconBody(card(username), 'view', 'qr'))).status).toBe(204);
  expect((await send(beaconBody(card(username), 'view', 'wallet'))).status).toBe(204);
  expect((await send(beaconBody(card(username), 'view', 'wallet'))).status).toBe(204);
  expect((await send(beaconBody(card(username), 'whatsapp'))).status).toBe(204);
  const english = { ...card(username), lang: 'en' };
  expect((await send(beaconBody(english, 'view'))).status).toBe(204);
  expect((await send(beaconBody(english, 'view', 'qr'))).status).toBe(204);
  // A graceful stop awaits what after() was given: each count's flush.
  expect(afterTasks).toHaveLength(7);
  await flush();
  expect(await statsOf(username)).toEqual({
    views: 6,
    qrViews: 2,
    walletViews: 2,
    enViews: 2,
    whatsappTaps: 1,
  });
});

test('malformed bodies get 400 or 413, never cached, and count nothing', async () => {
  const username = await newCard('bad');
  const refused: Array<[string, string, number]> = [
    ['not JSON', `{"u":"${username}","e":"view"`, 400],
    ['an unknown event', `{"u":"${username}","e":"purchase"}`, 400],
    ['an extra field', `{"u":"${username}","e":"view","id":"abc"}`, 400],
    ['a wallet mark on a tap', `{"u":"${username}","e":"save","w":1}`, 400],
    ['q on a tap', `{"u":"${username}","e":"phone","q":1}`, 400],
    ['a language on a tap', `{"u":"${username}","e":"save","l":"en"}`, 400],
    ['a language other than English', `{"u":"${username}","e":"view","l":"de"}`, 400],
    ['a bad username', '{"u":"api","e":"view"}', 400],
    ['a path as username', `{"u":"${username}/stats","e":"view"}`, 400],
    ['a key of the wrong shape', `{"u":"${username}","k":"not-a-key","e":"view"}`, 400],
    ['an empty body', '', 400],
    ['too long', `{"u":"${username}","e":"view","x":"${'x'.repeat(MAX_BEACON_BYTES)}"}`, 413],
  ];
  for (const [label, body, status] of refused) {
    const res = await send(body);
    expect([label, res.status, res.headers.get('cache-control')]).toEqual([
      label,
      status,
      'no-store',
    ]);
  }
  // Streamed, with no Content-Length to refuse it by, some forty times the limit: cut off once
  // it is over the limit, the rest never read (the stream cancelled before its end).
  const encoder = new TextEncoder();
  let chunks = 0;
  let cancelled = false;
  const long = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`{"u":"${username}","e":"view","x":"`));
    },
    pull(controller) {
      if (chunks++ < 100) controller.enqueue(encoder.encode('x'.repeat(100)));
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  const streamed = await send(long);
  expect([streamed.status, streamed.headers.get('cache-control'), cancelled]).toEqual([
    413,
    'no-store',
    true,
  ]);
  const get = GET();
  expect([get.status, get.headers.get('cache-control'), get.headers.get('allow')]).toEqual([
    405,
    'no-store',
    'POST',
  ]);
  await flush();
  expect(await statsOf(username)).toBeUndefined();
});

test("a link previewer's or a bot's view is answered 204 and counts nothing", async () => {
  const username = await newCard('bot');
  for (const userAgent of [PREVIEWER, 'curl/8.5.0', '']) {
    expect([
      userAgent,
      (await send(beaconBody(card(username), 'view'), { userAgent })).status,
    ]).toEqual([userAgent, 204]);
  }
  expect((await send(beaconBody(card(username), 'save'))).status).toBe(204);
  await flush();
  expect(await statsOf(username)).toEqual({ saves: 1 });
});

test('the rate limit: the 61st event a minute from one address is not counted; another card, or another address, is', async () => {
  const [limited, other] = [await newCard('limited'), await newCard('other')];
  const address = '203.0.113.61';
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) {
    statuses.push((await send(beaconBody(card(limited), 'view'), { address })).status);
  }
  // Answered like any count (a browser would report another status in the visitor's console);
  // the counts below show the limit.
  const last = await send(beaconBody(card(limited), 'view'), { address });
  expect([...new Set(statuses), last.status, last.headers.get('cache-control')]).toEqual([
    204,
    204,
    'no-store',
  ]);
  expect((await send(beaconBody(card(other), 'view'), { address })).status).toBe(204);
  // Behind the CDN, the address is the one it appended, not what the client wrote before it.
  const forged = `10.9.9.9, ${address}`;
  expect((await send(beaconBody(card(limited), 'view'), { address: forged })).status).toBe(204);
  expect((await send(beaconBody(card(limited), 'view'), { address: '203.0.113.62' })).status).toBe(
    204,
  );
  await flush();
  expect(await statsOf(limited)).toEqual({ views: 61 });
  expect(await statsOf(other)).toEqual({ views: 1 });
});

test("without the card's key, or with another's, a beacon is answered 204 and counts nothing", async () => {
  const [username, other] = [await newCard('keyless'), await newCard('keyless-other')];
  const beacons = [
    beaconBody({ username }, 'view'),
    beaconBody({ username, key: card(other).key }, 'view'),
    beaconBody({ username, key: 'A'.repeat(22) }, 'save'),
  ];
  for (const body of beacons) expect((await send(body)).status).toBe(204);
  expect((await send(beaconBody(card(username), 'phone'))).status).toBe(204);
  await flush();
  expect(await statsOf(username)).toEqual({ phoneTaps: 1 });
});

test('2,000 beacons for made-up names from one address, then a visitor: counted; no made-up name is held, read or written', async () => {
  const visited = await newCard('flood');
  const { limiter } = statsService();
  // What the earlier tests left: the store empty, the limiter holding their pairs.
  await flush();
  const pairs = limiter.size;
  // Counts only reach the writer through the store: a read of a made-up name would be a getAll of
  // it at the flush, which this records.
  const read: string[] = [];
  const getAll = db.getAll.bind(db);
  db.getAll = (...args: Parameters<typeof getAll>) => {
    for (const ref of args) if ('path' in ref) read.push(ref.path);
    return getAll(...args);
  };

  const madeUp = Array.from({ length: 2000 }, (_, i) => `made-up-${i}`);
  // Without a key, or with one the sender made up (of the right shape): nobody but the server
  // can compute it.
  const statuses = new Map<number, number>();
  for (const [i, username] of madeUp.entries()) {
    const forged = i % 2 ? { username } : { username, key: randomBytes(16).toString('base64url') };
    const body = beaconBody(forged, 'view');
    const { status } = await send(body, { address: '198.51.100.66' });
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  expect(Object.fromEntries(statuses)).toEqual({ 204: madeUp.length });
  expect((await send(beaconBody(card(visited), 'view'), { address: '203.0.113.10' })).status).toBe(
    204,
  );
  // The visitor's pair alone was added, and the store held the visitor's card-day alone.
  expect(limiter.size).toBe(pairs + 1);
  expect(await flush()).toEqual({ taken: 1, writes: 1, dropped: 0, unwritten: 0 });
  expect(read).toEqual([`users/${visited}`]);
  expect(await statsOf(visited)).toEqual({ views: 1 });
  const written = await db.collectionGroup(STATS_COLLECTION).get();
  expect(written.docs.filter((doc) => doc.ref.path.includes('made-up-'))).toEqual([]);
});
