// npm run demo:scale: the production path on one machine. The Firestore emulator with the demo
// profiles, Redis as the shared ISR cache, two `next start` origins on it, Varnish in front of
// them as the CDN (balancing, taking out an origin that dies, purged after every change), the
// change watcher, and the new-contact mails to the demo owners (Auth emulator) through a mail
// catcher. Ctrl-C stops everything.
import type { RunningAuthEmulator } from './lib/auth-emulator';
import { ownerLine } from './lib/demo-owners';
import { EmulatorSetupError, type RunningEmulator } from './lib/emulator';
import { startLocalMail, type LocalMail } from './lib/local-mail';
import { appPort, startLocalStack } from './lib/local-stack';
import { DEMO_PROJECT_ID } from './lib/local-env';
import { buildNext } from './lib/next-server';
import { DEMO_PROFILES_FILE } from './lib/paths';
import { onShutdown } from './lib/processes';
import { startScaleStack, type ScaleStack } from './lib/scale-stack';

const DIST_DIR = '.next-scale';

let emulator: RunningEmulator | undefined;
let auth: RunningAuthEmulator | undefined;
let stack: ScaleStack | undefined;
let mail: LocalMail | undefined;

async function stopAll(): Promise<void> {
  await mail?.stop();
  await stack?.stop();
  await auth?.stop();
  await emulator?.stop();
}

async function main(): Promise<void> {
  onShutdown(stopAll);
  const local = await startLocalStack(DEMO_PROJECT_ID, DEMO_PROFILES_FILE, appPort(), {
    auth: true,
  });
  emulator = local.emulator;
  auth = local.auth;
  stack = await startScaleStack({
    env: local.env,
    builtDistDir: DIST_DIR,
    // Built once the CDN's address is known: the cards' canonical URLs point there.
    prepare: (env) => buildNext({ ...env, NEXT_DIST_DIR: DIST_DIR }),
  });

  console.log('\nkarta (production path) is running:');
  console.log(`cdn: ${stack.cdnUrl}`);
  for (const origin of stack.origins) console.log(`origin: ${origin}`);
  console.log(`FIRESTORE_EMULATOR_HOST=${emulator.hostPort}`);
  console.log(`REDIS_URL=${stack.redis.url}`);
  mail = await startLocalMail((line) => console.log(`[mail] ${line}`));
  for (const line of mail.lines) console.log(line);
  console.log('Demo owners (email, password, card):');
  for (const owner of local.owners) console.log(ownerLine(owner));
  console.log(
    `Open ${stack.cdnUrl}/maria; an edit in the owner console follows (after a write that does not ` +
      'set `updatedAt`, run `npm run revalidate`).',
  );
  console.log('Ctrl-C stops everything.');
}

main().catch(async (error: Error) => {
  console.error(error instanceof EmulatorSetupError ? error.message : error);
  await stopAll();
  process.exit(1);
});
