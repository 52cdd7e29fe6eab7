// The owner's card in Firestore: which one is theirs (owners/{uid}), claiming one, watching it,
// saving edits (with its photo) and erasing it. firestore.rules allows exactly these writes to the
// owner.
import {
  Bytes,
  collection,
  deleteField,
  doc,
  getDoc,
  getDocs,
  onSnapshot,
  query,
  serverTimestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type FieldValue,
  type Firestore,
} from 'firebase/firestore';
import type { PhotoContentType } from '../../lib/card-photo';
import {
  CLAIMED_FIELD,
  CREATED_FIELD,
  ERASED_AT_FIELD,
  OWNED_CARD_FIELD,
  OWNER_FIELD,
  UPDATED_FIELD,
  cardPath,
  contactsPath,
  erasurePath,
  ownerPath,
  photoDocPath,
} from '../../lib/collections';
import type { EditableField } from '../../lib/profile';
import { readClaimedCard } from './claim-time';
import { ownerDb } from './firebase';

/** The stored fields of a card as the editor sees them; undefined while it has none. */
export type CardData = DocumentData;

/** A change to one field: its new value, or null to remove it. */
export type CardChanges = Partial<Record<EditableField, string | null>>;

export class UsernameTakenError extends Error {
  override name = 'UsernameTakenError';
}

/** The username of the card this account owns, or null when it has none yet. */
export async function findOwnedUsername(uid: string): Promise<string | null> {
  const entry = await getDoc(doc(ownerDb(), ownerPath(uid)));
  const username: unknown = entry.get(OWNED_CARD_FIELD);
  return typeof username === 'string' ? username : null;
}

/**
 * Creates users/{username} for this account with its owners/{uid} entry, in one batch. The rules
 * refuse a taken username (the write would be an update of someone else's card): that denial is
 * reported as UsernameTakenError, since claimProblem() has ruled out every other reason first.
 */
export async function claimCard(
  uid: string,
  username: string,
  fields: Partial<Record<EditableField, string>>,
): Promise<void> {
  const db = ownerDb();
  const batch = writeBatch(db);
  batch.set(doc(db, cardPath(username)), {
    ...fields,
    username,
    [OWNER_FIELD]: uid,
    [CLAIMED_FIELD]: serverTimestamp(),
    [UPDATED_FIELD]: serverTimestamp(),
  });
  batch.set(doc(db, ownerPath(uid)), { [OWNED_CARD_FIELD]: username });
  try {
    await batch.commit();
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') {
      throw new UsernameTakenError(username);
    }
    throw error;
  }
}

/** Follows the card; `listener` gets its data, or undefined once it no longer exists. */
export function watchCard(
  username: string,
  listener: (data: CardData | undefined) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(doc(ownerDb(), cardPath(username)), (s) => listener(s.data()), onError);
}

/** The card's photo as stored: its bytes, and the version its path names. */
export interface PhotoUpload {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: PhotoContentType;
  version: string;
}

function photoRef(db: Firestore, username: string) {
  return doc(db, photoDocPath(username));
}

/**
 * Writes the changed fields; a null removes the field (the rules refuse empty strings). With an
 * upload, the photo's bytes are written in the same batch as the card that names them
 * (displayImage, thumbnailBase64 in `changes`), so a refused upload leaves the old photo in
 * place. A displayImage changed without an upload (removed, or an address) takes the stored
 * photo away with it.
 */
export function saveCard(
  username: string,
  changes: CardChanges,
  upload?: PhotoUpload,
): Promise<void> {
  const db = ownerDb();
  const card = doc(db, cardPath(username));
  const update: Record<string, string | FieldValue> = { [UPDATED_FIELD]: serverTimestamp() };
  for (const [field, value] of Object.entries(changes)) {
    update[field] = value === null ? deleteField() : value;
  }
  if (!upload && !('displayImage' in changes)) return updateDoc(card, update);
  const batch = writeBatch(db);
  if (upload) {
    batch.set(photoRef(db, username), {
      bytes: Bytes.fromUint8Array(upload.bytes),
      contentType: upload.contentType,
      version: upload.version,
    });
  } else {
    batch.delete(photoRef(db, username));
  }
  batch.update(card, update);
  return batch.commit();
}

/**
 * The right to erasure: every contact the owner can read, then the card with its photo, its
 * owners/{uid} entry and the erasures/{username} tombstone in one batch (the rules want them gone
 * together). What the owner cannot delete (a contact left in the moment between the two steps, or
 * one left for an earlier owner of the name) is deleted by the watcher when it reads the
 * tombstone; the rules refuse any further contact, as the card no longer exists.
 */
export async function deleteCardAndData(
  uid: string,
  username: string,
  // The signed-in console's, or a rules test's with the same identity.
  db: Firestore = ownerDb(),
): Promise<void> {
  const { since } = await readClaimedCard(username, db);
  const contacts = await getDocs(
    query(collection(db, contactsPath(username)), where(CREATED_FIELD, '>=', since)),
  );
  // A batch holds 500 writes; contacts are deleted in batches of that size.
  for (let i = 0; i < contacts.docs.length; i += 500) {
    const batch = writeBatch(db);
    for (const contact of contacts.docs.slice(i, i + 500)) batch.delete(contact.ref);
    await batch.commit();
  }
  const batch = writeBatch(db);
  batch.delete(photoRef(db, username));
  batch.delete(doc(db, cardPath(username)));
  batch.delete(doc(db, ownerPath(uid)));
  batch.set(doc(db, erasurePath(username)), { [ERASED_AT_FIELD]: serverTimestamp() });
  await batch.commit();
}
