// The start of a server that says when it is ready by answering (the Firestore and Auth
// emulators): spawned under its guardian, counted in the run's ledger, polled until it answers.
import { awaitAnswer, startGuarded } from './guarded-process';
import { recordStart, type StartKind } from './start-ledger';

export interface AnsweringServerOptions {
  /** What the run's ledger counts it as. */
  kind: StartKind;
  /** What its errors call it, e.g. 'Auth emulator'. */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Called with each line it prints. */
  onLog?: (line: string) => void;
  /** Where it answers, as its errors say it. */
  hostPort: string;
  answers: () => Promise<boolean>;
  timeoutMs: number;
  pollMs: number;
  /** Run once it has stopped (e.g. its own temporary folder removed). */
  cleanUp?: () => void;
  fail: (message: string) => Error;
}

/**
 * Starts the server and resolves once it answers. One that cannot be spawned, exits first or is
 * late is stopped and cleaned up, and throws `fail(why)`.
 */
export async function startAnsweringServer(
  options: AnsweringServerOptions,
): Promise<{ pid: number; stop: () => Promise<void> }> {
  recordStart(options.kind);
  const server = startGuarded(options.command, options.args, {
    env: options.env,
    onLog: options.onLog,
  });
  if (!server) {
    options.cleanUp?.();
    throw options.fail(`Could not spawn the ${options.name}.`);
  }
  const stop = async (): Promise<void> => {
    await server.stop();
    options.cleanUp?.();
  };
  await awaitAnswer(server, options.answers, { ...options, stop });
  return { pid: server.pid, stop };
}
