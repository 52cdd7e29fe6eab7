// The change watcher against a real emulator and a stand-in site that records what it is asked
// to revalidate: debouncing, removals, a site that is down, and Firestore dropping out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { startEmulator, type RunningEmulator } from '@/tools/lib/emulator';
import { RULES_FILE } from '@/tools/lib/paths';
import { startWatcher, type Watcher } from '@/lib/revalidation/watcher';

const PROJECT = 'demo-karta-watch';
let emulator: RunningEmulator;
let app: App;
let db: Firestore;
let site: http.Server;
let siteUrl: string;
let siteDown = false;
const calls: string[][] = [];
const logs: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end)
      throw new Error(`timed out; calls ${JSON.stringify(calls)}; logs ${logs.join(' | ')}`);
    await sleep(50);
  }
}

beforeAll(async () => {
  // An emulator of its own: this test stops and restarts it.
  emulator = await startEmulator({ rulesPath: RULES_FILE, projectId: PROJECT });
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  app = initializeApp({ projectId: PROJECT }, 'watch-test');
  db = getFirestore(app);
  await db.doc('users/anna').set({ firstName: 'Άννα' });
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
  await emulator.stop();
  await new Promise((resolve) => site.close(resolve));
});

let watcher: Watcher;
beforeEach(async () => {
  calls.length = 0;
  logs.length = 0;
  watcher = startWatcher({ db, siteUrl, secret: 's', log: (l) => logs.push(l), firstDelayMs: 100 });
  await watcher.ready;
});
afterEach(async () => {
  await watcher.stop();
});

test('the state at start is not revalidated; edits, creations and removals are, once per window', async () => {
  await sleep(1200);
  expect(calls).toEqual([]);
  await db.doc('users/anna').update({ jobTitle: 'α' });
  await db.doc('users/anna').update({ jobTitle: 'β' });
  await db.doc('users/bob').set({ firstName: 'Bob' });
  await until(() => calls.length > 0);
  await sleep(1200);
  expect(calls.map((c) => [...c].sort())).toEqual([['anna', 'bob']]);
  expect(logs).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^revalidated anna \(modified\) \d+ ms after the change$/),
      expect.stringMatching(/^revalidated bob \(added\) \d+ ms after the change$/),
    ]),
  );
  await db.doc('users/bob').delete();
  await until(() => calls.length === 2);
  expect(calls[1]).toEqual(['bob']);
  await until(() =>
    logs.some((l) => /^revalidated bob \(removed\) \d+ ms after the change$/.test(l)),
  );
});

test('a site that is down is retried with back-off until it answers', async () => {
  siteDown = true;
  await db.doc('users/anna').update({ city: 'Πάτρα' });
  await until(() => logs.some((l) => l.includes('retry 2')));
  siteDown = false;
  await until(() => calls.length === 1);
  expect(calls[0]).toEqual(['anna']);
  expect(
    logs.filter((l) => /site not answering \(HTTP 503\)/.test(l)).length,
  ).toBeGreaterThanOrEqual(2);
});

test('Firestore dropping out and coming back: changes made after it returns still arrive', async () => {
  const port = emulator.port;
  await emulator.stop();
  await sleep(1500);
  emulator = await startEmulator({ rulesPath: RULES_FILE, projectId: PROJECT, port });
  // The restarted emulator is empty: these are creations as far as the watcher can tell.
  await db.doc('users/anna').set({ firstName: 'Άννα', jobTitle: 'μετά' });
  await until(() => calls.some((c) => c.includes('anna')), 45_000);
});
