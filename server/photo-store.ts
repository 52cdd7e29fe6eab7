import 'server-only';
import { PHOTO_CONTENT_TYPES, type PhotoContentType } from '../lib/card-photo';
import { photoDocPath } from '../lib/collections';
import { photoSizeProblem } from '../lib/photo-header';
import { adminDb } from './firebase/admin-app';
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
 * The card's photo document, or null when there is none or it is not a photo the server could have
 * stored (a type or a size it refuses: the image optimiser decodes what this serves). A failed read
 * throws, like a profile's.
 */
export async function getPhoto(username: string): Promise<StoredPhoto | null> {
  const path = photoDocPath(username);
  const snapshot = await readWithDeadline(() => adminDb().doc(path).get(), path);
  if (!snapshot.exists) return null;
  const { bytes, contentType, version } = snapshot.data() ?? {};
  if (!Buffer.isBuffer(bytes) || !isContentType(contentType) || typeof version !== 'string') {
    return null;
  }
  if (photoSizeProblem(bytes, contentType)) return null;
  return { bytes, contentType, version };
}
