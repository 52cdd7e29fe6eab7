// npm run demo:scale: the production path on one machine. The Firestore emulator with the demo
// profiles, Redis as the shared ISR cache, two `next start` origins on it, Varnish in front of
// them as the CDN (balancing, taking out an origin that dies, purged after every change), and the
// daemon of `npm run watch` mailing the demo owners (Auth emulator) their new contacts through a
// mail catcher. Ctrl-C stops everything.
import { ownerLine } from './lib/demo-owners';
import { EmulatorSetupError } from './lib/emulator';
import { DEMO_PROJECT_ID } from './lib/local-env';
import { buildNext } from './lib/next-server';
import { DEMO_PROFILES_FILE } from './lib/paths';
import { onShutdown } from './lib/processes';
import { startScaleStack, type ScaleStack } from './lib/scale-stack';
import { loadProfilesFile } from './lib/seed';
import { startBackends, type Backends } from './lib/stack';

const DIST_DIR = '.next-scale';

let backends: Backends | undefined;
let stack: ScaleStack | undefined;

async function stopAll(): Promise<void> {
  await stack?.stop();
  await backends?.stop();
}

async function main(): Promise<void> {
  onShutdown(stopAll);
  backends = await startBackends({
    projectId: DEMO_PROJECT_ID,
    profiles: loadProfilesFile(DEMO_PROFILES_FILE),
    auth: true,
  });
  stack = await startScaleStack({
    env: { ...process.env, ...backends.env },
    builtDistDir: DIST_DIR,
    // Built once the CDN's address is known: the cards' canonical URLs point there.
    prepare: (env) => buildNext({ ...env, NEXT_DIST_DIR: DIST_DIR }),
  });

  console.log('\nkarta (production path) is running:');
  console.log(`cdn: ${stack.cdnUrl}`);
  for (const origin of stack.origins) console.log(`origin: ${origin}`);
  console.log(`FIRESTORE_EMULATOR_HOST=${backends.emulator.hostPort}`);
  console.log(`REDIS_URL=${stack.redis.url}`);
  console.log(
    stack.mail
      ? `mail: ${stack.mail.inboxUrl}`
      : 'mail: the SMTP server of SMTP_URL (no catcher started)',
  );
  console.log(`SMTP_URL=${stack.env.SMTP_URL}`);
  console.log('Demo owners (email, password, card):');
  for (const owner of backends.owners) console.log(ownerLine(owner));
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
