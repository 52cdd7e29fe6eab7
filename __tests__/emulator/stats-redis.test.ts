// Counts in Redis, as several origins keep them: each store below is one origin's, all on one
// real redis-server, each flush writing to the real Firestore emulator. What they add up to is
// written once, however the flushes of the origins interleave; a flush that cannot write puts its
// counts back, and a take abandoned by an origin that died is put back by another.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { CardDayCounts } from '@/server/stats/counts';
import { STATS_COLLECTION } from '@/lib/collections';
import type { StatsCounter } from '@/lib/stats/events';
import { Flusher } from '@/server/stats/flusher';
import { RedisCounterStore, STATS_REDIS_PREFIX } from '@/server/stats/redis-store';
import { writeCounts, type WriteOutcome } from '@/server/stats/writer';
import { startRedis, type RunningRedis } from '@/tools/lib/redis';
import { eventually } from '@/__tests__/helpers/eventually';
import { redisCliAt } from '@/__tests__/helpers/redis-cli';

const PROJECT = 'demo-karta-stats-redis';
const DAY = '2025-07-14';

let redis: RunningRedis;
let app: App;
let db: Firestore;
const stores: RedisCounterStore[] = [];

function origin(options: { leaseMs?: number } = {}): RedisCounterStore {
  const store = new RedisCounterStore({ url: redis.url, log: () => {}, ...options });
  stores.push(store);
  return store;
}

function flusherOf(
  store: RedisCounterStore,
  write = (counts: readonly CardDayCounts[]) => writeCounts(db, counts, { readDeadlineMs: 5000 }),
) {
  return new Flusher({ store, write, intervalMs: 60_000, log: () => {} });
}

const statsOf = async (username: string) =>
  (await db.doc(`users/${username}/${STATS_COLLECTION}/${DAY}`).get()).data();

const redisCli = (...args: string[]) => redisCliAt(redis.url, ...args);

/** Every stats key left in Redis. */
const statsKeys = () =>
  redisCli('--scan', '--pattern', `${STATS_REDIS_PREFIX}*`).split('\n').filter(Boolean).sort();

async function addMany(
  store: RedisCounterStore,
  username: string,
  n: number,
  counters: StatsCounter[],
) {
  for (let i = 0; i < n; i++) await store.add(username, DAY, counters);
}

beforeAll(async () => {
  redis = await startRedis();
  app = initializeApp({ projectId: PROJECT }, 'stats-redis');
  db = getFirestore(app);
});

beforeEach(async () => {
  redisCli('flushall');
  await db.recursiveDelete(db.collection('users'));
  await db.doc('users/maria').set({ username: 'maria' });
  await db.doc('users/nikos').set({ username: 'nikos' });
});

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await deleteApp(app);
  await redis?.stop();
});

test('two origins add into one Redis; one flush writes the sum, the other finds nothing', async () => {
  const [a, b] = [origin(), origin()];
  await addMany(a, 'maria', 30, ['views']);
  await addMany(b, 'maria', 12, ['views', 'qrViews']);
  await addMany(b, 'nikos', 4, ['saves']);
  expect(statsKeys()).toEqual([`${STATS_REDIS_PREFIX}pending`]);

  const report = await flusherOf(a).flush();
  expect(report).toEqual({ taken: 2, writes: 2, dropped: 0, unwritten: 0 });
  expect(await statsOf('maria')).toEqual({ views: 42, qrViews: 12 });
  expect(await statsOf('nikos')).toEqual({ saves: 4 });
  expect((await flusherOf(b).flush()).taken).toBe(0);
  // Nothing is left behind: no pending hash, no take, no inflight entry.
  expect(statsKeys()).toEqual([]);
});

