// npm run emulator: just the Firestore emulator with the project's rules, until Ctrl-C.
import { EmulatorSetupError, startEmulator } from './lib/emulator';
import { DEMO_PROJECT_ID } from './lib/local-env';
import { optionalPort } from './lib/stack';
import { RULES_FILE } from './lib/paths';
import { onShutdown } from './lib/processes';

startEmulator({
  rulesPath: RULES_FILE,
  projectId: DEMO_PROJECT_ID,
  port: optionalPort('FIRESTORE_EMULATOR_PORT'),
})
  .then((emulator) => {
    onShutdown(() => emulator.stop());
    console.log(`Firestore emulator on ${emulator.hostPort}`);
    console.log(`export FIRESTORE_EMULATOR_HOST=${emulator.hostPort}`);
  })
  .catch((error: Error) => {
    console.error(error instanceof EmulatorSetupError ? error.message : error);
    process.exit(1);
  });
