// The local stack behind `npm run demo` and `npm run dev`: an emulator with the project's rules,
// the demo profiles, and the environment that points Next and both SDKs at it.
import { startEmulator, type RunningEmulator } from './emulator';
import { localFirebaseEnv } from './local-env';
import { RULES_FILE } from './paths';
import { loadProfilesFile, seedProfiles } from './seed';

export interface LocalStack {
  emulator: RunningEmulator;
  env: NodeJS.ProcessEnv;
}

function optionalPort(name: string): number | undefined {
  const raw = process.env[name];
  if (!raw) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}".`);
  }
  return port;
}

export async function startLocalStack(
  projectId: string,
  profilesFile: string,
  appPort: number,
): Promise<LocalStack> {
  const emulator = await startEmulator({
    rulesPath: RULES_FILE,
    projectId,
    port: optionalPort('FIRESTORE_EMULATOR_PORT'),
  });
  console.log(`Firestore emulator on ${emulator.hostPort} (${emulator.jar})`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...localFirebaseEnv(projectId, emulator.hostPort),
    NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL || `http://localhost:${appPort}`,
  };
  // The seed runs in this process, so point firebase-admin here at the emulator too.
  Object.assign(process.env, localFirebaseEnv(projectId, emulator.hostPort));
  const { adminDb } = await import('../../lib/firebase/admin-app');
  const profiles = loadProfilesFile(profilesFile);
  await seedProfiles(adminDb(), profiles);
  console.log(`Seeded ${profiles.length} profiles into project ${projectId}.`);
  return { emulator, env };
}

export function appPort(): number {
  return optionalPort('PORT') ?? 3000;
}

export { optionalPort };
