// The Google Wallet objects karta's save links have named (lib/collections.ts
// googleWalletObjects): Google tells karta nothing when an owner saves a pass, so every object a
// link names is recorded, and the daemon's Google channel PATCHes those of a card when it changes
// or is voided (an object never saved answers 404, which is nothing to do). No 'server-only': the
// daemon reads them too.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { GOOGLE_OBJECTS_COLLECTION, googleObjectPath } from '../../lib/collections';
import { isCardLanguage, type CardLanguage } from '../../lib/routes';

/** googleWalletObjects/{objectId}. */
export interface GoogleObjectDoc {
  username: string;
  lang: CardLanguage;
  createdAt: unknown;
}

/** Firestore's answer to a create of a document that exists. */
const ALREADY_EXISTS = 6;

/** Records that a save link names `objectId`, the pass of `username`'s card in `lang`. */
export async function recordGoogleObject(
  db: Firestore,
  objectId: string,
  username: string,
  lang: CardLanguage,
): Promise<void> {
  const doc: GoogleObjectDoc = { username, lang, createdAt: FieldValue.serverTimestamp() };
  try {
    await db.doc(googleObjectPath(objectId)).create(doc);
  } catch (error) {
    // Each link the console shows names the same object again: the first record stands.
    if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
  }
}

/** The objects recorded for `username`'s card, every claim's and language's. */
export async function googleObjectsOf(
  db: Firestore,
  username: string,
): Promise<Array<{ objectId: string; lang: CardLanguage }>> {
  const found = await db
    .collection(GOOGLE_OBJECTS_COLLECTION)
    .where('username', '==', username)
    .get();
  return found.docs.flatMap((doc) => {
    const lang: unknown = doc.get('lang');
    return isCardLanguage(lang) ? [{ objectId: doc.id, lang }] : [];
  });
}
