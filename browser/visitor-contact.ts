// The visitor's one write: a contact into users/{username}/contacts, straight from the browser.
// firestore/lite is made for one-shot reads and writes and is far smaller than the full SDK;
// this module is only ever loaded with import(), when a visitor opens the sheet. With an App
// Check site key configured, App Check starts first (web-app.ts), so every write carries its token.
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  getFirestore,
  serverTimestamp,
  type Firestore,
} from 'firebase/firestore/lite';
import { CREATED_FIELD, contactsPath } from '../lib/collections';
import type { ContactDoc } from '../lib/contact-form';
import { withDeadline } from '../lib/deadline';
import { env } from '../lib/env';
import { webApp } from './firebase/web-app';

export const WRITE_TIMEOUT_MS = 10_000;

let db: Promise<Firestore> | undefined;

async function openDb(): Promise<Firestore> {
  // App Check (when configured) is running before Firestore starts: the first write has a token.
  const firestore = getFirestore(await webApp());
  const emulatorHost = env.browserFirestoreEmulatorHost;
  if (emulatorHost) {
    const [host, port] = [
      emulatorHost.slice(0, emulatorHost.lastIndexOf(':')),
      emulatorHost.slice(emulatorHost.lastIndexOf(':') + 1),
    ];
    connectFirestoreEmulator(firestore, host, Number(port));
  }
  return firestore;
}

function contactsDb(): Promise<Firestore> {
  db ??= openDb().catch((error: unknown) => {
    // A failed start (e.g. App Check's script unreachable) is tried again on the next send.
    db = undefined;
    throw error;
  });
  return db;
}

/** Starts the client (and App Check) while the visitor types, so the send does not wait for it. */
export function prepareContactWrite(): void {
  contactsDb().catch((error: unknown) => console.error('Contact client not ready:', error));
}

export class ContactWriteTimeout extends Error {
  override name = 'ContactWriteTimeout';
}

/** Resolves with the new document's id; rejects on a rules denial, a network error or a timeout. */
export async function sendContact(
  username: string,
  contact: ContactDoc,
  timeoutMs = WRITE_TIMEOUT_MS,
): Promise<string> {
  const ref = await withDeadline(
    contactsDb().then((firestore) =>
      addDoc(collection(firestore, contactsPath(username)), {
        ...contact,
        [CREATED_FIELD]: serverTimestamp(),
      }),
    ),
    timeoutMs,
    () => new ContactWriteTimeout(`No answer from Firestore in ${timeoutMs} ms`),
  );
  return ref.id;
}
