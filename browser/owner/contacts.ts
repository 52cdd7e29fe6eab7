// The contacts visitors left on the owner's card since they claimed it: the newest page live, more
// on demand, every one for the exports, and their counts from Firestore without reading them.
// Every query asks for createdAt >= the claim's time, as the rules require (claim-time.ts).
import {
  collection,
  getCountFromServer,
  getDocs,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { CREATED_FIELD, contactsPath } from '../../lib/collections';
import { leadWorkflowOf, type LeadChanges, type LeadWorkflow } from '../../lib/lead-workflow';
import type { ClaimedCard } from './claim-time';
import { ownerDb } from './firebase';
import { ownerRequest } from './owner-api';

export interface ReceivedContact extends LeadWorkflow {
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
  const createdAt: unknown = data[CREATED_FIELD];
  return {
    id: snapshot.id,
    name: text(data.name),
    email: text(data.email),
    ...(text(data.phone) ? { phone: text(data.phone) } : {}),
    createdAt:
      createdAt && typeof (createdAt as { toDate?: unknown }).toDate === 'function'
        ? (createdAt as { toDate(): Date }).toDate()
        : null,
    ...leadWorkflowOf(data),
  };
}

/** How many contacts the console lists at first, and adds each time the owner asks for more. */
export const CONTACTS_PAGE = 50;

export interface ContactsPage {
  /** The newest `count` contacts, newest first. */
  contacts: ReceivedContact[];
  /** Older ones exist beyond them. */
  more: boolean;
}

/** The contacts of one card that its owner may read: those left since their claim. */
const contactsOf = ({ username, since }: ClaimedCard) =>
  query(collection(ownerDb(), contactsPath(username)), where(CREATED_FIELD, '>=', since));
const newestFirst = (card: ClaimedCard) => query(contactsOf(card), orderBy(CREATED_FIELD, 'desc'));

/** Calls `listener` with the newest `count` contacts, now and on every change. */
export function watchContacts(
  card: ClaimedCard,
  count: number,
  listener: (page: ContactsPage) => void,
  onError: (error: Error) => void,
): () => void {
  // One more than shown, to know whether there are older ones.
  const q = query(newestFirst(card), limit(count + 1));
  return onSnapshot(
    q,
    (snapshot) => {
      const contacts = snapshot.docs.map(toContact);
      listener({ contacts: contacts.slice(0, count), more: contacts.length > count });
    },
    onError,
  );
}

/** Contacts the exports read per request. */
export const EXPORT_PAGE = 1000;

/**
 * Every contact, newest first, read once for the exports, a page at a time: a flood of thousands
 * comes as several answers of a bounded size, and `onProgress` tells how many have arrived.
 */
export async function allContacts(
  card: ClaimedCard,
  onProgress: (read: number) => void = () => {},
): Promise<ReceivedContact[]> {
  const contacts: ReceivedContact[] = [];
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    const page = query(newestFirst(card), ...(last ? [startAfter(last)] : []), limit(EXPORT_PAGE));
    const { docs } = await getDocs(page);
    contacts.push(...docs.map(toContact));
    onProgress(contacts.length);
    if (docs.length < EXPORT_PAGE) return contacts;
    last = docs[docs.length - 1];
  }
}

/** How many contacts there are, and how many arrived after `since` (all of them if null). */
export async function countContacts(
  card: ClaimedCard,
  since: number | null,
): Promise<{ total: number; fresh: number }> {
  const total = (await getCountFromServer(contactsOf(card))).data().count;
  if (since === null) return { total, fresh: total };
  const after = query(contactsOf(card), where(CREATED_FIELD, '>', Timestamp.fromMillis(since)));
  return { total, fresh: (await getCountFromServer(after)).data().count };
}

const contactEndpoint = (username: string, id: string) =>
  `/api/owner/cards/${encodeURIComponent(username)}/contacts/${encodeURIComponent(id)}`;

/** Deleted by karta's server (the rules let no browser delete one). */
export function deleteContact(username: string, id: string): Promise<void> {
  return ownerRequest(contactEndpoint(username, id), { method: 'DELETE' });
}

/** Its workflow changed by karta's server (the rules let no browser change a contact). */
export function changeContact(username: string, id: string, changes: LeadChanges): Promise<void> {
  return ownerRequest(contactEndpoint(username, id), { method: 'PATCH', json: changes });
}
