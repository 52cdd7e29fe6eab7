// The change watcher against a real emulator and a stand-in site that records what it is asked
// to revalidate: debouncing, the updatedAt stamp it follows, removals, a site that is down,
// Firestore dropping out, the periodic re-listen, and erasures with their orphaned contacts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { startTcpRelay, type TcpRelay } from '@/tools/lib/tcp-relay';
import { cardChanged } from '@/server/card-stamp';
import {
  CLAIMED_FIELD,
  ERASURES_COLLECTION,
  HOOKS_PENDING_FIELD,
  PHOTO_COLLECTION,
  PHOTO_DOC_ID,
  STATS_COLLECTION,
  UPDATED_FIELD,
} from '@/lib/collections';
import { ORPHAN_PAGE } from '@/daemon/cleanup/orphans';
import {
  startWatcher,
  type WatchRead,
  type Watcher,
  type WatcherOptions,
} from '@/daemon/card-watcher';
import { athensDay } from '@/lib/stats/day';
import { eventually } from '@/__tests__/helpers/eventually';

const PROJECT = 'demo-karta-watch';
let relay: TcpRelay;
// Past the relay: writes while the watcher's Firestore is unreachable.
let direct: Firestore;
let directApp: App;
let app: App;
let db: Firestore;
let site: http.Server;
let siteUrl: string;
let siteDown = false;
const calls: string[][] = [];
const logs: string[] = [];
const reads: WatchRead[] = [];

/** `eventually` (at least WAIT_MS), with what the site was asked and the watcher's log. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  try {
    await eventually(check, { every: 50 });
  } catch (error) {
    (error as Error).message += `; calls ${JSON.stringify(calls)}; logs ${logs.join(' | ')}`;
    throw error;
  }
}
/**
 * Until a card written now has been revalidated: a change the watcher saw before it (one it should
 * not have followed) would have been sent no later, in its batch or an earlier one.
 */
async function writeLater(username: string): Promise<void> {
  await db.doc(`users/${username}`).set({ firstName: username, ...cardChanged() });
  await until(() => called(username));
}
/**
 * Writes a card as a test step. Under load the emulator has answered a write with a bare
 * `2 UNKNOWN` (no message) while the watcher re-listened every 300 ms; whether it applied the
 * write is then unknown, so it is read back and written again only if it did not.
 */
async function setCard(username: string, data: Record<string, unknown>): Promise<void> {
  const ref = db.doc(`users/${username}`);
  try {
    await ref.set(data);
  } catch (error) {
    if ((error as { code?: number }).code !== 2) throw error;
    if (!(await ref.get()).exists) await ref.set(data);
  }
}
const called = (username: string) => calls.some((c) => c.includes(username));
const usersRead = () =>
  reads.filter((r) => r.listener === 'users').reduce((sum, r) => sum + r.docs, 0);

beforeAll(async () => {
  // The run's emulator through a relay, which one test cuts as a network drop does.
  const runHost = process.env.FIRESTORE_EMULATOR_HOST;
  if (!runHost) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run through Jest.');
  relay = await startTcpRelay(runHost);
  // firebase-admin takes the emulator from the environment when its Firestore is created.
  process.env.FIRESTORE_EMULATOR_HOST = relay.hostPort;
  app = initializeApp({ projectId: PROJECT }, 'watch-test');
  db = getFirestore(app);
  process.env.FIRESTORE_EMULATOR_HOST = runHost;
  directApp = initializeApp({ projectId: PROJECT }, 'watch-test-direct');
  direct = getFirestore(directApp);
  process.env.FIRESTORE_EMULATOR_HOST = relay.hostPort;
  await db.doc('users/anna').set({ firstName: 'Άννα', ...cardChanged() });
  site = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (siteDown) {
        res.writeHead(503).end('{}');
        return;
      }
      const { usernames } = JSON.parse(body) as { usernames: string[] };
      calls.push(usernames);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ revalidated: usernames }));
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await deleteApp(app);
  await deleteApp(directApp);
  // A call still closing when the relay cuts it would end after this file, in whatever file the
  // worker runs next.
  relay.closeWhenIdle();
  await new Promise((resolve) => site.close(resolve));
});

