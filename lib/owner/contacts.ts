// The contacts visitors left on the owner's card, live and newest first.
import {
  collection,
  deleteDoc,
  doc,
  onSnapshot,
  orderBy,
  query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { ownerDb } from './firebase';

export interface ReceivedContact {
  id: string;
  name: string;
  email: string;
  phone?: string;
  /** When it arrived; the server's time once written (an estimate for a moment before). */
  createdAt: Date | null;
}

function toContact(snapshot: QueryDocumentSnapshot): ReceivedContact {
  // The rules guarantee the shape of what a visitor wrote; the checks only keep types honest.
  const data = snapshot.data({ serverTimestamps: 'estimate' });
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const createdAt: unknown = data.createdAt;
  return {
    id: snapshot.id,
    name: text(data.name),
    email: text(data.email),
    ...(text(data.phone) ? { phone: text(data.phone) } : {}),
    createdAt:
      createdAt && typeof (createdAt as { toDate?: unknown }).toDate === 'function'
        ? (createdAt as { toDate(): Date }).toDate()
        : null,
  };
}

/** Calls `listener` with every contact, newest first, now and on every change. */
export function watchContacts(
  username: string,
  listener: (contacts: ReceivedContact[]) => void,
  onError: (error: Error) => void,
): () => void {
  const q = query(
    collection(ownerDb(), 'users', username, 'contacts'),
    orderBy('createdAt', 'desc'),
  );
  return onSnapshot(q, (snapshot) => listener(snapshot.docs.map(toContact)), onError);
}

export function deleteContact(username: string, id: string): Promise<void> {
  return deleteDoc(doc(ownerDb(), 'users', username, 'contacts', id));
}
