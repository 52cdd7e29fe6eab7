// The emulators' launcher: a server in its own process group under a bash guardian, which ends
// it when our process disappears, even by SIGKILL, which no exit handler of ours would see. Both
// emulators (tools/lib/emulator.ts, tools/lib/auth-emulator.ts) start this way.
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { groupAlive, killGroup } from './processes';

const GUARDIAN = [
  'parent=$1; shift',
  '"$@" & child=$!',
  "trap 'kill $child 2>/dev/null; wait $child; exit 0' TERM INT HUP",
  'while kill -0 "$parent" 2>/dev/null && kill -0 "$child" 2>/dev/null; do sleep 1; done',
  'kill $child 2>/dev/null; wait $child',
].join('\n');

// Enough of the output to say why a server that would not start did not.
const KEPT_LINES = 50;

const live = new Set<number>();
let exitHookInstalled = false;

export interface GuardedProcess {
  /** The process group's leader (the guardian): killing the group ends the server too. */
  pid: number;
  /** Its last lines of output, oldest first. */
  output: string[];
  exited(): boolean;
  /** Ends the whole group (SIGTERM, then SIGKILL after 5 s); once, whoever calls it. */
  stop(): Promise<void>;
}

export interface GuardedOptions {
  env?: NodeJS.ProcessEnv;
  /** Called with each line the server prints. */
  onLog?: (line: string) => void;
}

/** Starts `command` under the guardian; undefined when it could not be spawned at all. */
export function startGuarded(
  command: string,
  args: string[],
  options: GuardedOptions = {},
): GuardedProcess | undefined {
  const child: ChildProcess = spawn(
    'bash',
    ['-c', GUARDIAN, 'guardian', String(process.pid), command, ...args],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: options.env ?? process.env },
  );
  const pid = child.pid;
  if (!pid) return undefined;
  live.add(pid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const group of live) killGroup(group, 'SIGKILL');
    });
  }

  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > KEPT_LINES) output.shift();
      options.onLog?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      live.delete(pid);
      resolve();
    }),
  );

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      if (!exited) {
        killGroup(pid, 'SIGTERM');
        const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      }
      // The server may outlive the guardian by a moment; wait for the whole group.
      for (let i = 0; i < 50 && groupAlive(pid); i++) await sleep(100);
      if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
    })();
    return stopped;
  };
  return { pid, output, exited: () => exited, stop };
}

/**
 * Polls `answers` every `pollMs` until it says yes. If the server exits first or `timeoutMs`
 * passes, stops it (`stop`, which may also clean up after it) and throws `fail(why)`.
 */
export async function awaitAnswer(
  server: GuardedProcess,
  answers: () => Promise<boolean>,
  options: {
    name: string;
    hostPort: string;
    timeoutMs: number;
    pollMs: number;
    stop: () => Promise<void>;
    fail: (message: string) => Error;
  },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (!(await answers())) {
    if (server.exited()) {
      await options.stop();
      throw options.fail(
        `The ${options.name} exited before answering:\n${server.output.slice(-10).join('\n')}`,
      );
    }
    if (Date.now() > deadline) {
      await options.stop();
      throw options.fail(`The ${options.name} did not answer on ${options.hostPort} in time.`);
    }
    await sleep(options.pollMs);
  }
}
