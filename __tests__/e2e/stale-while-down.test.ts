// Stale while down: a card past its revalidation window is served with its last good content
// while Firestore is away, and refreshes once it returns; with no good copy, the Oops page within
// one read deadline. A server of its own on a copy of the run's build, reading an emulator of its
// own, so stopping Firestore here touches no other file.
import type { ChildProcess } from 'node:child_process';
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
import { freePort, startEmulator, type RunningEmulator } from '@/tools/lib/emulator';
import { DEMO_PROFILES_FILE, ROOT, RULES_FILE } from '@/tools/lib/paths';
import { startNext } from '@/tools/lib/next-server';
import { stopProcess } from '@/tools/lib/processes';
import { loadProfilesFile, seedProfiles } from '@/tools/lib/seed';
import { get } from '../helpers/http';
import { revalidate, secret, timeUntilShown } from '../helpers/revalidate';

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
    // A copy of the build and a server's start: more than Jest's default on a busy machine.
  }, 180_000);

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
    // The read deadline (1500 ms here) answers, not firebase-admin's own retries, which go on for
    // minutes while Firestore is away.
    // eslint-disable-next-line no-restricted-syntax -- bound is the behaviour: the deadline answers (idle: 1.7 s; over 10× that)
    expect(elapsed).toBeLessThan(20_000);
  });
});
