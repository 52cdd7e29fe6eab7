// Child processes of the local commands (demo, dev, tests, benchmarks). Each runs in a process
// group of its own under a guardian, a bash loop that ends it as soon as the process that started
// it is gone (within a second; SIGKILL 5 s later if SIGTERM did not end it), however it ended: an exit, SIGKILL, or a Ctrl-C that no handler of
// ours sees. `stopAllProcesses()` ends them at once: the e2e environment calls it after each test
// file (a worker outlives its files), so a hook that threw or timed out leaves nothing behind.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

const GUARDIAN = [
  'parent=$1; shift',
  '"$@" & child=$!',
  "trap 'kill $child 2>/dev/null; wait $child; exit 0' TERM INT HUP",
  'while kill -0 "$parent" 2>/dev/null && kill -0 "$child" 2>/dev/null; do sleep 1; done',
  // A server still busy 5 s after SIGTERM (next start flushing to a Firestore that is gone with
  // the run) is killed: nobody is left to stop it otherwise.
  'kill $child 2>/dev/null',
  'for i in 1 2 3 4 5; do kill -0 $child 2>/dev/null || break; sleep 1; done',
  'kill -9 $child 2>/dev/null; wait $child',
].join('\n');

/** Signals a whole process group (a server and its children); a group already gone is fine. */
export function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/**
 * Freezes (SIGSTOP) or thaws (SIGCONT) a server started here, as a network partition would, but
 * not its guardian: a frozen guardian could not end the server if the run stopped meanwhile.
 */
export function freezeServer(pgid: number, signal: 'SIGSTOP' | 'SIGCONT'): void {
  let pids: number[] = [];
  try {
    pids = execFileSync('pgrep', ['-g', String(pgid)], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter((pid) => pid > 0 && pid !== pgid);
  } catch {
    return; // pgrep exits 1 when the group is gone
  }
  for (const pid of pids) {
    try {
      // The guardian's `sleep` between two looks is its own too.
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'sleep') continue;
      process.kill(pid, signal);
    } catch {
      // gone meanwhile
    }
  }
}

/** True while any process of the group is alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const live = new Set<ChildProcess>();
// Set by stopAllProcesses: whatever a hook still starts after that is ended at once.
let closed = false;

function running(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** 'inherit' shows the output; 'pipe' lets the caller read it. */
  stdio?: 'inherit' | 'pipe';
}

export function startProcess(
  command: string,
  args: string[],
  options: RunOptions = {},
): ChildProcess {
  const child = spawn('bash', ['-c', GUARDIAN, 'guardian', String(process.pid), command, ...args], {
    env: options.env ?? process.env,
    cwd: options.cwd,
    stdio: ['ignore', options.stdio ?? 'inherit', options.stdio ?? 'inherit'],
    detached: true,
  });
  live.add(child);
  child.on('exit', () => live.delete(child));
  if (closed) void stopProcess(child);
  return child;
}

/** Ends the child's whole group: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (!running(child)) return;
  const pid = child.pid as number;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A stopped (SIGSTOP) process acts on SIGTERM only once it runs again.
  killGroup(pid, 'SIGCONT');
  killGroup(pid, 'SIGTERM');
  const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // The server may outlive its guardian by a moment; wait for the whole group.
  for (let i = 0; i < 50 && groupAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
}

/** Ends every process started here that still runs; any started later is ended at once. */
export async function stopAllProcesses(): Promise<void> {
  closed = true;
  await Promise.all([...live].map((child) => stopProcess(child)));
}

// The e2e environment (__tests__/setup/e2e-environment.ts) reaches this module's processes
// through the test file's global: it runs outside the file's module registry.
Object.assign(globalThis, { __kartaStopAllProcesses: stopAllProcesses });

/** Runs `cleanup` once on Ctrl-C or SIGTERM, then exits. */
export function onShutdown(cleanup: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

export const NEXT_BIN = require.resolve('next/dist/bin/next');

export function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  return new Promise((resolve, reject) => {
    const attempt = async () => {
      // A timer of its own rather than AbortSignal.timeout(), whose signal fetch holds weakly: one
      // collected before it fires leaves an attempt to a server that never answers waiting forever.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error('no answer in 2 s')), 2000);
      try {
        const res = await fetch(url, { signal: controller.signal });
        await res.arrayBuffer();
        return resolve();
      } catch (error) {
        last =
          error instanceof Error
            ? ((error.cause as Error | undefined)?.message ?? error.message)
            : String(error);
        if (Date.now() > deadline) {
          return reject(new Error(`${url} did not answer in ${timeoutMs} ms (last: ${last})`));
        }
        setTimeout(attempt, 200);
      } finally {
        clearTimeout(timer);
      }
    };
    void attempt();
  });
}
