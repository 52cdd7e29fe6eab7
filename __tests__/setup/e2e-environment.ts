// The e2e files' environment: Node's, and after each file every process that file started and
// still runs is ended (tools/lib/processes.ts), whether its hooks passed, threw or timed out: a
// worker runs file after file, and a server a hook left behind would outlive the file.
import NodeEnvironment from 'jest-environment-node';

export default class E2eEnvironment extends NodeEnvironment {
  override async teardown(): Promise<void> {
    const stopAll = this.global.__kartaStopAllProcesses as (() => Promise<void>) | undefined;
    await stopAll?.();
    await super.teardown();
  }
}
