// The browser's one Firebase app, for the visitor's contact write and the owner console alike. With
// an App Check site key configured, App Check starts with it, before anything reads or writes, so
// that enforcing App Check in the Firebase console refuses neither the visitor's write nor the
// console's sign-in, reads and listeners (docs/visitors.md). Without the key, nothing of App Check
// loads.
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { env } from '../../lib/env';
import { startAppCheck } from './app-check';

let ready: Promise<FirebaseApp> | undefined;

/** The app, App Check started when configured; a failed start is tried again on the next call. */
export function webApp(): Promise<FirebaseApp> {
  ready ??= (async () => {
    const app = getApps().length ? getApp() : initializeApp(env.firebaseWebConfig);
    const siteKey = env.appCheckSiteKey;
    // Before any Firebase service, so that its first request already asks for a token.
    if (siteKey) await startAppCheck(app, siteKey);
    return app;
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/** Loads code that uses Firebase (the owner console) once the app, and App Check, have started. */
export async function afterWebApp<T>(load: () => Promise<T>): Promise<T> {
  await webApp();
  return load();
}
