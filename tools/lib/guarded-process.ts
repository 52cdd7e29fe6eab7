// A server whose last lines of output are kept, to say why it would not start (the emulators,
// the mail catcher). It runs under the guardian of processes.ts, like every child of ours.
import { setTimeout as sleep } from 'node:timers/promises';
import { startProcess, stopProcess } from './processes';

// Enough of the output to say why a server that would not start did not.
const KEPT_LINES = 50;

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

/** Starts `command`; undefined when it could not be spawned at all. */
export function startGuarded(
  command: string,
  args: string[],
  options: GuardedOptions = {},
): GuardedProcess | undefined {
  const child = startProcess(command, args, { env: options.env, stdio: 'pipe' });
  const pid = child.pid;
  if (!pid) return undefined;
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
  child.once('exit', () => {
    exited = true;
  });
  let stopped: Promise<void> | undefined;
  return {
    pid,
    output,
    exited: () => exited,
    stop: () => (stopped ??= stopProcess(child)),
  };
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
