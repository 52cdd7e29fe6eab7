// State shared by the global set-ups and teardown, which Jest runs in its main process: one
// Firestore emulator for the whole run (the emulator project's files use project TEST_PROJECT_ID
// on it, the e2e stack a project of its own), and what to stop at the end.
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../../tools/lib/emulator';
import { localFirebaseEnv } from '../../tools/lib/local-env';

export const TEST_PROJECT_ID = 'demo-karta-test';
export const ROOT = path.resolve(__dirname, '..', '..');

interface Harness {
  emulator?: Promise<RunningEmulator>;
  stops: Array<() => Promise<void>>;
}

const g = globalThis as typeof globalThis & { __karta?: Harness };

export function harness(): Harness {
  g.__karta ??= { stops: [] };
  return g.__karta;
}

/** Starts the run's emulator once; later calls reuse it. Workers inherit the variables it sets. */
export function ensureEmulator(): Promise<RunningEmulator> {
  const h = harness();
  h.emulator ??= startEmulator({
    rulesPath: path.join(ROOT, 'firestore.rules'),
    projectId: TEST_PROJECT_ID,
  }).then((emulator) => {
    h.stops.push(() => emulator.stop());
    Object.assign(process.env, localFirebaseEnv(TEST_PROJECT_ID, emulator.hostPort));
    return emulator;
  });
  return h.emulator;
}
