// The owner's card: which one is theirs (owners/{uid}) and the card itself, read live from
// Firestore; claiming one, saving edits (with its photo) and erasing it, through karta's server
// (owner-api.ts), as firestore.rules let no browser write a card.
import { doc, getDoc, onSnapshot, type DocumentData } from 'firebase/firestore';
import type { PhotoContentType } from '../../lib/card-photo';
import { OWNED_CARD_FIELD, cardPath, ownerPath } from '../../lib/collections';
import type { CardChanges, EditableField } from '../../lib/profile';
import { ownerDb } from './firebase';
import { OwnerRequestError, ownerRequest, signedInAs } from './owner-api';

/** The stored fields of a card as the editor sees them; undefined while it has none. */
export type CardData = DocumentData;

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
 * Claims users/{username} for this account with its name fields (POST /api/owner/cards). A taken
 * name is reported as UsernameTakenError; a field the server refuses as an OwnerRequestError
 * naming it (400), an unverified address as one with status 403.
 */
export async function claimCard(
  uid: string,
  username: string,
  fields: Partial<Record<EditableField, string>>,
): Promise<void> {
  signedInAs(uid);
  try {
    await ownerRequest('/api/owner/cards', { method: 'POST', json: { username, fields } });
  } catch (error) {
    if (error instanceof OwnerRequestError && error.status === 409 && error.field === 'username') {
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

export const cardEndpoint = (username: string) =>
  `/api/owner/cards/${encodeURIComponent(username)}`;

/**
 * Saves the changed fields (PATCH /api/owner/cards/{username}); a null removes the field. With an
 * upload, the photo's bytes go in the same request as the card that names them (displayImage,
 * thumbnailBase64 in `changes`), and the server writes both or neither, so a refused upload
 * leaves the old photo in place. A displayImage changed without an upload (removed, or an
 * address) takes the stored photo away with it.
 */
export function saveCard(
  username: string,
  changes: CardChanges,
  upload?: PhotoUpload,
): Promise<void> {
  if (!upload) return ownerRequest(cardEndpoint(username), { method: 'PATCH', json: { changes } });
  const form = new FormData();
  form.set('changes', JSON.stringify(changes));
  form.set('photo', new Blob([upload.bytes], { type: upload.contentType }), 'photo');
  return ownerRequest(cardEndpoint(username), { method: 'PATCH', form });
}

/**
 * The right to erasure (DELETE /api/owner/cards/{username}): the server deletes every contact,
 * then the card with its photo, its owners/{uid} entry and the erasures/{username} tombstone
 * together. What is left in the moment between (a contact, the card's stats) is deleted by the
 * watcher when it reads the tombstone; no contact can be left once the card is gone.
 */
export async function deleteCardAndData(uid: string, username: string): Promise<void> {
  signedInAs(uid);
  await ownerRequest(cardEndpoint(username), { method: 'DELETE' });
}
