// "N new since your last visit": the time of the owner's previous visit to the contacts, kept in
// this browser (it is a convenience, not data worth a Firestore write per visit).
import type { ReceivedContact } from './contacts';

const KEY_PREFIX = 'karta:last-visit:';

/** The previous visit (ms since the epoch), or null on a first visit or without storage. */
export function readLastVisit(username: string, storage: Storage | undefined): number | null {
  try {
    const raw = storage?.getItem(KEY_PREFIX + username);
    const at = raw === null || raw === undefined ? NaN : Number(raw);
    return Number.isFinite(at) ? at : null;
  } catch {
    // Storage can be disabled (private modes, policies): every contact then counts as new.
    return null;
  }
}

export function recordVisit(username: string, at: number, storage: Storage | undefined): void {
  try {
    storage?.setItem(KEY_PREFIX + username, String(at));
  } catch {
    // see readLastVisit
  }
}

/** Whether a contact arrived after `since` (null: no previous visit, so every one is new). */
export function isNewSince(contact: ReceivedContact, since: number | null): boolean {
  if (since === null) return true;
  // A contact still pending its server time has only just arrived.
  return contact.createdAt === null || contact.createdAt.getTime() > since;
}

export function countNewSince(contacts: ReceivedContact[], since: number | null): number {
  return contacts.filter((contact) => isNewSince(contact, since)).length;
}
