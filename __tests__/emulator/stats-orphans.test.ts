// What the orphan clean-up deletes of a card's stats (daemon/cleanup/orphans.ts): all of them once the
// card is gone; after a new claim, the days before the claim's Athens day; none for a card with no
// claim time.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { STATS_COLLECTION } from '@/lib/collections';
import { orphanedStatsQuery } from '@/daemon/cleanup/orphans';

const PROJECT = 'demo-karta-stats-orphans';
const DAYS = ['2025-07-13', '2025-07-14', '2025-07-15'];

let app: App;
let db: Firestore;

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT }, 'stats-orphans');
  db = getFirestore(app);
  await db.recursiveDelete(db.collection('users'));
  for (const day of DAYS) await db.doc(`users/maria/${STATS_COLLECTION}/${day}`).set({ views: 1 });
});

afterAll(async () => {
  await deleteApp(app);
});

const ids = async (card: string, rule: Parameters<typeof orphanedStatsQuery>[1]) => {
  const query = orphanedStatsQuery(db.doc(`users/${card}`), rule);
  return query ? (await query.get()).docs.map((d) => d.id) : undefined;
};

test('no card: every day', async () => {
  expect(await ids('maria', { kind: 'all' })).toEqual(DAYS);
});

test("claimed again: the days before the claim's Athens day, not the claim's own", async () => {
  // 23:30 on 14 July in Athens, still the 14th in UTC.
  const claimedAt = Timestamp.fromDate(new Date('2025-07-14T20:30:00Z'));
  expect(await ids('maria', { kind: 'before', claimedAt })).toEqual(['2025-07-13']);
  // 00:30 on 15 July in Athens, the 14th in UTC: the 14th goes too.
  const later = Timestamp.fromDate(new Date('2025-07-14T21:30:00Z'));
  expect(await ids('maria', { kind: 'before', claimedAt: later })).toEqual([
    '2025-07-13',
    '2025-07-14',
  ]);
});

test('a card with no claim time: none', async () => {
  expect(await ids('maria', { kind: 'none' })).toBeUndefined();
});
