// Child processes of the local commands (demo, dev, tests, benchmarks): each runs in its own
// process group and is ended, with its children, however we exit.
import { spawn, type ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();

/** Signals a whole process group (a server and its children); a group already gone is fine. */
export function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
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

function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

process.on('exit', () => {
  for (const child of live) killTree(child, 'SIGKILL');
});

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
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    cwd: options.cwd,
    stdio: ['ignore', options.stdio ?? 'inherit', options.stdio ?? 'inherit'],
    detached: true,
  });
  live.add(child);
  child.on('exit', () => live.delete(child));
  return child;
}

/** Runs to completion; rejects with the exit code when it fails. */
export function runProcess(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = startProcess(command, args, options);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killTree(child, 'SIGTERM');
  const timer = setTimeout(() => killTree(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

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
  return new Promise((resolve, reject) => {
    const attempt = async () => {
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        return resolve();
      } catch {
        if (Date.now() > deadline) return reject(new Error(`${url} did not answer in time`));
        setTimeout(attempt, 200);
      }
    };
    void attempt();
  });
}
