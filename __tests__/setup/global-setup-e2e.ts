// One stack for every e2e file, started as `npm run demo` starts it (tools/lib/stack.ts): the
// emulators, the demo cards (and the malformed ones the tests open) with their owners, one
// production build into .next-test, `next start`, and the daemon of `npm run watch` (the change
// watcher and the lead mailer) with its mail catcher. Its project on the run's Firestore emulator is
// its own, so the emulator project's files, which run watchers and mailers of their own, never see
// its cards, nor it theirs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../tools/lib/emulator';
import { DEMO_PROFILES_FILE } from '../../tools/lib/paths';
import { loadProfilesFile } from '../../tools/lib/seed';
import { startStack } from '../../tools/lib/stack';
import { MALFORMED_PROFILES } from '../fixtures/profiles';
import { E2E_ENV, e2eProjectId } from './e2e-env';
import { ensureEmulator, harness, ROOT } from './harness';

// KARTA_E2E_DIST_DIR lets two runs on one machine build side by side.
const E2E_DIST_DIR = process.env.KARTA_E2E_DIST_DIR || '.next-test';
const ARTIFACTS = path.join(ROOT, 'artifacts');

export default async function globalSetup(): Promise<void> {
  const firestore = await ensureEmulator();
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stack = await startStack({
    projectId: e2eProjectId,
    profiles: [...loadProfilesFile(DEMO_PROFILES_FILE), ...MALFORMED_PROFILES],
    auth: true,
    firestore,
    port,
    host: '127.0.0.1',
    siteUrl: baseUrl,
    distDir: E2E_DIST_DIR,
    daemon: true,
    logDir: ARTIFACTS,
    // tools/test.ts runs tsc --noEmit beside Jest.
    env: { KARTA_BUILD_SKIP_TYPECHECK: '1' },
    log: () => {},
  });
  harness().stops.push(() => stack.stop());
  // What the files need of the stack's environment; not SMTP_URL, which would make a command a
  // test runs (npm run demo:scale) mail into this stack's catcher.
  const notForFiles = new Set(['SMTP_URL', 'KARTA_BUILD_SKIP_TYPECHECK']);
  const vars: Record<string, string | undefined> = {
    ...Object.fromEntries(
      Object.entries(stack.env).filter(
        ([name, value]) => !notForFiles.has(name) && process.env[name] !== value,
      ),
    ),
    KARTA_BASE_URL: stack.baseUrl,
    KARTA_MAIL_INBOX_URL: stack.mail?.inboxUrl,
    KARTA_DAEMON_LOG: stack.daemonLog,
    KARTA_E2E_BUILD_MS: String(stack.buildMs),
  };
  process.env[E2E_ENV] = JSON.stringify(vars);
}
