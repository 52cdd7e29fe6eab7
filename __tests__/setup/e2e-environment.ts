// The e2e files' environment: Node's, once the run's stack is up (global-setup-e2e.ts starts it in
// the background), with its variables in the file's process.env. After each file, every process
// that file started and still runs is ended (tools/lib/processes.ts), whether its hooks passed,
// threw or timed out: a worker runs file after file, and a server a hook left behind would outlive
// the file.
import { existsSync, readFileSync } from 'node:fs';
import NodeEnvironment from 'jest-environment-node';
import { Agent, setGlobalDispatcher } from 'undici';
import { ceiling } from '../helpers/eventually';
import { E2E_STATE, type E2eState } from './e2e-state';

// A cold build on a busy 2-core machine, with the other files' tests beside it.
const STACK_LIMIT_MS = ceiling(10 * 60_000);

async function stackState(): Promise<E2eState> {
  const file = process.env[E2E_STATE];
  if (!file) throw new Error(`${E2E_STATE} is not set: the e2e global set-up starts the stack`);
  for (const end = Date.now() + STACK_LIMIT_MS; !existsSync(file);) {
    if (Date.now() > end) throw new Error(`the e2e stack was not up in ${STACK_LIMIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as E2eState;
}

// The files' fetch is the worker's, and its pool outlives each file. `next start` keeps an idle
// connection 65 s and says so (Keep-Alive: timeout=65); fetch would keep it 64 s, a margin that a
// busy worker's late timers overrun, sending a request on a socket the server is closing ("other
// side closed"). Held 4 s at most, a connection is always closed by the client first.
setGlobalDispatcher(new Agent({ keepAliveMaxTimeout: 4_000 }));

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