test('two origins racing, adding and flushing at once, never count twice or lose a count', async () => {
  const [a, b] = [origin(), origin()];
  const [flushA, flushB] = [flusherOf(a), flusherOf(b)];
  const ADDS = 600;
  let adding = true;
  const flushes = { a: 0, b: 0 };
  const flushing = (flusher: Flusher, key: 'a' | 'b') =>
    (async () => {
      while (adding) {
        if ((await flusher.flush()).writes > 0) flushes[key] += 1;
        // A flush that sends nothing (Redis taken for unhealthy after a missed deadline on a busy
        // machine) resolves at once: without a turn of the event loop here, the adds and the
        // health check never ran again and the file hung, with Jest's timers starved too.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
  const racers = [flushing(flushA, 'a'), flushing(flushB, 'b')];
  await Promise.all([
    addMany(a, 'maria', ADDS, ['views']),
    addMany(b, 'maria', ADDS, ['views']),
    addMany(b, 'nikos', ADDS / 2, ['views', 'qrViews']),
  ]);
  adding = false;
  await Promise.all(racers);
  await flushA.flush();
  await flushB.flush();

  expect(await statsOf('maria')).toEqual({ views: 2 * ADDS });
  expect(await statsOf('nikos')).toEqual({ views: ADDS / 2, qrViews: ADDS / 2 });
  // Both took turns writing (the race was real), and nothing is left.
  expect(flushes.a).toBeGreaterThan(0);
  expect(flushes.b).toBeGreaterThan(0);
  expect(statsKeys()).toEqual([]);
});

test('a flush that cannot write puts its counts back in Redis for any origin to write', async () => {
  const [a, b] = [origin(), origin()];
  await addMany(a, 'maria', 9, ['views']);
  // Firestore failing, as writeCounts reports it: nothing written, all of it unwritten.
  const failing = async (counts: readonly CardDayCounts[]): Promise<WriteOutcome> => ({
    writes: 0,
    dropped: 0,
    unwritten: [...counts],
    error: new Error('UNAVAILABLE'),
  });
  expect(await flusherOf(a, failing).flush()).toEqual({
    taken: 1,
    writes: 0,
    dropped: 0,
    unwritten: 1,
  });
  expect(statsKeys()).toEqual([`${STATS_REDIS_PREFIX}pending`]);
  await addMany(a, 'maria', 1, ['views']);
  expect((await flusherOf(b).flush()).writes).toBe(1);
  expect(await statsOf('maria')).toEqual({ views: 10 });
  expect(statsKeys()).toEqual([]);
});

test('a take abandoned by an origin that died is put back once its lease is over, once', async () => {
  const dying = origin();
  await addMany(dying, 'maria', 6, ['views']);
  // The origin takes, and dies before it writes or settles.
  const abandoned = await dying.take();
  expect(abandoned?.counts).toEqual([{ username: 'maria', day: DAY, counts: { views: 6 } }]);
  expect(statsKeys()).toHaveLength(2); // its take and the inflight set

  const early = origin({ leaseMs: 60_000 });
  expect((await flusherOf(early).flush()).taken).toBe(0);
  const late = origin({ leaseMs: 0 });
  await addMany(late, 'maria', 1, ['views']);
  expect(await flusherOf(late).flush()).toEqual({ taken: 1, writes: 1, dropped: 0, unwritten: 0 });
  expect(await statsOf('maria')).toEqual({ views: 7 });
  // Were it alive after all, its settle finds the take gone and adds nothing back.
  await abandoned?.settle(abandoned.counts);
  expect(statsKeys()).toEqual([]);
  expect((await flusherOf(late).flush()).taken).toBe(0);
  expect(await statsOf('maria')).toEqual({ views: 7 });
});

test('Redis frozen: no increment answered as failed is applied once it resumes', async () => {
  const store = origin();
  await addMany(store, 'maria', 2, ['views']);
  const adds = (n: number) =>
    Promise.allSettled(Array.from({ length: n }, () => store.add('maria', DAY, ['views'])));
  let failed: PromiseSettledResult<void>[];
  redis.pause();
  try {
    // Written to the frozen server's socket, then given up on at the deadline; then refused
    // without being sent, the connection taken for lost.
    failed = [...(await adds(50)), ...(await adds(50))];
  } finally {
    redis.resume();
  }
  expect(failed.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(0);
  // Counted again once a health check has found Redis answering.
  await eventually(
    () =>
      store.add('maria', DAY, ['views']).then(
        () => true,
        () => false,
      ),
    { what: 'Redis counting again after the freeze' },
  );
  // The increments the frozen server received ran when it resumed, and refused themselves.
  expect((await flusherOf(store).flush()).writes).toBe(1);
  expect(await statsOf('maria')).toEqual({ views: 3 });
});
