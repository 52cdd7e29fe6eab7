// The environment of a local run (demo, dev, tests): a `demo-` project on the emulator, which
// needs no real keys, and every variable of the contract in lib/env.ts set.
export const DEMO_PROJECT_ID = 'demo-karta';

export function localFirebaseEnv(
  projectId: string,
  emulatorHostPort: string,
): Record<string, string> {
  return {
    FIRESTORE_EMULATOR_HOST: emulatorHostPort,
    NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: emulatorHostPort,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: projectId,
    NEXT_PUBLIC_FIREBASE_API_KEY: 'demo-api-key',
    NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
    NEXT_PUBLIC_FIREBASE_STORAGE_BUCKET: `${projectId}.appspot.com`,
    NEXT_PUBLIC_FIREBASE_MESSAGING_SENDER_ID: '000000000000',
    NEXT_PUBLIC_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
    NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-DEMO000000',
    NEXT_TELEMETRY_DISABLED: '1',
  };
}

/** The Auth emulator for both SDKs: firebase-admin reads the first, the console's build the second. */
export function localAuthEnv(authHostPort: string): Record<string, string> {
  return {
    FIREBASE_AUTH_EMULATOR_HOST: authHostPort,
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: authHostPort,
  };
}
