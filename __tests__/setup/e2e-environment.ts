// The e2e files' environment: Node's, once the run's stack is up (global-setup-e2e.ts starts it in
// the background), with its variables in the file's process.env. After each file, every process
// that file started and still runs is ended (tools/lib/processes.ts), whether its hooks passed,
// threw or timed out: a worker runs file after file, and a server a hook left behind would outlive
// the file.
import { existsSync, readFileSync } from 'node:fs';
import NodeEnvironment from 'jest-environment-node';
import { E2E_STATE, type E2eState } from './e2e-state';

// A cold build on a busy 2-core machine, with the other files' tests beside it.
const STACK_LIMIT_MS = 10 * 60_000;

async function stackState(): Promise<E2eState> {
  const file = process.env[E2E_STATE];
  if (!file) throw new Error(`${E2E_STATE} is not set: the e2e global set-up starts the stack`);
  for (const end = Date.now() + STACK_LIMIT_MS; !existsSync(file);) {
    if (Date.now() > end) throw new Error(`the e2e stack was not up in ${STACK_LIMIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as E2eState;
}

export default class E2eEnvironment extends NodeEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    const state = await stackState();
    if ('error' in state) throw new Error(`The e2e stack did not start:\n${state.error}`);
    Object.assign(this.global.process.env, state.env);
  }

  override async teardown(): Promise<void> {
    const stopAll = this.global.__kartaStopAllProcesses as (() => Promise<void>) | undefined;
    await stopAll?.();
    await super.teardown();
  }
}
