// The one firebase-admin entry point, shared by the server and by the project's Node scripts (the
// daemon, the seed), which is why it does not import server-only: the server modules that use it
// do.
import {
  applicationDefault,
  cert,
  getApp,
  getApps,
  initializeApp,
  type App,
} from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { env } from '../../lib/env';

const APP_NAME = 'karta-admin';

function credential() {
  if (env.firestoreEmulatorHost) {
    // The emulator accepts any caller: no credentials to load. Google's auth library would still
    // probe the GCE metadata server for some, and print a MetadataLookupWarning when a proxy
    // answers that probe (403); with nothing to look up, it is told not to.
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    return undefined;
  }
  const key = env.serviceAccountKey;
  if (key) {
    try {
      return cert(JSON.parse(key));
    } catch {
      throw new Error('FIREBASE_SERVICE_ACCOUNT_KEY is not a valid service account key (JSON).');
    }
  }
  return applicationDefault();
}

function adminApp(): App {
  if (getApps().some((app) => app.name === APP_NAME)) return getApp(APP_NAME);
  const projectId = env.firebaseProjectId;
  if (!projectId) throw new Error('NEXT_PUBLIC_FIREBASE_PROJECT_ID is not set (see .env.example).');
  const given = credential();
  return initializeApp({ projectId, ...(given ? { credential: given } : {}) }, APP_NAME);
}

let db: Firestore | undefined;

export function adminDb(): Firestore {
  db ??= getFirestore(adminApp());
  return db;
}

let auth: Auth | undefined;

/** Firebase Auth as the server sees it (FIREBASE_AUTH_EMULATOR_HOST points it at the emulator). */
export function adminAuth(): Auth {
  auth ??= getAuth(adminApp());
  return auth;
}
