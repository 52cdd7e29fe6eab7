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
import { emulatorHost, webConfig } from './web-config';

export const WRITE_TIMEOUT_MS = 10_000;

let db: Firestore | undefined;

function contactsDb(): Firestore {
  if (db) return db;
  const app = getApps().length ? getApp() : initializeApp(webConfig);
  db = getFirestore(app);
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ContactWriteTimeout(`No answer from Firestore in ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    const ref = await Promise.race([
      addDoc(collection(contactsDb(), 'users', username, 'contacts'), {
        ...contact,
        createdAt: serverTimestamp(),
      }),
      timeout,
    ]);
    return ref.id;
  } finally {
    clearTimeout(timer);
  }
}
