// The local stack behind `npm run demo` and `npm run dev`: an emulator with the project's rules,
// the demo profiles, and the environment that points Next and both SDKs at it; on request also
// the Auth emulator with an owner account for each demo card.
import { startAuthEmulator, type RunningAuthEmulator } from './auth-emulator';
import { createDemoOwners, type DemoOwner } from './demo-owners';
import { startEmulator, type RunningEmulator } from './emulator';
import { localAuthEnv, localFirebaseEnv } from './local-env';
import { RULES_FILE } from './paths';
import { loadProfilesFile, seedProfiles } from './seed';

export interface LocalStack {
  emulator: RunningEmulator;
  /** Started only with `{ auth: true }`; the caller stops it like the emulator. */
  auth?: RunningAuthEmulator;
  /** One per seeded card when the Auth emulator runs. */
  owners: DemoOwner[];
  env: NodeJS.ProcessEnv;
}

export interface LocalStackOptions {
  /** Also run the Auth emulator (the owner console needs it) and create the demo owners. */
  auth?: boolean;
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
  options: LocalStackOptions = {},
): Promise<LocalStack> {
  // Both take seconds to start: side by side. If one fails, the other is stopped again.
  const [firestore, authStart] = await Promise.allSettled([
    startEmulator({
      rulesPath: RULES_FILE,
      projectId,
      port: optionalPort('FIRESTORE_EMULATOR_PORT'),
    }),
    options.auth
      ? startAuthEmulator({ projectId, port: optionalPort('FIREBASE_AUTH_EMULATOR_PORT') })
      : Promise.resolve(undefined),
  ]);
  if (firestore.status === 'rejected' || authStart.status === 'rejected') {
    if (firestore.status === 'fulfilled') await firestore.value.stop();
    if (authStart.status === 'fulfilled') await authStart.value?.stop();
    throw firestore.status === 'rejected'
      ? firestore.reason
      : (authStart as PromiseRejectedResult).reason;
  }
  const emulator = firestore.value;
  const auth = authStart.value;
  console.log(`Firestore emulator on ${emulator.hostPort} (${emulator.jar})`);
  if (auth) console.log(`Auth emulator on ${auth.hostPort} (firebase-tools)`);
  const local = {
    ...localFirebaseEnv(projectId, emulator.hostPort),
    ...(auth ? localAuthEnv(auth.hostPort) : {}),
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...local,
    NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL || `http://localhost:${appPort}`,
  };
  // The seed runs in this process, so point firebase-admin here at the emulators too.
  Object.assign(process.env, local);
  try {
    const { adminDb } = await import('../../server/firebase/admin-app');
    const profiles = loadProfilesFile(profilesFile);
    await seedProfiles(adminDb(), profiles);
    console.log(`Seeded ${profiles.length} profiles into project ${projectId}.`);
    const owners = auth
      ? await createDemoOwners(
          auth.hostPort,
          adminDb(),
          profiles.map((p) => p.username),
        )
      : [];
    return { emulator, auth, owners, env };
  } catch (error) {
    await auth?.stop();
    await emulator.stop();
    throw error;
  }
}

export function appPort(): number {
  return optionalPort('PORT') ?? 3000;
}

export { optionalPort };
