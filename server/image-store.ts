// The images an owner uploads, one Firestore document each: a card's photo and a company's logo.
import 'server-only';
import { PHOTO_CONTENT_TYPES, type PhotoContentType } from '../lib/card-photo';
import { companyLogoPath, photoDocPath } from '../lib/collections';
import { LOGO_MAX_BYTES, isLogoContentType, type LogoContentType } from '../lib/company-logo';
import { photoSizeProblem } from '../lib/photo-header';
import { adminDb } from './firebase/admin-app';
import { readWithDeadline } from './profile-store';

export interface StoredImage<T extends string = string> {
  bytes: Buffer;
  contentType: T;
  version: string;
}

/**
 * The image document at `path`, or null when there is none or it is not one the server could
 * have stored (a type or a size it refuses: the image optimiser decodes what a photo route
 * serves). A failed read throws, like a profile's.
 */
async function readImage<T extends string>(
  path: string,
  isType: (value: unknown) => value is T,
  storable: (bytes: Buffer, contentType: T) => boolean,
): Promise<StoredImage<T> | null> {
  const snapshot = await readWithDeadline(() => adminDb().doc(path).get(), path);
  if (!snapshot.exists) return null;
  const { bytes, contentType, version } = snapshot.data() ?? {};
  if (!Buffer.isBuffer(bytes) || !isType(contentType) || typeof version !== 'string') return null;
  return storable(bytes, contentType) ? { bytes, contentType, version } : null;
}

function isPhotoContentType(value: unknown): value is PhotoContentType {
  return (PHOTO_CONTENT_TYPES as readonly unknown[]).includes(value);
}

/** The card's photo. */
export function getPhoto(username: string): Promise<StoredImage<PhotoContentType> | null> {
  return readImage(photoDocPath(username), isPhotoContentType, (bytes, type) => {
    return !photoSizeProblem(bytes, type);
  });
}

/** The company's logo. */
export function getLogo(companyId: string): Promise<StoredImage<LogoContentType> | null> {
  return readImage(companyLogoPath(companyId), isLogoContentType, (bytes) => {
    return bytes.length > 0 && bytes.length <= LOGO_MAX_BYTES;
  });
}
