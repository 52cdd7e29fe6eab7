// The visitor's one write: a contact into users/{username}/contacts, straight from the browser.
// firestore/lite is made for one-shot reads and writes and is far smaller than the full SDK;
// this module is only ever loaded with import(), when a visitor opens the sheet.
import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  getFirestore,
  serverTimestamp,
  type Firestore,
} from 'firebase/firestore/lite';
import type { ContactDoc } from '../contact-form';
import { withDeadline } from '../deadline';
import { env } from '../env';

export const WRITE_TIMEOUT_MS = 10_000;

let db: Firestore | undefined;

function contactsDb(): Firestore {
  if (db) return db;
  const app = getApps().length ? getApp() : initializeApp(env.firebaseWebConfig);
  db = getFirestore(app);
  const emulatorHost = env.browserFirestoreEmulatorHost;
  if (emulatorHost) {
    const [host, port] = [
      emulatorHost.slice(0, emulatorHost.lastIndexOf(':')),
      emulatorHost.slice(emulatorHost.lastIndexOf(':') + 1),
    ];
    connectFirestoreEmulator(db, host, Number(port));
  }
  return db;
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
    addDoc(collection(contactsDb(), 'users', username, 'contacts'), {
      ...contact,
      createdAt: serverTimestamp(),
    }),
    timeoutMs,
    () => new ContactWriteTimeout(`No answer from Firestore in ${timeoutMs} ms`),
  );
  return ref.id;
}
