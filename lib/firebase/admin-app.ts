// firebase-admin set-up shared by the server (through lib/firebase/admin.ts, which is
// server-only) and by the project's Node scripts (seed, watcher), which cannot import server-only.
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
import { env } from '../env';

const APP_NAME = 'karta-admin';

function credential() {
  // The emulator accepts any caller: no credentials to load.
  if (env.firestoreEmulatorHost) return undefined;
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
