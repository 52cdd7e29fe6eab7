/**
 * @run-alone it runs the change watcher, which sees every edit, and deletes a card others read
 */
// Freshness: on-demand revalidation, the change watcher, and stale-while-down, against the
// production build on the emulator.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { cardChanged } from '@/lib/card-stamp';
import { adminDb } from '@/lib/firebase/admin-app';
import { freePort, startEmulator, type RunningEmulator } from '@/tools/lib/emulator';
import { DEMO_PROFILES_FILE, ROOT, RULES_FILE } from '@/tools/lib/paths';
import { startNext } from '@/tools/lib/next-server';
import { stopProcess } from '@/tools/lib/processes';
import { loadProfilesFile, seedProfiles } from '@/tools/lib/seed';
import { startWatcher } from '@/lib/revalidation/watcher';
import { baseUrl } from '../helpers/browser';
import { get } from '../helpers/http';

const secret = () => process.env.REVALIDATE_SECRET as string;

function revalidate(body: unknown, auth: string | null = `Bearer ${secret()}`, base = baseUrl()) {
  return fetch(`${base}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Polls until the page shows `text`; returns the milliseconds it took. */
async function timeUntilShown(
  pathname: string,
  text: string,
  since: number,
  base = baseUrl(),
  limitMs = 20_000,
) {
  for (;;) {
    const res = await fetch(`${base}${pathname}`);
    if ((await res.text()).includes(text)) return Date.now() - since;
    if (Date.now() - since > limitMs) throw new Error(`${pathname} never showed "${text}"`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Ms until the path answers `status`; the revalidation regenerates in the background. */
async function timeUntilStatus(pathname: string, status: number, limitMs = 5000) {
  const since = Date.now();
  for (;;) {
    const res = await fetch(`${baseUrl()}${pathname}`);
    await res.arrayBuffer();
    if (res.status === status) return Date.now() - since;
    if (Date.now() - since > limitMs) throw new Error(`${pathname} never answered ${status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('POST /api/revalidate', () => {
  test.each([
    ['no Authorization header', 401, null, { username: 'maria' }],
    ['a wrong secret', 401, 'Bearer wrong', { username: 'maria' }],
    ['a secret without Bearer', 401, 'SECRET', { username: 'maria' }],
    ['malformed JSON', 400, 'ok', '{"username":'],
    ['an invalid username', 400, 'ok', { username: 'a/b' }],
    ['a list over 100', 400, 'ok', { usernames: Array.from({ length: 101 }, (_, i) => `u${i}`) }],
    ['both keys', 400, 'ok', { username: 'a', usernames: ['b'] }],
    ['a number', 400, 'ok', { username: 42 }],
  ])('%s → %i', async (_, status, auth, body) => {
    const header = auth === 'ok' ? `Bearer ${secret()}` : auth === 'SECRET' ? secret() : auth;
    const res = await revalidate(body, header);
    expect(res.status).toBe(status);
    const text = await res.text();
    expect(text).not.toContain(secret());
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(JSON.parse(text)).toHaveProperty('error');
  });

  test('a valid list → 200 with the usernames revalidated', async () => {
    const res = await revalidate({ usernames: ['kostas', 'nikos', 'kostas'] });
    expect(res.status).toBe(200);
    expect((await res.json()).revalidated).toEqual(['kostas', 'nikos']);
  });

  test('other methods → 405', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${baseUrl()}/api/revalidate`, { method });
      expect([method, res.status, res.headers.get('allow')]).toEqual([method, 405, 'POST']);
    }
  });
});

test('with the watcher running, an edit of jobTitle reaches the page and the vCard', async () => {
  const logs: string[] = [];
  const watcher = startWatcher({
    db: adminDb(),
    siteUrl: baseUrl(),
    secret: secret(),
    log: (line) => logs.push(line),
  });
  try {
    await watcher.ready;
    // Both are cached before the edit.
    expect((await get('/alice')).body).toContain('Product Designer');
    expect((await get('/alice/vcard')).body).toContain('TITLE:Product Designer');
    const title = `Head of Design ${Date.now()}`;
    const written = Date.now();
    await adminDb()
      .doc('users/alice')
      .update({ jobTitle: title, ...cardChanged() });
    const pageMs = await timeUntilShown('/alice', title, written);
    const vcardMs = await timeUntilShown('/alice/vcard', `TITLE:${title}`, written);
    console.log(`freshness: write → page ${pageMs} ms, write → vCard ${vcardMs} ms (goal < 2000)`);
    expect(
      logs.some((l) => /^revalidated alice \(modified\) \d+ ms after the change$/.test(l)),
    ).toBe(true);
  } finally {
    await watcher.stop();
  }
});

test('several edits within a second give one call per username', async () => {
  const calls: string[][] = [];
  const watcher = startWatcher({
    db: adminDb(),
    siteUrl: baseUrl(),
    secret: secret(),
    log: () => {},
    fetchImpl: async (url, init) => {
      calls.push(JSON.parse(String(init?.body)).usernames);
      return fetch(url, init);
    },
  });
  try {
    await watcher.ready;
    for (let i = 0; i < 4; i++) {
      await adminDb()
        .doc('users/nikos')
        .update({ city: `Αθήνα ${i}`, ...cardChanged() });
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls).toEqual([['nikos']]);
  } finally {
    await watcher.stop();
    await adminDb()
      .doc('users/nikos')
      .update({ city: 'Αθήνα', ...cardChanged() });
  }
});

test('a profile created after the build: 404 before, 200 after creation and revalidation', async () => {
  const username = `new-${Date.now()}`;
  expect((await get(`/${username}`)).status).toBe(404);
  await adminDb().doc(`users/${username}`).set({ username, firstName: 'Νέα', lastName: 'Κάρτα' });
  expect((await revalidate({ username })).status).toBe(200);
  const shown = await timeUntilShown(`/${username}`, 'Νέα Κάρτα', Date.now(), baseUrl(), 5000);
  console.log(`created → 200 ${shown} ms after the revalidation answered`);
  expect((await get(`/${username}`)).status).toBe(200);
});

test('a profile deleted: 404 after revalidation', async () => {
  expect((await get('/malformed-empty')).status).toBe(200);
  const snapshot = await adminDb().doc('users/malformed-empty').get();
  await adminDb().doc('users/malformed-empty').delete();
  try {
    expect((await revalidate({ username: 'malformed-empty' })).status).toBe(200);
    const gone = await timeUntilStatus('/malformed-empty', 404);
    console.log(`deleted → 404 ${gone} ms after the revalidation answered`);
    expect((await get('/malformed-empty')).body).toContain('Oops!');
    await timeUntilStatus('/malformed-empty/vcard', 404);
  } finally {
    await adminDb().doc('users/malformed-empty').set(snapshot.data()!);
    await revalidate({ username: 'malformed-empty' });
  }
  await timeUntilStatus('/malformed-empty', 200);
  await timeUntilStatus('/malformed-empty/vcard', 200);
});

/** Every file below `dir` (Node 20's recursive readdirSync misses some nested entries). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('stale while down', () => {
  // A server of its own on a copy of the build, reading an emulator of its own, so stopping
  // Firestore here touches no other test.
  let emulator: RunningEmulator | undefined;
  let server: ChildProcess;
  let distDir: string;
  let base: string;
  let firestorePort: number;

  async function seedOwnEmulator(jobTitle: string) {
    const app = initializeApp(
      { projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID },
      `stale-${Date.now()}`,
    );
    // firebase-admin reads FIRESTORE_EMULATOR_HOST when the Firestore instance is created.
    const shared = process.env.FIRESTORE_EMULATOR_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = emulator!.hostPort;
    try {
      const profiles = loadProfilesFile(DEMO_PROFILES_FILE).map((p) =>
        p.username === 'maria' ? { ...p, jobTitle } : p,
      );
      await seedProfiles(getFirestore(app), profiles);
    } finally {
      process.env.FIRESTORE_EMULATOR_HOST = shared;
      await deleteApp(app);
    }
  }

  beforeAll(async () => {
    // A copy of the shared server's build, taken once it has served /maria: Next then keeps the
    // page in its route cache, dated by its file, which is what lets this test age it.
    expect((await get('/maria')).status).toBe(200);
    const built = path.join(ROOT, process.env.NEXT_DIST_DIR as string);
    distDir = mkdtempSync(path.join(ROOT, '.next-stale-'));
    for (const entry of readdirSync(built)) {
      if (entry !== 'cache') {
        cpSync(path.join(built, entry), path.join(distDir, entry), { recursive: true });
      }
    }
    // Stands in for an hour passing: /maria's copy gets a one-second revalidation window, both
    // where Next keeps it for build-time pages (the prerender manifest) and where it keeps it for
    // pages it has cached since (each entry's .meta), and its files are dated two hours back.
    const manifestFile = path.join(distDir, 'prerender-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.routes['/maria'].initialRevalidateSeconds = 1;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const file of filesUnder(path.join(distDir, 'server'))) {
      if (!/(^|\/)maria\./.test(file)) continue;
      const full = file;
      if (file.endsWith('.meta')) {
        const meta = JSON.parse(readFileSync(full, 'utf8'));
        if (meta.cacheControl) meta.cacheControl.revalidate = 1;
        delete meta.routeCacheLastModified;
        writeFileSync(full, JSON.stringify(meta));
      }
      utimesSync(full, twoHoursAgo, twoHoursAgo);
    }

    // Firestore is down from the start: nothing answers on this port yet.
    firestorePort = await freePort();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startNext(
      port,
      {
        ...process.env,
        NEXT_DIST_DIR: path.basename(distDir),
        FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestorePort}`,
        FIRESTORE_READ_TIMEOUT_MS: '1500',
      },
      {
        host: '127.0.0.1',
        logFile: path.join(ROOT, 'artifacts', 'freshness-stale-while-down.log'),
      },
    );
  });

  afterAll(async () => {
    if (server) await stopProcess(server);
    await emulator?.stop();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  test('Firestore down: a page past its window is served with its last good content; back up: it refreshes', async () => {
    // Each request finds the page stale and regenerates it in the background, which fails
    // (the read throws): the last good page keeps being served, never an empty page or a 404.
    const cacheStates: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/maria`);
      expect([i, res.status]).toEqual([i, 200]);
      expect(await res.text()).toContain('Αρχιτέκτονας');
      cacheStates.push(res.headers.get('x-nextjs-cache'));
      await new Promise((r) => setTimeout(r, 2000));
    }
    // The first answer proves the window had passed; after a failed regeneration Next keeps the
    // old page and may count it fresh again (HIT), which is still the last good content.
    expect(cacheStates[0]).toBe('STALE');
    expect(cacheStates.every((state) => state === 'STALE' || state === 'HIT')).toBe(true);

    // A revalidation sent meanwhile (by the watcher, a Cloud Function or by hand) leaves the card
    // exactly as it was and says so, so that its sender tries again later.
    const refused = await revalidate({ username: 'maria' }, `Bearer ${secret()}`, base);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ revalidated: [], pending: ['maria'] });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/maria`);
      expect([i, res.status]).toEqual([i, 200]);
      expect(await res.text()).toContain('Αρχιτέκτονας');
    }

    emulator = await startEmulator({ rulesPath: RULES_FILE, port: firestorePort });
    await seedOwnEmulator('Πολεοδόμος');
    // firebase-admin's gRPC channel backs off while Firestore is away, so the first successful
    // regeneration can take a while after it returns.
    const recovered = await timeUntilShown('/maria', 'Πολεοδόμος', Date.now(), base, 50_000);
    console.log(`stale-while-down: fresh content ${recovered} ms after Firestore returned`);
  });

  test('Firestore down and no good copy: the Oops page within one read deadline', async () => {
    await emulator?.stop();
    emulator = undefined;
    const started = Date.now();
    const res = await fetch(`${base}/never-cached-${Date.now()}`);
    const elapsed = Date.now() - started;
    console.log(`no good copy, Firestore down: HTTP ${res.status} after ${elapsed} ms`);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await res.text()).toContain('Oops!');
    // One deadline is 1500 ms here; two would be at least 3000.
    expect(elapsed).toBeLessThan(2900);
  });
});

test('npm run revalidate: clear output and exit code', async () => {
  const run = (args: string[], env: NodeJS.ProcessEnv) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'revalidate', '--', ...args], {
        cwd: ROOT,
        env,
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.stderr.on('data', (d: Buffer) => (out += d));
      child.on('exit', (code) => resolve({ code, out }));
    });
  const ok = await run(['maria', 'nikos', '--url', baseUrl()], process.env);
  expect(ok).toEqual({ code: 0, out: `Revalidated on ${baseUrl()}: maria, nikos\n` });
  const wrong = await run(['maria', '--url', baseUrl()], {
    ...process.env,
    REVALIDATE_SECRET: 'wrong',
  });
  expect(wrong.code).toBe(1);
  expect(wrong.out).toContain('Revalidation failed: HTTP 401');
  const usage = await run([], process.env);
  expect(usage.code).toBe(2);
  expect(usage.out).toContain('Usage: npm run revalidate -- <username>');
});
