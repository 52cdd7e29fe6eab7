// npm run dev: the stack (tools/lib/stack.ts) with `next dev` instead of a build: emulators
// (Firestore, Auth), the demo cards and their owners. Ctrl-C stops everything.
import { EmulatorSetupError } from './lib/emulator';
import { DEMO_PROJECT_ID } from './lib/local-env';
import { DEMO_PROFILES_FILE } from './lib/paths';
import { onShutdown } from './lib/processes';
import { loadProfilesFile } from './lib/seed';
import { optionalPort, startStack, type Stack } from './lib/stack';

let stack: Stack | undefined;
onShutdown(async () => {
  await stack?.stop();
});
startStack({
  projectId: DEMO_PROJECT_ID,
  profiles: loadProfilesFile(DEMO_PROFILES_FILE),
  auth: true,
  dev: true,
  // A change to the card's stylesheet or scripts needs `npm run dev` again.
  port: optionalPort('PORT') ?? 3000,
}).then(
  (started) => {
    stack = started;
    console.log(`\nnext dev on ${started.env.NEXT_PUBLIC_SITE_URL}. Ctrl-C stops.`);
  },
  async (error: Error) => {
    console.error(error instanceof EmulatorSetupError ? error.message : error);
    process.exit(1);
  },
);
