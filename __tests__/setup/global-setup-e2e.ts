// One stack for every e2e file, started as `npm run demo` starts it (tools/lib/stack.ts): the
// emulators, the demo cards (and the malformed ones the tests open) with their owners, one
// production build into .next-test, `next start`, and the daemon of `npm run watch` (the change
// watcher and the lead mailer) with its mail catcher. Its project on the run's Firestore emulator is
// its own, so the emulator project's files, which run watchers and mailers of their own, never see
// its cards, nor it theirs.
//
// One headless Chromium, started beside the build, serves every file: each connects to it
// (helpers/browser.ts) rather than launching its own.
//
// It starts in the background: the unit and emulator files run meanwhile, and each e2e file waits
// for it in its environment (e2e-environment.ts), which reads what it needs from the state file.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startChromiumServer, type ChromiumServer } from '../../tools/lib/chromium';
import { freePort } from '../../tools/lib/emulator';
import { DEMO_PROFILES_FILE } from '../../tools/lib/paths';
import { loadProfilesFile } from '../../tools/lib/seed';
import { startStack, type Stack } from '../../tools/lib/stack';
import { MALFORMED_PROFILES } from '../fixtures/profiles';
import { BROWSER_WS, E2E_STATE, type E2eState } from './e2e-state';
import { ensureEmulator, harness, ROOT } from './harness';

// KARTA_E2E_DIST_DIR lets two runs on one machine build side by side.
const E2E_DIST_DIR = process.env.KARTA_E2E_DIST_DIR || '.next-test';
const ARTIFACTS = path.join(ROOT, 'artifacts');
const PROJECT_ID = 'demo-karta-e2e';
// Not for the files: SMTP_URL would make a command a test runs (npm run demo:scale) mail into this
// stack's catcher.
const NOT_FOR_FILES = new Set(['SMTP_URL', 'KARTA_BUILD_SKIP_TYPECHECK']);

/** Whole or not at all: the files poll for it. */
function writeState(file: string, state: E2eState): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}

async function start(
  stateFile: string,
  before: NodeJS.ProcessEnv,
  browser: Promise<ChromiumServer>,
): Promise<Stack> {
  const firestore = await ensureEmulator();
  const port = await freePort();
  const stack = await startStack({
    projectId: PROJECT_ID,
    profiles: [...loadProfilesFile(DEMO_PROFILES_FILE), ...MALFORMED_PROFILES],
    auth: true,
    firestore,
    port,
    host: '127.0.0.1',
    siteUrl: `http://127.0.0.1:${port}`,
    distDir: E2E_DIST_DIR,
    daemon: true,
    wallets: true,
    logDir: ARTIFACTS,
    // tools/test.ts runs tsc --noEmit beside Jest.
    env: { KARTA_BUILD_SKIP_TYPECHECK: '1' },
    log: () => {},
  });
  const state: E2eState = {
    env: {
      ...Object.fromEntries(
        Object.entries(stack.env).filter(
          (entry): entry is [string, string] =>
            !NOT_FOR_FILES.has(entry[0]) && entry[1] !== undefined && before[entry[0]] !== entry[1],
        ),
      ),
      KARTA_BASE_URL: stack.baseUrl,
      KARTA_MAIL_INBOX_URL: stack.mail?.inboxUrl ?? '',
      KARTA_DAEMON_LOG: stack.daemonLog ?? '',
      KARTA_E2E_BUILD_MS: String(stack.buildMs),
      [BROWSER_WS]: (await browser).wsEndpoint,
    },
  };
  writeState(stateFile, state);
  return stack;
}

export default async function globalSetup(): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const stateFile = path.join(ARTIFACTS, `e2e-stack-${process.pid}.json`);
  rmSync(stateFile, { force: true });
  process.env[E2E_STATE] = stateFile;
  // What the stack adds to this process's environment goes to the files: the workers may have
  // been started before it was set (an e2e-only run starts no emulator first).
  const before = { ...process.env };
  const browser = startChromiumServer();
  // Its failure is the state's (start() awaits it); this only keeps it from being unhandled.
  browser.catch(() => undefined);
  const started = start(stateFile, before, browser).catch((error: Error) => {
    writeState(stateFile, { error: error.stack ?? error.message });
    return undefined;
  });
  harness().stops.push(async () => {
    await Promise.all([
      (await started)?.stop(),
      browser.then(
        (server) => server.stop(),
        () => undefined,
      ),
    ]);
    rmSync(stateFile, { force: true });
  });
}
