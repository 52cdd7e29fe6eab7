// npm run demo:scale: the production path on one machine. The Firestore emulator with the demo
// profiles, Redis as the shared ISR cache, two `next start` origins on it, Varnish in front of
// them as the CDN (balancing, taking out an origin that dies, purged after every change), and the
// daemon of `npm run watch` mailing the demo owners (Auth emulator) their new contacts through a
// mail catcher. Ctrl-C stops everything.
//
// `--built <distDir>` starts the origins from a finished build instead of building (its e2e test
// runs on the suite's build). A build keeps the NEXT_PUBLIC_ values it was made with: the demo
// then seeds the build's project (NEXT_PUBLIC_FIREBASE_PROJECT_ID, as it was when building) on
// its own emulators, and the cards' canonical URLs and the browser's emulator addresses stay the
// build's. Without it, the build is made here, for this CDN.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ownerLine } from './lib/demo-owners';
import { EmulatorSetupError } from './lib/emulator';
import { DEMO_PROJECT_ID } from './lib/local-env';
import { buildNext } from './lib/next-server';
import { DEMO_PROFILES_FILE, ROOT } from './lib/paths';
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

class UsageError extends Error {
  override name = 'UsageError';
}

/** The finished build given with `--built`, checked before anything starts. */
function finishedBuild(): string | undefined {
  const { values } = parseArgs({ options: { built: { type: 'string' } } });
  if (values.built === undefined) return undefined;
  if (!existsSync(path.join(ROOT, values.built, 'BUILD_ID'))) {
    throw new UsageError(
      `--built ${values.built}: no finished build there (no BUILD_ID); run \`next build\` first.`,
    );
  }
  return values.built;
}

async function main(): Promise<void> {
  const built = finishedBuild();
  onShutdown(stopAll);
  backends = await startBackends({
    // The server reads the project its build was made for, whatever its environment says now.
    projectId: (built && process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID) || DEMO_PROJECT_ID,
    profiles: loadProfilesFile(DEMO_PROFILES_FILE),
    auth: true,
  });
  stack = await startScaleStack({
    env: { ...process.env, ...backends.env },
    builtDistDir: built ?? DIST_DIR,
    // Built once the CDN's address is known: the cards' canonical URLs point there.
    prepare: built ? undefined : (env) => buildNext({ ...env, NEXT_DIST_DIR: DIST_DIR }),
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
  const plain = error instanceof EmulatorSetupError || error instanceof UsageError;
  console.error(plain ? error.message : error);
  await stopAll();
  process.exit(1);
});
