// The flusher and its Firestore writer against the real emulator: a flush writes exactly the sums,
// with one write per card-day however many beacons there were (the English card's views beside the
// others), adds to what is already there, and
// gives a card that does not exist no stats at all.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, WriteBatch, type Firestore } from 'firebase-admin/firestore';
import { STATS_COLLECTION } from '@/lib/collections';
import type { StatsCounter } from '@/lib/stats/events';
import { Flusher } from '@/server/stats/flusher';
import { MemoryCounterStore } from '@/server/stats/memory-store';
import { writeCounts } from '@/server/stats/writer';

// Its own project, so its documents are its own.
const PROJECT = 'demo-karta-stats-flush';
const DAY = '2025-07-14';
const NEXT_DAY = '2025-07-15';

let app: App;
let db: Firestore;
const logs: string[] = [];

const statsOf = async (username: string, day = DAY) =>
  (await db.doc(`users/${username}/${STATS_COLLECTION}/${day}`).get()).data();

function setUp() {
  const store = new MemoryCounterStore();
  const flusher = new Flusher({
    store,
    write: (counts) => writeCounts(db, counts, { readDeadlineMs: 5000 }),
    intervalMs: 60_000,
    log: (line) => logs.push(line),
  });
  const add = async (username: string, n: number, counters: StatsCounter[], day = DAY) => {
    for (let i = 0; i < n; i++) await store.add(username, day, counters);
  };
  return { store, flusher, add };
}

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT }, 'stats-flush');
  db = getFirestore(app);
  await db.recursiveDelete(db.collection('users'));
  await db.doc('users/maria').set({ username: 'maria', firstName: 'Μαρία' });
  await db.doc('users/nikos').set({ username: 'nikos', firstName: 'Νίκος' });
});

afterAll(async () => {
  await deleteApp(app);
});

afterEach(() => {
  jest.restoreAllMocks();
  logs.length = 0;
});

test('exactly the summed increments, one write per card-day, one commit per flush', async () => {
  const commits = jest.spyOn(WriteBatch.prototype, 'commit');
  const sets = jest.spyOn(WriteBatch.prototype, 'set');
  const { flusher, add } = setUp();
  await add('maria', 200, ['views']);
  await add('maria', 40, ['views', 'qrViews']);
  await add('maria', 9, ['views', 'qrViews', 'enViews']);
  await add('maria', 3, ['saves']);
  await add('nikos', 7, ['views']);
  await add('maria', 1, ['phoneTaps'], NEXT_DAY);

  const report = await flusher.flush();
  expect(report).toEqual({ taken: 3, writes: 3, dropped: 0, unwritten: 0 });
  expect(sets).toHaveBeenCalledTimes(3);
  expect(commits).toHaveBeenCalledTimes(1);
  expect(await statsOf('maria')).toEqual({ views: 249, qrViews: 49, enViews: 9, saves: 3 });
  expect(await statsOf('nikos')).toEqual({ views: 7 });
  expect(await statsOf('maria', NEXT_DAY)).toEqual({ phoneTaps: 1 });
  expect(logs).toEqual([]);

  // The next flush adds to what is there, and writes only the card-days that had beacons.
  await add('maria', 5, ['views']);
  await flusher.flush();
  expect(sets).toHaveBeenCalledTimes(4);
  expect(await statsOf('maria')).toEqual({ views: 254, qrViews: 49, enViews: 9, saves: 3 });
  expect(await statsOf('nikos')).toEqual({ views: 7 });
  expect(flusher.totals).toEqual({ flushes: 2, writes: 4 });
});

test('a card that does not exist gets no stats document, and its counts are dropped', async () => {
  const { store, flusher, add } = setUp();
  await add('nobody-here', 30, ['views']);
  await add('nikos', 1, ['shares']);
  const report = await flusher.flush();
  expect(report).toEqual({ taken: 2, writes: 1, dropped: 1, unwritten: 0 });
  expect(await statsOf('nobody-here')).toBeUndefined();
  const leftovers = await db.collection(`users/nobody-here/${STATS_COLLECTION}`).get();
  expect(leftovers.size).toBe(0);
  expect((await db.doc('users/nobody-here').get()).exists).toBe(false);
  expect((await statsOf('nikos'))?.shares).toBe(1);
  // Dropped, not kept: nothing is tried again.
  expect(await store.take()).toBeNull();
});

test('hundreds of cards in one flush: a read and a write per card, in batches', async () => {
  const cards = Array.from({ length: 620 }, (_, i) => `card-${String(i).padStart(3, '0')}`);
  const writer = db.bulkWriter();
  for (const username of cards) void writer.set(db.doc(`users/${username}`), { username });
  await writer.close();
  const commits = jest.spyOn(WriteBatch.prototype, 'commit');
  const { flusher, add } = setUp();
  for (const username of cards) await add(username, 2, ['views']);
  const report = await flusher.flush();
  expect(report).toEqual({ taken: 620, writes: 620, dropped: 0, unwritten: 0 });
  // Firestore takes at most 500 writes in a batch.
  expect(commits).toHaveBeenCalledTimes(2);
  expect(await statsOf('card-000')).toEqual({ views: 2 });
  expect(await statsOf('card-619')).toEqual({ views: 2 });
});
