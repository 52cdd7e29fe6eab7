// npm run demo:scale: the production path on one machine. The Firestore emulator with the demo
// profiles, Redis as the shared ISR cache, two `next start` origins on it, Varnish in front of
// them as the CDN (balancing, taking out an origin that dies, purged after every change), and the
// daemon of `npm run watch` mailing the demo owners (Auth emulator) their new contacts through a
// mail catcher. Ctrl-C stops everything it started, and nothing else.
//
// With FIRESTORE_EMULATOR_HOST set, the demo uses the Firestore emulator answering there (another
// demo's, a test run's) rather than starting one: it seeds its project there, gives it the
// project's rules, and leaves that emulator running when it stops. The Auth emulator is always its
// own (firebase-tools runs it for one project only).
//
// `--built <distDir>` starts the origins from a finished build instead of building (its e2e test
// runs on the suite's build). A build keeps the NEXT_PUBLIC_ values it was made with, and its
// project is NEXT_PUBLIC_FIREBASE_PROJECT_ID as it was when building: `--project <id>` serves
// another one, each origin running on a copy of the build whose project id is rewritten, so that
// two stacks of one build on one emulator never see each other's cards. The cards' canonical URLs
// and the browser's emulator addresses stay the build's. Without `--built`, the build is made
// here, for this CDN and for `--project` (demo-karta unless given).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ownerLine } from './lib/demo-owners';
import { emulatorAnswers, EmulatorSetupError } from './lib/emulator';
import { DEMO_PROJECT_ID } from './lib/local-env';
import { buildNext, isProjectId } from './lib/next-server';
import { DEMO_PROFILES_FILE, ROOT } from './lib/paths';
import { onShutdown } from './lib/processes';
import { startScaleStack, type ScaleStack } from './lib/scale-stack';
import { loadProfilesFile } from './lib/seed';
import { startBackends, type Backends, type FirestoreAddress } from './lib/stack';

const DIST_DIR = '.next-scale';

let backends: Backends<FirestoreAddress> | undefined;
let stack: ScaleStack | undefined;

async function stopAll(): Promise<void> {
  await stack?.stop();
  await backends?.stop();
}

class UsageError extends Error {
  override name = 'UsageError';
}

interface Options {
  /** The finished build given with `--built`. */
  built?: string;
  /** The project the build was made for (with `--built`). */
  builtFor?: string;
  /** The project seeded and served. */
  project: string;
  /** A Firestore emulator already running, from FIRESTORE_EMULATOR_HOST. */
  firestore?: FirestoreAddress;
}

/** The options, checked before anything starts. */
async function options(): Promise<Options> {
  const { values } = parseArgs({
    options: { built: { type: 'string' }, project: { type: 'string' } },
  });
  const { built } = values;
  if (built !== undefined && !existsSync(path.join(ROOT, built, 'BUILD_ID'))) {
    throw new UsageError(
      `--built ${built}: no finished build there (no BUILD_ID); run \`next build\` first.`,
    );
  }
  // The server reads the project its build was made for, whatever its environment says now.
  const builtFor = built && (process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || DEMO_PROJECT_ID);
  const project = values.project ?? builtFor ?? DEMO_PROJECT_ID;
  if (!isProjectId(project)) {
    throw new UsageError(`--project ${project}: not a Firebase project id (e.g. demo-karta-2).`);
  }
  const hostPort = process.env.FIRESTORE_EMULATOR_HOST;
  if (hostPort && !(await emulatorAnswers(hostPort))) {
    throw new UsageError(
      `FIRESTORE_EMULATOR_HOST=${hostPort}: no Firestore emulator answers there (unset it, and ` +
        'the demo starts one of its own).',
    );
  }
  return { built, builtFor, project, firestore: hostPort ? { hostPort } : undefined };
}

async function main(): Promise<void> {
  const { built, builtFor, project, firestore } = await options();
  onShutdown(stopAll);
  backends = await startBackends({
    projectId: project,
    profiles: loadProfilesFile(DEMO_PROFILES_FILE),
    auth: true,
    firestore,
  });
  stack = await startScaleStack({
    // The project of the build, which each origin's copy is retargeted from.
    env: { ...process.env, ...backends.env, NEXT_PUBLIC_FIREBASE_PROJECT_ID: builtFor ?? project },
    projectId: project,
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
