// npm run dev: emulators (Firestore, Auth) + demo profiles and owners + `next dev`. Ctrl-C stops
// everything.
import { buildCardAssets } from '../components/card/build/build';
import { EmulatorSetupError } from './lib/emulator';
import { appPort, startLocalStack } from './lib/local-stack';
import { DEMO_PROJECT_ID } from './lib/local-env';
import { DEMO_PROFILES_FILE } from './lib/paths';
import { NEXT_BIN, onShutdown, startProcess, stopProcess } from './lib/processes';

async function main(): Promise<void> {
  const port = appPort();
  const { emulator, auth, env } = await startLocalStack(DEMO_PROJECT_ID, DEMO_PROFILES_FILE, port, {
    auth: true,
  });
  const stopEmulators = async () => {
    await auth?.stop();
    await emulator.stop();
  };
  // Built once: a change to the card's stylesheet or scripts needs `npm run dev` again.
  await buildCardAssets(env);
  const server = startProcess(process.execPath, [NEXT_BIN, 'dev', '-p', String(port)], { env });
  onShutdown(async () => {
    await stopProcess(server);
    await stopEmulators();
  });
  server.on('exit', (code) => {
    void stopEmulators().then(() => process.exit(code ?? 1));
  });
}

main().catch((error: Error) => {
  console.error(error instanceof EmulatorSetupError ? error.message : error);
  process.exit(1);
});
