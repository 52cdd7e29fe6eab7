// The owner's switch for new-contact e-mails (lib/collections.ts), in owners/{uid}: on unless
// they turned it off. The rules let the owner change this one field and nothing else there.
import { doc, onSnapshot, updateDoc } from 'firebase/firestore';
import { NEW_CONTACT_MAIL_FIELD, ownerPath } from '../../lib/collections';
import { ownerDb } from './firebase';

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

export function setNewContactMail(uid: string, on: boolean): Promise<void> {
  return updateDoc(doc(ownerDb(), ownerPath(uid)), { [NEW_CONTACT_MAIL_FIELD]: on });
}
