// server/profile-store.ts against the real emulator, each case with a fresh module (and so a
// fresh firebase-admin app) configured by the environment it runs in.
import { deleteApp, getApps } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { initializeApp } from 'firebase-admin/app';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from '@/tools/lib/paths';
import { seedProfiles } from '@/tools/lib/seed';

const run = promisify(execFile);

type Store = typeof import('@/server/profile-store');
type AdminApp = typeof import('@/server/firebase/admin-app');
const opened: AdminApp[] = [];
const PROJECT = 'demo-karta-store';
const emulatorHost = process.env.FIRESTORE_EMULATOR_HOST as string;

async function loadStore(env: Record<string, string>): Promise<Store> {
  await Promise.all(getApps().map((app) => deleteApp(app)));
  Object.assign(process.env, { NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT, ...env });
  let store: Store | undefined;
  jest.isolateModules(() => {
    store = jest.requireActual<Store>('@/server/profile-store');
    opened.push(jest.requireActual<AdminApp>('@/server/firebase/admin-app'));
  });
  return store!;
}

afterAll(async () => {
  // An unreachable emulator leaves gRPC retrying: end every client before Jest tears down.
  await Promise.all(opened.map((admin) => admin.adminDb().terminate()));
});

const saved = { ...process.env };
afterEach(() => {
  for (const key of [
    'NEXT_PHASE',
    'FIRESTORE_READ_TIMEOUT_MS',
    'NEXT_PUBLIC_FIREBASE_PROJECT_ID',
    'PRERENDER_LIMIT',
  ]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  process.env.FIRESTORE_EMULATOR_HOST = emulatorHost;
});

beforeAll(async () => {
  const app = initializeApp({ projectId: PROJECT }, 'store-seed');
  const db = getFirestore(app);
  await db.recursiveDelete(db.collection('users'));
  const many = Array.from({ length: 2100 }, (_, i) => ({
    username: `u${String(i).padStart(5, '0')}`,
    firstName: `Όνομα ${i}`,
    lastName: 'Επώνυμο',
  }));
  await seedProfiles(db, [
    ...many,
    { username: 'odd', firstName: 7, email: null, thumbnailBase64: 'AAAA', secret: 'x' },
  ]);
  await deleteApp(app);
});

test('getCard: a normalised profile, or null only when the document does not exist', async () => {
  const store = await loadStore({});
  expect((await store.getCard('odd')).profile).toEqual({
    username: 'odd',
    firstName: '7',
    lastName: '',
    thumbnailBase64: 'AAAA',
  });
  expect((await store.getCard('nobody')).profile).toBeNull();
});

test('listUsernames pages through every id, in order', async () => {
  const store = await loadStore({});
  const ids = await store.listUsernames();
  expect(ids).toHaveLength(2101);
  expect(ids[0]).toBe('odd');
  expect(ids[1]).toBe('u00000');
  expect(ids[2100]).toBe('u02099');
});

test('a build pre-renders at most PRERENDER_LIMIT cards, the first ids in order', async () => {
  const store = await loadStore({});
  const all = await store.listUsernames();
  expect(await store.listPrerenderedUsernames()).toEqual(all.slice(0, 1000));
  process.env.PRERENDER_LIMIT = '1500';
  expect(await store.listPrerenderedUsernames()).toEqual(all.slice(0, 1500));
  process.env.PRERENDER_LIMIT = '0';
  expect(await store.listPrerenderedUsernames()).toEqual([]);
});

test('an unreachable Firestore throws within the read deadline instead of answering "missing"', async () => {
  // In a process of its own: the abandoned read keeps retrying in the background, which must not
  // outlive this file. react-server is the condition under which Next loads server-only code.
  const script = `require('./server/profile-store').getCard('odd').then(
    (c) => { console.log('answered', JSON.stringify(c.profile)); process.exit(0); },
    (e) => { console.log('threw', e.message); process.exit(0); })`;
  const { stdout } = await run(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', '-e', script],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT,
        FIRESTORE_EMULATOR_HOST: '127.0.0.1:9',
        FIRESTORE_READ_TIMEOUT_MS: '1000',
      },
    },
  );
  expect(stdout.trim()).toBe('threw users/odd: no answer from Firestore in 1000 ms');
});

test('during next build, profiles come in chunks and are the same as single reads', async () => {
  const build = await loadStore({ NEXT_PHASE: 'phase-production-build' });
  const single = await loadStore({});
  for (const username of ['u00000', 'u00001', 'u00199', 'u00200', 'u02099', 'odd', 'nobody']) {
    expect([username, (await build.getCard(username)).profile]).toEqual([
      username,
      (await single.getCard(username)).profile,
    ]);
  }
});