let watcher: Watcher;
async function start(extra: Partial<WatcherOptions> = {}): Promise<void> {
  // firstDelayMs: the client's first retry wait, short for the site-down test.
  watcher = startWatcher({
    db,
    siteUrl,
    secret: 's',
    log: (l) => logs.push(l),
    onRead: (r) => reads.push(r),
    firstDelayMs: 100,
    ...extra,
  });
  await watcher.ready;
}
beforeEach(async () => {
  calls.length = 0;
  logs.length = 0;
  reads.length = 0;
  await start();
});
afterEach(async () => {
  await watcher.stop();
});

/** `n` contacts of `username`, written in batches; `createdAt` per contact. */
async function writeContacts(
  username: string,
  n: number,
  createdAt: (i: number) => Timestamp | FieldValue | undefined,
  prefix = 'c',
): Promise<void> {
  for (let i = 0; i < n; i += 500) {
    const batch = db.batch();
    for (let k = i; k < Math.min(n, i + 500); k++) {
      const at = createdAt(k);
      batch.set(db.doc(`users/${username}/contacts/${prefix}${k}`), {
        name: `Επαφή ${k}`,
        ...(at === undefined ? {} : { createdAt: at }),
      });
    }
    await batch.commit();
  }
}
const contactIds = async (username: string) =>
  (await db.collection(`users/${username}/contacts`).get()).docs.map((d) => d.id).sort();

test('the state at start is not revalidated; edits, creations and removals are, once per window', async () => {
  await writeLater('after-start');
  expect(calls).toEqual([['after-start']]);
  expect(usersRead()).toBe(1);
  calls.length = 0;
  logs.length = 0;
  // A window 30 times what the three writes take on an idle machine (under 100 ms), so that
  // they fall in one however busy the machine is; what follows shows no second batch came.
  await watcher.stop();
  await start({ windowMs: 3000 });
  await db.doc('users/anna').update({ jobTitle: 'α', ...cardChanged() });
  await db.doc('users/anna').update({ jobTitle: 'β', ...cardChanged() });
  await db.doc('users/bob').set({ firstName: 'Bob', ...cardChanged() });
  await until(() => calls.length > 0);
  expect(calls.map((c) => [...c].sort())).toEqual([['anna', 'bob']]);
  // Logged once the site has answered.
  await until(() => logs.some((l) => l.startsWith('revalidated bob')));
  expect(logs).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^revalidated anna \(modified\) \d+ ms after the change$/),
      expect.stringMatching(/^revalidated bob \(added\) \d+ ms after the change$/),
    ]),
  );
  // A removed card's contacts are orphans: the watcher deletes them.
  await writeContacts('bob', 3, () => FieldValue.serverTimestamp());
  await db.doc('users/bob').delete();
  await until(() => calls.length === 2);
  expect(calls[1]).toEqual(['bob']);
  await until(() =>
    logs.some((l) => /^revalidated bob \(removed\) \d+ ms after the change$/.test(l)),
  );
  await until(() =>
    logs.includes(
      'orphans of bob: 3 contacts, 0 photos, 0 days of stats and 0 lead digests deleted',
    ),
  );
  expect(await contactIds('bob')).toEqual([]);
});

test('a write without the updatedAt stamp is not followed (the console hand-edit case)', async () => {
  await db.doc('users/anna').update({ jobTitle: 'χωρίς σφραγίδα' });
  await writeLater('stamped');
  expect(calls).toEqual([['stamped']]);
  calls.length = 0;
  await db.doc('users/anna').update({ jobTitle: 'με σφραγίδα', ...cardChanged() });
  await until(() => calls.length === 1);
  expect(calls[0]).toEqual(['anna']);
});

