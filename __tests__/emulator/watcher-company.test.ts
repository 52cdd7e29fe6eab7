// The watcher's companies listener (daemon/companies.ts, card-watcher.ts) against a real emulator
// and a stand-in site that records what it is asked: a template save that the server did not fan
// out (killed before it could: the template and templateAt written, no revalidation asked) still
// reaches every card of the company, rechecked MAX_USERNAMES at a time.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { COMPANY_FIELD, TEMPLATE_AT_FIELD, cardPath, companyPath } from '@/lib/collections';
import { startWatcher, type Watcher } from '@/daemon/card-watcher';
import { MAX_USERNAMES } from '@/server/revalidation/request';
import { eventually } from '@/__tests__/helpers/eventually';

const PROJECT = 'demo-karta-watch-company';
const MEMBERS = MAX_USERNAMES + 5;
let app: App;
let db: Firestore;
let site: http.Server;
let siteUrl: string;
let watcher: Watcher | undefined;
const calls: Array<{ usernames: string[]; recheck?: boolean }> = [];
const logs: string[] = [];

const member = (i: number) => `m${String(i).padStart(3, '0')}`;

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT }, 'watch-company-test');
  db = getFirestore(app);
  await db.recursiveDelete(db.collection('users'));
  await db.recursiveDelete(db.collection('companies'));
  // Written before the watcher starts and without the card stamp: the card listener sees none of
  // them, so every request the site gets comes from the company's save.
  const batch = db.batch();
  batch.set(db.doc(companyPath('acme')), {
    name: 'Acme',
    template: { address: { value: 'Ερμού 1', locked: true } },
    admins: ['u0'],
    memberUids: ['u0'],
    [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
  });
  for (let i = 0; i < MEMBERS; i++) {
    batch.set(db.doc(cardPath(member(i))), { firstName: `Μ${i}`, [COMPANY_FIELD]: 'acme' });
  }
  batch.set(db.doc(cardPath('outsider')), { firstName: 'Ο', [COMPANY_FIELD]: 'other' });
  await batch.commit();
  site = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const asked = JSON.parse(body) as { usernames: string[]; recheck?: boolean };
      calls.push(asked);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ revalidated: [], current: asked.usernames }));
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await watcher?.stop();
});

afterAll(async () => {
  await deleteApp(app);
  await new Promise((resolve) => site.close(resolve));
});

test('a template save the server did not fan out reaches every card of the company', async () => {
  watcher = startWatcher({
    db,
    siteUrl,
    secret: 's',
    log: (line) => logs.push(line),
    companyDelayMs: 100,
    firstDelayMs: 100,
  });
  await watcher.ready;
  expect(calls).toEqual([]);

  // The server killed mid-save: the one write is made, no revalidation is asked.
  await db.doc(companyPath('acme')).update({
    'template.address': { value: 'Ερμού 2', locked: true },
    [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
  });

  const everyMember = Array.from({ length: MEMBERS }, (_, i) => member(i));
  await eventually(() => calls.flatMap((c) => c.usernames).length >= MEMBERS || undefined, {
    what: `every member rechecked; logs: ${logs.join(' | ')}`,
  });
  expect(calls.flatMap((c) => c.usernames).sort()).toEqual(everyMember);
  expect(calls.every((c) => c.recheck === true && c.usernames.length <= MAX_USERNAMES)).toBe(true);
  await eventually(() => logs.find((l) => l.startsWith('revalidated company acme')), {
    what: 'the company logged as revalidated',
  });

  // A later template save is rechecked too: the listener is still following.
  calls.length = 0;
  await db.doc(companyPath('acme')).update({ [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp() });
  await eventually(() => calls.flatMap((c) => c.usernames).length >= MEMBERS || undefined, {
    what: 'the second save rechecked',
  });
  expect(calls.flatMap((c) => c.usernames).sort()).toEqual(everyMember);
});
