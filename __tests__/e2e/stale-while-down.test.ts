// Stale while down: a card past its revalidation window is served with its last good content
// while Firestore is away, and refreshes once it returns; with no good copy, the Oops page within
// one read deadline. A server of its own on a copy of the run's build, retargeted to a project of
// its own on the run's emulator, which it reads through a relay: cutting the relay takes Firestore
// away from this server alone.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { DEMO_PROFILES_FILE } from '@/tools/lib/paths';
import { stopProcess } from '@/tools/lib/processes';
import { loadProfilesFile, seedProfiles } from '@/tools/lib/seed';
import { startTcpRelay, type TcpRelay } from '@/tools/lib/tcp-relay';
import { withDeadline } from '@/lib/deadline';
import { ceiling, WAIT_MS } from '../helpers/eventually';
import { get } from '../helpers/http';
import { copyOfRunBuild, startOnCopy } from '../helpers/build-copy';
import { revalidate, secret, timeUntilShown } from '../helpers/revalidate';

// The server's own project on the run's emulator: the cards it reads are its own, and no other
// stack's watcher or mailer sees them.
const PROJECT_ID = 'demo-karta-stale';
const READ_DEADLINE_MS = 1500;
// The card as it was built, and as edited while Firestore is away.
const BUILT_TITLE = 'Αρχιτέκτονας';
const EDITED_TITLE = 'Πολεοδόμος';

/** Every file below `dir` (Node 20's recursive readdirSync misses some nested entries). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The demo cards in the server's project, maria with `jobTitle`. */
async function seedOwnProject(jobTitle: string): Promise<void> {
  // firebase-admin reads the run's emulator from FIRESTORE_EMULATOR_HOST.
  const app = initializeApp({ projectId: PROJECT_ID }, `stale-${Date.now()}`);
  try {
    const profiles = loadProfilesFile(DEMO_PROFILES_FILE).map((p) =>
      p.username === 'maria' ? { ...p, jobTitle } : p,
    );
    await seedProfiles(getFirestore(app), profiles);
  } finally {
    await deleteApp(app);
  }
}

/** `work`, or an error naming `what` after WAIT_MS: this set-up once hung past Jest's limit unsaid. */
function step<T>(what: string, work: Promise<T>): Promise<T> {
  return withDeadline(
    work,
    ceiling(WAIT_MS),
    () => new Error(`${what}: no end in ${ceiling(WAIT_MS)} ms`),
  );
}

describe('stale while down', () => {
  let relay: TcpRelay | undefined;
  let server: ChildProcess | undefined;
  let distDir: string | undefined;
  let base: string;

  beforeAll(async () => {
    // A copy of the shared server's build, taken once it has served /maria: Next then keeps the
    // page in its route cache, dated by its file, which is what lets this test age it.
    expect((await step("the shared server's /maria", get('/maria'))).status).toBe(200);
    distDir = copyOfRunBuild('.next-stale-', {
      project: { from: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID as string, to: PROJECT_ID },
    });
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
      if (file.endsWith('.meta')) {
        const meta = JSON.parse(readFileSync(file, 'utf8'));
        if (meta.cacheControl) meta.cacheControl.revalidate = 1;
        delete meta.routeCacheLastModified;
        writeFileSync(file, JSON.stringify(meta));
      }
      utimesSync(file, twoHoursAgo, twoHoursAgo);
    }

    // The card was edited, and Firestore is down for this server from the start: its relay is
    // cut before it starts.
    await step('seeding its own project', seedOwnProject(EDITED_TITLE));
    relay = await step('the relay', startTcpRelay(process.env.FIRESTORE_EMULATOR_HOST as string));
    relay.cut();
    ({ server, base } = await startOnCopy(
      distDir,
      {
        NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT_ID,
        FIRESTORE_EMULATOR_HOST: relay.hostPort,
        FIRESTORE_READ_TIMEOUT_MS: String(READ_DEADLINE_MS),
      },
      'freshness-stale-while-down.log',
    ));
    // A copy of the build and a server's start: Jest's limit (TEST_MS) fits them.
  });

  afterAll(async () => {
    if (server) await stopProcess(server);
    await relay?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
    // The project's cards go with the file; the run's emulator goes on.
    await fetch(
      `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
      { method: 'DELETE' },
    );
  });

  test('Firestore down: a page past its window is served with its last good content; back up: it refreshes', async () => {
    // Each request finds the page stale and regenerates it in the background, which fails
    // (the read throws): the last good page keeps being served, never an empty page or a 404,
    // whether a regeneration is still on its way or has failed already.
    const cacheStates: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/maria`);
      expect([i, res.status]).toEqual([i, 200]);
      expect(await res.text()).toContain(BUILT_TITLE);
      cacheStates.push(res.headers.get('x-nextjs-cache'));
    }
    // The first answer proves the window had passed; after a failed regeneration Next keeps the
    // old page and may count it fresh again (HIT), which is still the last good content.
    expect(cacheStates[0]).toBe('STALE');
    expect(cacheStates.every((state) => state === 'STALE' || state === 'HIT')).toBe(true);

    // A revalidation sent meanwhile (by the watcher, a Cloud Function or by hand) leaves the card
    // exactly as it was and says so, so that its sender tries again later. It answers once its
    // own read has failed, a read deadline after the regenerations above began theirs: the
    // requests after it find them failed.
    const refused = await revalidate({ username: 'maria' }, `Bearer ${secret()}`, base);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ revalidated: [], pending: ['maria'] });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/maria`);
      expect([i, res.status]).toEqual([i, 200]);
      expect(await res.text()).toContain(BUILT_TITLE);
    }

    relay!.restore();
    // firebase-admin's gRPC channel backs off while Firestore is away, so the first successful
    // regeneration can take a while after it returns.
    const recovered = await timeUntilShown('/maria', EDITED_TITLE, Date.now(), base, WAIT_MS);
    console.log(`stale-while-down: fresh content ${recovered} ms after Firestore returned`);
  });

  test('Firestore down and no good copy: the Oops page within one read deadline', async () => {
    relay!.cut();
    const started = Date.now();
    const res = await fetch(`${base}/never-cached-${Date.now()}`);
    const elapsed = Date.now() - started;
    console.log(`no good copy, Firestore down: HTTP ${res.status} after ${elapsed} ms`);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await res.text()).toContain('Oops!');
    // The read deadline (1500 ms here) answers, not firebase-admin's own retries, which go on for
    // minutes while Firestore is away.
    // Without the deadline it answered only after about 43 s of firebase-admin's retries.
    // eslint-disable-next-line no-restricted-syntax -- bound is the behaviour: the deadline answers (idle: 1.7 s; over 10× that)
    expect(elapsed).toBeLessThan(ceiling(20_000));
  });
});