test('a card the watcher holds, changed without a new stamp (fan-out clearing hooksPending), is not revalidated again', async () => {
  await db.doc('users/anna').update({ jobTitle: 'μία αλλαγή', ...cardChanged() });
  await until(() => called('anna'));
  calls.length = 0;
  // As daemon/deliveries/fan-out-cards.ts clears the flag: the card's stamp stays as it was.
  await db.doc('users/anna').update({ [HOOKS_PENDING_FIELD]: false });
  await writeLater('after-the-mark');
  expect(calls).toEqual([['after-the-mark']]);
});

test('a site that is down is retried with back-off until it answers', async () => {
  siteDown = true;
  await db.doc('users/anna').update({ city: 'Πάτρα', ...cardChanged() });
  await until(() => logs.some((l) => l.includes('retry 2')));
  siteDown = false;
  await until(() => calls.length === 1);
  expect(calls[0]).toEqual(['anna']);
  expect(
    logs.filter((l) => /site not answering \(HTTP 503\)/.test(l)).length,
  ).toBeGreaterThanOrEqual(2);
});

test('listening again every refreshMs loses no change and reads each change once', async () => {
  await watcher.stop();
  await start({ refreshMs: 300 });
  const names = Array.from({ length: 8 }, (_, i) => `refresh-${i}`);
  const listened = () => logs.filter((l) => l.startsWith('watch: listening from')).length;
  for (const name of names) {
    const before = listened();
    await setCard(name, { firstName: name, ...cardChanged() });
    // Each card written, then the listener replaced: the next one is left across a re-listen.
    await until(() => listened() > before);
  }
  await until(() => names.every(called));
  // Until a listener opened after every card was read has read nothing (it holds none, so none
  // follows it): a listener that read a card again would have done so by then.
  await until(() => {
    let read = 0;
    for (const { listener, docs, initial } of reads) {
      if (listener !== 'users') continue;
      if (read >= names.length && initial && docs === 0) return true;
      read += docs;
    }
    return false;
  });
  expect(logs.filter((l) => l.startsWith('watch: listening from')).length).toBeGreaterThanOrEqual(
    2,
  );
  // One read per card written, however often it listened again.
  expect(usersRead()).toBe(names.length);
  expect(calls.flat().sort()).toEqual(names);
});

test('an erasure: the card is revalidated, every contact (the racing one too), the photo and the stats deleted, then the tombstone', async () => {
  const username = 'erin';
  await db.doc(`users/${username}`).set({
    firstName: 'Ειρήνη',
    [CLAIMED_FIELD]: Timestamp.fromMillis(Date.now() - 60_000),
    ...cardChanged(),
  });
  await db
    .doc(`users/${username}/${PHOTO_COLLECTION}/${PHOTO_DOC_ID}`)
    .set({ contentType: 'image/webp' });
  for (const day of ['2026-01-01', '2026-02-02']) {
    await db.doc(`users/${username}/${STATS_COLLECTION}/${day}`).set({ views: 3 });
  }
  // More than two pages, one without a createdAt.
  const many = 2 * ORPHAN_PAGE + 100;
  await writeContacts(username, many, (i) => (i === 7 ? undefined : FieldValue.serverTimestamp()));
  await until(() => called(username));
  calls.length = 0;
  // The contact that raced the erasure: after the others, before the tombstone.
  await writeContacts(username, 1, () => FieldValue.serverTimestamp(), 'race');
  const erase = db.batch();
  erase.delete(db.doc(`users/${username}`));
  erase.delete(db.doc(`users/${username}/${PHOTO_COLLECTION}/${PHOTO_DOC_ID}`));
  erase.set(db.doc(`${ERASURES_COLLECTION}/${username}`), { at: FieldValue.serverTimestamp() });
  await erase.commit();
  // The photo is left behind here (as a failed erasure might): the watcher deletes it.
  await db
    .doc(`users/${username}/${PHOTO_COLLECTION}/${PHOTO_DOC_ID}`)
    .set({ contentType: 'image/webp' });

  await until(async () => !(await db.doc(`${ERASURES_COLLECTION}/${username}`).get()).exists);
  expect(called(username)).toBe(true);
  expect(await contactIds(username)).toEqual([]);
  expect((await db.collection(`users/${username}/${PHOTO_COLLECTION}`).get()).size).toBe(0);
  expect((await db.collection(`users/${username}/${STATS_COLLECTION}`).get()).size).toBe(0);
  expect(logs).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(`^revalidated ${username} \\((erased|removed)\\)`)),
    ]),
  );
});

