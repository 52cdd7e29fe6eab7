// State shared by the global setup and teardown, which Jest runs in its main process:
// one emulator for the whole run, and (for e2e) one production server.
import path from 'node:path';
import { startAuthEmulator, type RunningAuthEmulator } from '../../tools/lib/auth-emulator';
import { startEmulator, type RunningEmulator } from '../../tools/lib/emulator';
import { localAuthEnv, localFirebaseEnv } from '../../tools/lib/local-env';

export const TEST_PROJECT_ID = 'demo-karta-test';
export const ROOT = path.resolve(__dirname, '..', '..');

interface Harness {
  emulator?: RunningEmulator;
  auth?: RunningAuthEmulator;
  stops: Array<() => Promise<void>>;
}

const g = globalThis as typeof globalThis & { __karta?: Harness };

export function harness(): Harness {
  g.__karta ??= { stops: [] };
  return g.__karta;
}

/** Starts the run's emulator once; later calls reuse it. Workers inherit the variables it sets. */
export async function ensureEmulator(): Promise<RunningEmulator> {
  const h = harness();
  if (h.emulator) return h.emulator;
  const emulator = await startEmulator({
    rulesPath: path.join(ROOT, 'firestore.rules'),
    projectId: TEST_PROJECT_ID,
  });
  h.emulator = emulator;
  h.stops.push(() => emulator.stop());
  Object.assign(process.env, localFirebaseEnv(TEST_PROJECT_ID, emulator.hostPort));
  return emulator;
}

/**
 * Starts the run's Auth emulator once (the e2e build's owner console signs in there); later calls
 * reuse it. Sets FIREBASE_AUTH_EMULATOR_HOST and its NEXT_PUBLIC_ twin for the build and workers.
 */
export async function ensureAuthEmulator(): Promise<RunningAuthEmulator> {
  const h = harness();
  if (h.auth) return h.auth;
  const auth = await startAuthEmulator({ projectId: TEST_PROJECT_ID });
  h.auth = auth;
  h.stops.push(() => auth.stop());
  Object.assign(process.env, localAuthEnv(auth.hostPort));
  return auth;
}
