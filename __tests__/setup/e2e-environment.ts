// The e2e files' environment: Node's, holding the run's lock (run-lock.ts) from before the file's
// first line to after its last hook. A file whose docblock says `@run-alone` holds it alone.
import NodeEnvironment from 'jest-environment-node';
import { acquire, type LockMode } from './run-lock';

export default class E2eEnvironment extends NodeEnvironment {
  private readonly mode: LockMode;
  private release?: () => Promise<void>;

  constructor(...[config, context]: ConstructorParameters<typeof NodeEnvironment>) {
    super(config, context);
    this.mode = 'run-alone' in context.docblockPragmas ? 'alone' : 'shared';
  }

  override async setup(): Promise<void> {
    await super.setup();
    const address = process.env.KARTA_RUN_LOCK;
    if (!address)
      throw new Error('KARTA_RUN_LOCK is not set: the e2e global set-up starts the lock');
    this.release = await acquire(address, this.mode);
  }

  override async teardown(): Promise<void> {
    await this.release?.();
    await super.teardown();
  }
}
