// The console's Firebase: Auth (email and password, Google) and the full Firestore SDK, whose onSnapshot
// keeps the received contacts and the card live. Only /account loads this module: a card page
// never does (its one write uses firestore/lite, browser/visitor-contact.ts).
import { getApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { env } from '../../lib/env';

let auth: Auth | undefined;
let db: Firestore | undefined;

/**
 * The app webApp() started (with App Check when configured): components/account/AccountLoader
 * awaits it before the console, and so any of this, runs.
 */
function app(): FirebaseApp {
  return getApp();
}

function splitHostPort(hostPort: string): [string, number] {
  const at = hostPort.lastIndexOf(':');
  return [hostPort.slice(0, at), Number(hostPort.slice(at + 1))];
}

export function ownerAuth(): Auth {
  if (auth) return auth;
  // initializeAuth with the popup code Google's sign-in needs (measured with esbuild: 11 KB
  // minified, 3 KB gzipped, on /account only; a card never loads this module). The session
  // survives a reload (IndexedDB, else localStorage).
  auth = initializeAuth(app(), {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  // Firebase's e-mails (verification, password reset, address change) in Greek.
  auth.languageCode = 'el';
  const emulator = env.browserAuthEmulatorHost;
  // The emulator's banner would sit over the console's own buttons; its console line is enough.
  if (emulator) connectAuthEmulator(auth, `http://${emulator}`, { disableWarnings: true });
  return auth;
}

export function ownerDb(): Firestore {
  if (db) return db;
  db = getFirestore(app());
  const emulator = env.browserFirestoreEmulatorHost;
  if (emulator) connectFirestoreEmulator(db, ...splitHostPort(emulator));
  return db;
}
