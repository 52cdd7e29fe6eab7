// The owner's switch for new-contact e-mails (lib/collections.ts), in owners/{uid}: on unless
// they turned it off. Read live from Firestore; changed through karta's server (owner-api.ts).
import { doc, onSnapshot } from 'firebase/firestore';
import { NEW_CONTACT_MAIL_FIELD, ownerPath } from '../../lib/collections';
import { ownerDb } from './firebase';
import { ownerRequest, signedInAs } from './owner-api';

/** Calls `listener` with whether the e-mails are on, now and on every change. */
export function watchNewContactMail(
  uid: string,
  listener: (on: boolean) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    doc(ownerDb(), ownerPath(uid)),
    (snapshot) => listener(snapshot.get(NEW_CONTACT_MAIL_FIELD) !== false),
    onError,
  );
}

export async function setNewContactMail(uid: string, on: boolean): Promise<void> {
  signedInAs(uid);
  await ownerRequest('/api/owner/new-contact-mail', { method: 'PUT', json: { on } });
}
