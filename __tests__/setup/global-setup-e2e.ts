// One production build (`next build` into .next-test) and one `next start`, both on the run's
// emulators (Firestore, and Auth for the owner console), for every e2e test file.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { adminDb } from '../../server/firebase/admin-app';
import { buildCardAssets } from '../../components/card/build/build';
import { freePort } from '../../tools/lib/emulator';
import { DEMO_PROFILES_FILE } from '../../tools/lib/paths';
import { startNext } from '../../tools/lib/next-server';
import { NEXT_BIN, startProcess, stopProcess } from '../../tools/lib/processes';
import { loadProfilesFile, seedProfiles } from '../../tools/lib/seed';
import { createDemoOwners } from '../../tools/lib/demo-owners';
import { MALFORMED_PROFILES } from '../fixtures/profiles';
import { ensureAuthEmulator, ensureEmulator, harness, ROOT } from './harness';
import { startRunLock } from './run-lock';

// KARTA_E2E_DIST_DIR lets two runs on one machine build side by side.
export const E2E_DIST_DIR = process.env.KARTA_E2E_DIST_DIR || '.next-test';
export const E2E_REVALIDATE_SECRET = randomBytes(24).toString('hex');
const ARTIFACTS = path.join(ROOT, 'artifacts');

function runLogged(args: string[], env: NodeJS.ProcessEnv, log: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = startProcess(process.execPath, args, { env, cwd: ROOT, stdio: 'pipe' });
    const out = createWriteStream(log);
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      const tail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
      reject(new Error(`next ${args[1]} failed (exit ${code}); see ${log}:\n${tail}`));
    });
  });
}

export default async function globalSetup(): Promise<void> {
  const lock = await startRunLock();
  harness().stops.push(() => lock.close());
  process.env.KARTA_RUN_LOCK = lock.address;
  // Both take seconds to start: side by side. NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST must be set
  // before the build, which inlines it into the console's bundle.
  const [, auth] = await Promise.all([ensureEmulator(), ensureAuthEmulator()]);
  mkdirSync(ARTIFACTS, { recursive: true });
  const demo = loadProfilesFile(DEMO_PROFILES_FILE);
  await seedProfiles(adminDb(), [...demo, ...MALFORMED_PROFILES]);
  await createDemoOwners(
    auth.hostPort,
    adminDb(),
    demo.map((p) => p.username),
  );

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: E2E_DIST_DIR,
    NEXT_PUBLIC_SITE_URL: baseUrl,
    REVALIDATE_SECRET: E2E_REVALIDATE_SECRET,
    // tools/test.ts runs tsc --noEmit beside Jest.
    KARTA_BUILD_SKIP_TYPECHECK: '1',
  };
  const started = Date.now();
  await buildCardAssets(env);
  await runLogged([NEXT_BIN, 'build'], env, path.join(ARTIFACTS, 'e2e-build.log'));
  process.env.KARTA_E2E_BUILD_MS = String(Date.now() - started);

  const server = await startNext(port, env, {
    host: '127.0.0.1',
    logFile: path.join(ARTIFACTS, 'e2e-server.log'),
  });
  harness().stops.push(() => stopProcess(server));
  process.env.KARTA_BASE_URL = baseUrl;
  process.env.NEXT_DIST_DIR = E2E_DIST_DIR;
  process.env.NEXT_PUBLIC_SITE_URL = baseUrl;
  process.env.REVALIDATE_SECRET = E2E_REVALIDATE_SECRET;
}
