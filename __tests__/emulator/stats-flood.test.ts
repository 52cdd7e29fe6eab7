// A flood of beacons for made-up names, through the function the endpoint calls (recordBeacon,
// with the process's one stats service: its limiter, its memory store and its flusher writing to
// the emulator): 2,000 of them from one address, then a real visitor, who is counted; no made-up
// name reaches the limiter or the store, none is read, and none gets a stats document. Each
// made-up name is new, so 2,000 prove that none is kept as well as more would. Sent through HTTP
// as well, fewer, in e2e/stats-endpoint.test.ts: what stops them is this same function.
import { randomBytes } from 'node:crypto';
import { deleteApp, getApps } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { STATS_COLLECTION } from '@/lib/collections';
import { athensDay } from '@/lib/stats/day';
import { beaconBody } from '@/lib/stats/events';
import { adminDb } from '@/server/firebase/admin-app';
import { parseBeacon } from '@/server/stats/beacon';
import { cardKey } from '@/server/stats/card-key';
import { recordBeacon, statsService } from '@/server/stats/service';

const PROJECT = 'demo-karta-stats-flood';
const SECRET = 'stats-flood-secret';
const FLOOD = 2000;
const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';
const ATTACKER = '198.51.100.66';
const VISITOR = '203.0.113.10';

const saved = { ...process.env };
let db: Firestore;

function headers(address: string): Headers {
  return new Headers({ 'user-agent': PHONE, 'x-forwarded-for': address });
}

beforeAll(() => {
  Object.assign(process.env, {
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT,
    REVALIDATE_SECRET: SECRET,
    // Only the test's own flush writes; the service leaves the worker's signals alone.
    STATS_FLUSH_MS: String(60 * 60_000),
    NEXT_MANUAL_SIG_HANDLE: '1',
  });
  delete process.env.REDIS_URL;
  delete process.env.STATS_PROXY_HOPS;
  db = adminDb();
});

afterAll(async () => {
  await statsService().flusher.stop();
  await db.recursiveDelete(db.collection('users'));
  await Promise.all(getApps().map((app) => deleteApp(app)));
  process.env = saved;
});

test('2,000 beacons for made-up names from one address, then a visitor: counted; no made-up name stored, read or written', async () => {
  const visited = 'flood-visited';
  await db.doc(`users/${visited}`).set({ username: visited, firstName: 'Πλημμύρα' });
  // Counts only reach the writer through the store: a read of a made-up name would be a getAll of
  // it at the flush, which this records.
  const read: string[] = [];
  const getAll = db.getAll.bind(db);
  db.getAll = (...args: Parameters<typeof getAll>) => {
    for (const ref of args) if ('path' in ref) read.push(ref.path);
    return getAll(...args);
  };

  const outcomes = new Map<string, number>();
  for (let i = 0; i < FLOOD; i++) {
    const username = `made-up-${i}`;
    // Without a key, or with one the attacker made up (of the right shape).
    const forged = i % 2 ? { username } : { username, key: randomBytes(16).toString('base64url') };
    const beacon = parseBeacon(beaconBody(forged, 'view'));
    if (!beacon) throw new Error(`not a beacon: ${beaconBody(forged, 'view')}`);
    const outcome = await recordBeacon(beacon, headers(ATTACKER));
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }

  const visitor = parseBeacon(
    beaconBody({ username: visited, key: cardKey(SECRET, visited) }, 'view'),
  );
  expect(await recordBeacon(visitor!, headers(VISITOR))).toBe('counted');
  expect(Object.fromEntries(outcomes)).toEqual({ 'unknown-card': FLOOD });
  const { limiter, flusher } = statsService();
  // The visitor's pair alone.
  expect(limiter.size).toBe(1);
  const report = await flusher.flush();
  expect(report).toEqual({ taken: 1, writes: 1, dropped: 0, unwritten: 0 });
  expect(read).toEqual([`users/${visited}`]);

  expect(
    (await db.doc(`users/${visited}/${STATS_COLLECTION}/${athensDay(Date.now())}`).get()).data(),
  ).toEqual({
    views: 1,
  });
  const stats = await db.collectionGroup(STATS_COLLECTION).get();
  expect(stats.docs.map((doc) => doc.ref.parent.parent?.id)).toEqual([visited]);
});