test('an erasure of a name claimed again: only the contacts and the days of stats from before the new claim go', async () => {
  const username = 'rita';
  const claimedAt = Timestamp.now();
  const claimDay = athensDay(claimedAt.toMillis());
  await db.doc(`users/${username}/${STATS_COLLECTION}/2020-01-01`).set({ views: 9 });
  await db.doc(`users/${username}/${STATS_COLLECTION}/${claimDay}`).set({ views: 1 });
  const before = (i: number) => Timestamp.fromMillis(claimedAt.toMillis() - 1000 - i);
  const after = (i: number) => Timestamp.fromMillis(claimedAt.toMillis() + 1000 + i);
  await writeContacts(username, 30, before, 'old');
  await writeContacts(username, 5, after, 'new');
  // A contact without a time under a claimed card: whose it is cannot be told, so it stays.
  await writeContacts(username, 1, () => undefined, 'undated');
  await db.doc(`users/${username}`).set({
    firstName: 'Ρίτα',
    [CLAIMED_FIELD]: claimedAt,
    [UPDATED_FIELD]: claimedAt,
  });
  await db
    .doc(`users/${username}/${PHOTO_COLLECTION}/${PHOTO_DOC_ID}`)
    .set({ contentType: 'image/webp' });
  await db.doc(`${ERASURES_COLLECTION}/${username}`).set({ at: FieldValue.serverTimestamp() });

  await until(async () => !(await db.doc(`${ERASURES_COLLECTION}/${username}`).get()).exists);
  expect(called(username)).toBe(true);
  expect(await contactIds(username)).toEqual([
    ...[0, 1, 2, 3, 4].map((i) => `new${i}`),
    'undated0',
  ]);
  expect((await db.doc(`users/${username}/${PHOTO_COLLECTION}/${PHOTO_DOC_ID}`).get()).exists).toBe(
    true,
  );
  const days = await db.collection(`users/${username}/${STATS_COLLECTION}`).get();
  expect(days.docs.map((d) => d.id)).toEqual([claimDay]);
});

test('an erasure left while no watcher ran is answered at the next start', async () => {
  await watcher.stop();
  await writeContacts('left', 4, () => FieldValue.serverTimestamp());
  await db.doc(`${ERASURES_COLLECTION}/left`).set({ at: FieldValue.serverTimestamp() });
  await start();
  await until(async () => !(await db.doc(`${ERASURES_COLLECTION}/left`).get()).exists);
  expect(called('left')).toBe(true);
  expect(await contactIds('left')).toEqual([]);
});

test('Firestore dropping out and coming back: only the cards changed meanwhile are read', async () => {
  relay.cut();
  const readBefore = usersRead();
  // Written while the watcher cannot reach Firestore, these stand for cards that were there all
  // along, stamped before the watcher started: they must not be read again.
  const old = Timestamp.fromMillis(Date.now() - 3_600_000);
  const batch = direct.batch();
  for (let i = 0; i < 50; i++) {
    batch.set(direct.doc(`users/still-${i}`), { firstName: `Κάρτα ${i}`, [UPDATED_FIELD]: old });
  }
  // These change meanwhile: they are read when the watcher is back.
  const changed = ['anna', 'bob', 'chris'];
  for (const name of changed)
    batch.set(direct.doc(`users/${name}`), { firstName: name, ...cardChanged() });
  await batch.commit();
  relay.restore();
  await until(() => changed.every(called));
  // A card read again, or a still- one read, would have been read before this one.
  await writeLater('after-drop');
  const read = usersRead() - readBefore;
  if (read > changed.length + 1) {
    throw new Error(`${read} cards read; calls ${JSON.stringify(calls)}; logs ${logs.join(' | ')}`);
  }
  expect(calls.flat().some((u) => u.startsWith('still-'))).toBe(false);
});
