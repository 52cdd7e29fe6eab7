import 'server-only';
import {
  PHOTO_COLLECTION,
  PHOTO_CONTENT_TYPES,
  PHOTO_DOC_ID,
  type PhotoContentType,
} from '../lib/card-photo';
import { adminDb } from './firebase/admin';
import { readWithDeadline } from './profile-store';

export interface StoredPhoto {
  bytes: Buffer;
  contentType: PhotoContentType;
  version: string;
}

function isContentType(value: unknown): value is PhotoContentType {
  return (PHOTO_CONTENT_TYPES as readonly unknown[]).includes(value);
}

/**
 * The card's photo document (users/{username}/photo/current), or null when there is none or it
 * is not a photo the rules could have stored. A failed read throws, like a profile's.
 */
export async function getPhoto(username: string): Promise<StoredPhoto | null> {
  const snapshot = await readWithDeadline(
    () =>
      adminDb()
        .collection('users')
        .doc(username)
        .collection(PHOTO_COLLECTION)
        .doc(PHOTO_DOC_ID)
        .get(),
    `users/${username}/${PHOTO_COLLECTION}/${PHOTO_DOC_ID}`,
  );
  if (!snapshot.exists) return null;
  const { bytes, contentType, version } = snapshot.data() ?? {};
  if (!Buffer.isBuffer(bytes) || !isContentType(contentType) || typeof version !== 'string') {
    return null;
  }
  return { bytes, contentType, version };
}
