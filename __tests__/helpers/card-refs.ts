// A card's documents as a browser reaches them through the web SDK, at lib/collections.ts's
// paths: what the rules tests read, list, leave and seed.
import {
  collection,
  doc,
  orderBy,
  query,
  where,
  type Firestore,
  type Timestamp,
} from 'firebase/firestore';
import { CREATED_FIELD, cardPath, contactsPath, photoDocPath, statsPath } from '@/lib/collections';

export const cardRef = (db: Firestore, username: string) => doc(db, cardPath(username));

export const contactsOf = (db: Firestore, username: string) =>
  collection(db, contactsPath(username));

export const contactRef = (db: Firestore, username: string, id: string) =>
  doc(db, contactsPath(username), id);

/** The contacts since `at`, newest first, as the console asks for them (browser/owner/). */
export const contactsSince = (db: Firestore, username: string, at: Timestamp) =>
  query(contactsOf(db, username), where(CREATED_FIELD, '>=', at), orderBy(CREATED_FIELD, 'desc'));

export const statsOf = (db: Firestore, username: string) => collection(db, statsPath(username));

/** The card's counts of one Athens day (YYYY-MM-DD). */
export const statsDay = (db: Firestore, username: string, day: string) =>
  doc(db, statsPath(username), day);

export const photoRef = (db: Firestore, username: string) => doc(db, photoDocPath(username));
