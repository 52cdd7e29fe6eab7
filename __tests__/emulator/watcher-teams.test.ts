// The watcher's teams listener (daemon/companies.ts) against a real emulator and a stand-in site
// that records what it is asked: a change of a team's overrides that the server did not fan out
// (killed before it could: the team written, no revalidation asked) still has its members' cards
// rechecked; a rename alone (no new updatedAt) asks nothing.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import {
  COMPANY_FIELD,
  TEAM_FIELD,
  TEAM_NAME_FIELD,
  TEAM_OVERRIDES_FIELD,
  TEAM_UPDATED_FIELD,
  TEMPLATE_AT_FIELD,
  cardPath,
  companyPath,
  teamPath,
} from '@/lib/collections';
import { startWatcher, type Watcher } from '@/daemon/card-watcher';
import { eventually } from '@/__tests__/helpers/eventually';
import { startOriginStandIn, type OriginStandIn } from '@/__tests__/helpers/origin-stand-in';

const PROJECT = 'demo-karta-watch-teams';
let app: App;
let db: Firestore;
let site: OriginStandIn;
let watcher: Watcher | undefined;
/** What the site was asked to revalidate. */
const calls = () =>
  site.received
    .filter((r) => r.method === 'POST')
    .map((r) => JSON.parse(r.body) as { usernames: string[]; recheck?: boolean });
const logs: string[] = [];

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT }, 'watch-teams-test');
  db = getFirestore(app);
  await db.recursiveDelete(db.collection('users'));
  await db.recursiveDelete(db.collection('companies'));
  // Written before the watcher starts and without the card stamp: the card listener sees none.
  const batch = db.batch();
  batch.set(db.doc(companyPath('acme')), {
    name: 'Acme',
    template: {},
    admins: [],
    memberUids: [],
    [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
  });
  batch.set(db.doc(teamPath('acme', 'north')), {
    [TEAM_NAME_FIELD]: 'Βορράς',
    [TEAM_OVERRIDES_FIELD]: {},
    [TEAM_UPDATED_FIELD]: FieldValue.serverTimestamp(),
  });
  batch.set(db.doc(cardPath('in-team')), {
    firstName: 'Α',
    [COMPANY_FIELD]: 'acme',
    [TEAM_FIELD]: 'north',
  });
  await batch.commit();
  site = await startOriginStandIn();
});

afterAll(async () => {
  await watcher?.stop();
  await deleteApp(app);
  await site.stop();
});

test('a change of a team’s overrides the server did not fan out reaches its members’ cards', async () => {
  watcher = startWatcher({
    db,
    siteUrl: site.url,
    secret: 's',
    log: (line) => logs.push(line),
    companyDelayMs: 100,
    firstDelayMs: 100,
  });
  await watcher.ready;
  // A rename alone: no new updatedAt, nothing to recheck.
  await db.doc(teamPath('acme', 'north')).update({ [TEAM_NAME_FIELD]: 'Βόρεια' });
  await db.doc(teamPath('acme', 'north')).update({
    [TEAM_OVERRIDES_FIELD]: { city: { value: 'Θεσσαλονίκη', locked: true } },
    [TEAM_UPDATED_FIELD]: FieldValue.serverTimestamp(),
  });
  await eventually(() => calls().find((c) => c.usernames.includes('in-team')), {
    what: `the team's card rechecked; logs: ${logs.join(' | ')}`,
  });
  expect(calls().every((c) => c.recheck === true)).toBe(true);
  await eventually(() => logs.find((l) => l.startsWith('revalidated company acme')), {
    what: 'the company logged as revalidated',
  });
  expect(calls()).toHaveLength(1);
});
