import 'server-only';
import { LOGO_MAX_BYTES, isLogoContentType, type LogoContentType } from '../lib/company-logo';
import { companyLogoPath } from '../lib/collections';
import { adminDb } from './firebase/admin-app';
import { readWithDeadline } from './profile-store';

export interface StoredLogo {
  bytes: Buffer;
  contentType: LogoContentType;
  version: string;
}

/**
 * The company's logo, or null when there is none or it is not one the server could have stored
 * (a type or a size it refuses). A failed read throws, like a profile's.
 */
export async function getLogo(companyId: string): Promise<StoredLogo | null> {
  const path = companyLogoPath(companyId);
  const snapshot = await readWithDeadline(() => adminDb().doc(path).get(), path);
  if (!snapshot.exists) return null;
  const { bytes, contentType, version } = snapshot.data() ?? {};
  if (!Buffer.isBuffer(bytes) || !isLogoContentType(contentType) || typeof version !== 'string') {
    return null;
  }
  if (bytes.length === 0 || bytes.length > LOGO_MAX_BYTES) return null;
  return { bytes, contentType, version };
}
