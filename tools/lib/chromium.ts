// Debian's Chromium for the real-browser tests and benchmarks (never a downloaded browser build).
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import { startProcess, stopProcess } from './processes';
import { recordStart } from './start-ledger';
import { which, type SystemCommand } from './system-packages';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const explicit = env.CHROMIUM_PATH || env.CHROME_PATH;
  if (explicit && existsSync(explicit)) return explicit;
  return which('chromium') ?? which('chromium-browser');
}

/** Chromium for ensureCommands: Debian's package, or CHROMIUM_PATH. */
export const CHROMIUM: SystemCommand = {
  command: 'chromium',
  aptPackage: 'chromium',
  find: () => findChromium(),
};

/** The executable, or one clear error saying how to get it. */
export function chromiumPath(): string {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error('Chromium not found: `apt-get install -y chromium` or set CHROMIUM_PATH.');
  }
  return executablePath;
}

// Playwright starts Chromium in a process group of its own (pgid = pid) and ends it on exit or
// Ctrl-C, but nothing of it survives a SIGKILL of this process. This watcher, run under the
// guardian of processes.ts like every server of ours, kills that group when the guardian ends it.
const GROUP_WATCHER = [
  'pgid=$1',
  "trap 'kill -KILL -- -$pgid 2>/dev/null; exit 0' TERM INT HUP",
  'while kill -0 -- -$pgid 2>/dev/null; do sleep 1; done',
].join('\n');

export interface ChromiumServer {
  /** What `chromium.connect()` takes. */
  wsEndpoint: string;
  stop(): Promise<void>;
}

/** One headless Chromium that many processes connect to, ended with the process that started it. */
export async function startChromiumServer(): Promise<ChromiumServer> {
  recordStart('chromium');
  const server: BrowserServer = await chromium.launchServer({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const pid = server.process().pid;
  const watcher =
    pid === undefined
      ? undefined
      : startProcess('bash', ['-c', GROUP_WATCHER, 'karta-chromium-watcher', String(pid)]);
  return {
    wsEndpoint: server.wsEndpoint(),
    async stop() {
      await server.close();
      if (watcher) await stopProcess(watcher);
    },
  };
}
