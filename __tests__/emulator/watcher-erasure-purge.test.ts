// An erasure's tombstone is the only record that the card must still leave the CDN: the watcher
// keeps it until the site confirms the purge. Against a real emulator and a stand-in site that
// answers a revalidation at once but a recheck (which answers 200 only once the CDN has dropped
// the card) with 503 while told to, as karta's site does while the CDN refuses its purges. The
// whole path, with the real site and Varnish, is e2e/scale/cdn-purges.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { cardChanged } from '@/server/card-stamp';
import { erasurePath } from '@/lib/collections';
import { startWatcher, type Watcher } from '@/daemon/card-watcher';
import { eventually } from '@/__tests__/helpers/eventually';

const PROJECT = 'demo-karta-watch-purge';
let app: App;
let db: Firestore;
let site: http.Server;
let watcher: Watcher;
let refusing = true;
const bodies: Array<{ usernames: string[]; recheck?: boolean; status: number }> = [];
const logs: string[] = [];

beforeAll(async () => {
  // The run's emulator (FIRESTORE_EMULATOR_HOST), under a project of this file's own.
  app = initializeApp({ projectId: PROJECT }, 'watch-purge-test');
  db = getFirestore(app);
  site = http.createServer((req, res) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { usernames: string[]; recheck?: boolean };
      const status = body.recheck && refusing ? 503 : 200;
      bodies.push({ ...body, status });
      res.writeHead(status, { 'content-type': 'application/json' }).end(
        JSON.stringify(
          status === 200
            ? {
                revalidated: body.usernames,
                ...(body.recheck ? { current: body.usernames } : {}),
              }
            : { error: 'refused', unpurged: body.usernames },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  watcher = startWatcher({
    db,
    siteUrl: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    secret: 's',
    log: (line) => logs.push(line),
    firstDelayMs: 50,
    retries: 2,
    retryLaterMs: 300,
  });
  await watcher.ready;
});

afterAll(async () => {
  await watcher.stop();
  await deleteApp(app);
  await new Promise((resolve) => site.close(resolve));
});

async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  try {
    await eventually(check, { every: 50 });
  } catch (error) {
    throw new Error(`${(error as Error).message}; logs: ${logs.join(' | ')}`);
  }
}

const rechecks = (username: string) =>
  bodies.filter((b) => b.recheck && b.usernames.includes(username));

test('the tombstone stays while the site answers the recheck 503, and goes after its 200', async () => {
  await db.doc('users/erin').set({ firstName: 'Ειρήνη', ...cardChanged() });
  const erase = db.batch();
  erase.delete(db.doc('users/erin'));
  erase.set(db.doc(erasurePath('erin')), { at: FieldValue.serverTimestamp() });
  await erase.commit();

  // Asked again and again, later after each refusal, the tombstone kept all along.
  await until(() => rechecks('erin').length >= 6);
  expect(rechecks('erin').every((b) => b.status === 503)).toBe(true);
  expect((await db.doc(erasurePath('erin')).get()).exists).toBe(true);
  expect(logs.some((l) => /^revalidate failed for .*erin/.test(l))).toBe(true);
  // A first pass (no recheck) came before each series of rechecks.
  expect(bodies.find((b) => b.usernames.includes('erin'))?.recheck).toBeUndefined();

  refusing = false;
  await until(async () => !(await db.doc(erasurePath('erin')).get()).exists);
  expect(rechecks('erin').at(-1)?.status).toBe(200);
  expect(logs).toEqual(
    expect.arrayContaining([expect.stringMatching(/^revalidated erin \(erased\) \d+ ms/)]),
  );
});

test('an edit needs no recheck from the watcher: the site rechecks it itself', async () => {
  refusing = true;
  const sent = bodies.length;
  await db.doc('users/nikos').set({ firstName: 'Νίκος', ...cardChanged() });
  await until(() => logs.some((l) => l.startsWith('revalidated nikos ')));
  expect(bodies.slice(sent).map((b) => [b.usernames, b.recheck])).toEqual([[['nikos'], undefined]]);
});
