// Firestore unreachable, then back: a flush that cannot write keeps its counts (one log line per
// failed flush, none per beacon), and the first flush after Firestore returns writes all of them,
// once. The run's emulator, reached through a relay that cuts every connection as a network drop
// does and then lets them through again.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { STATS_COLLECTION } from '@/lib/collections';
import { Flusher } from '@/server/stats/flusher';
import { MemoryCounterStore } from '@/server/stats/memory-store';
import { writeCounts } from '@/server/stats/writer';
import { startTcpRelay, type TcpRelay } from '@/tools/lib/tcp-relay';
import { eventually } from '@/__tests__/helpers/eventually';

const PROJECT = 'demo-karta-stats-outage';
const DAY = '2025-07-14';
const READ_DEADLINE_MS = 1500;
// firebase-admin's backoff once Firestore is back, generous for a loaded machine.
const BACK_BOUND_MS = 60_000;

let relay: TcpRelay;
const apps: App[] = [];
// Reads a flush gave up on at its deadline while Firestore was down: they go on retrying, and one
// that ends after this file (its modules unloaded) crashes whatever file the worker runs next, as
// google-gax decodes its status. So the file waits for them.
const abandoned = new Set<Promise<unknown>>();
const savedHost = process.env.FIRESTORE_EMULATOR_HOST;

function client(name: string): Firestore {
  // firebase-admin takes the emulator from the environment when it is created.
  process.env.FIRESTORE_EMULATOR_HOST = relay.hostPort;
  const app = initializeApp({ projectId: PROJECT }, name);
  apps.push(app);
  const db = getFirestore(app);
  const getAll = db.getAll.bind(db);
  db.getAll = (...args: Parameters<typeof getAll>) => {
    const read = getAll(...args);
    abandoned.add(read);
    read.then(
      () => abandoned.delete(read),
      () => abandoned.delete(read),
    );
    return read;
  };
  return db;
}

beforeAll(async () => {
  if (!savedHost) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run through Jest.');
  relay = await startTcpRelay(savedHost);
});

afterAll(async () => {
  await Promise.allSettled([...abandoned]);
  // Ends the clients' retries before the relay goes.
  await Promise.all(apps.map((app) => deleteApp(app)));
  // A call still closing when the relay cuts it would end after this file, in whatever file the
  // worker runs next.
  relay?.closeWhenIdle();
  process.env.FIRESTORE_EMULATOR_HOST = savedHost;
});

test('Firestore unreachable: the counts wait; back: they are written, once', async () => {
  const db = client('stats-outage');
  await db.doc('users/maria').set({ username: 'maria' });
  const logs: string[] = [];
  const store = new MemoryCounterStore();
  const flusher = new Flusher({
    store,
    write: (counts) => writeCounts(db, counts, { readDeadlineMs: READ_DEADLINE_MS }),
    intervalMs: 60_000,
    log: (line) => logs.push(line),
  });
  for (let i = 0; i < 10; i++) await store.add('maria', DAY, ['views']);
  // The first reads can outlast the short deadline on a busy machine: a failed
  // flush keeps its counts, and the next one writes them.
  await eventually(async () => (await flusher.flush()).writes > 0, { what: 'the first flush' });
  logs.splice(0);
  expect((await db.doc(`users/maria/${STATS_COLLECTION}/${DAY}`).get()).data()).toEqual({
    views: 10,
  });

  relay.cut();
  for (let i = 0; i < 25; i++) await store.add('maria', DAY, ['views']);
  await flusher.flush();
  for (let i = 0; i < 5; i++) await store.add('maria', DAY, ['views', 'qrViews']);
  await flusher.flush();
  // Two failed flushes, two lines: not one per beacon.
  expect(logs).toHaveLength(2);
  expect(logs[0]).toMatch(/^Stats: a flush failed \(.+\); its counts wait for the next one\.$/);

  // Firestore is back, with its data.
  relay.restore();
  const seeded = client('stats-outage-check');

  // The first client reconnects by itself, after its own backoff.
  const report = await eventually(
    async () => {
      const flushed = await flusher.flush();
      return flushed.writes > 0 && flushed;
    },
    {
      within: BACK_BOUND_MS,
      every: 500,
      what: `a flush after Firestore is back (${logs.join(' | ')})`,
    },
  );
  expect(report).toEqual({ taken: 1, writes: 1, dropped: 0, unwritten: 0 });
  expect((await seeded.doc(`users/maria/${STATS_COLLECTION}/${DAY}`).get()).data()).toEqual({
    views: 40,
    qrViews: 5,
  });
  expect(logs.at(-1)).toBe('Stats: flushing again; the counts kept meanwhile are written.');
  expect(await store.take()).toBeNull();
});
