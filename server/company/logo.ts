// The logo part of a template save, judged as a card's photo is (server/owner/card.ts): its
// declared type, its size, its first bytes and its header's pixels.
import 'server-only';
import { randomFillSync } from 'node:crypto';
import { newPhotoVersion } from '../../lib/card-photo';
import {
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  looksLikeLogo,
  type LogoContentType,
} from '../../lib/company-logo';
import { photoSizeProblem } from '../../lib/photo-header';
import { badField } from '../owner/respond';

export interface AcceptedLogo {
  bytes: Buffer;
  contentType: LogoContentType;
  /** New for each upload: the last segment of the logo's immutable URL. */
  version: string;
}

export async function readLogo(file: File): Promise<AcceptedLogo> {
  const contentType = file.type as LogoContentType;
  if (!LOGO_CONTENT_TYPES.includes(contentType)) throw badField('logo', LOGO_MESSAGES.type);
  if (file.size < 1) throw badField('logo', LOGO_MESSAGES.empty);
  if (file.size > LOGO_MAX_BYTES) throw badField('logo', LOGO_MESSAGES.tooLarge);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!looksLikeLogo(bytes, contentType)) throw badField('logo', LOGO_MESSAGES.type);
  const problem = photoSizeProblem(bytes, contentType);
  if (problem === 'unreadable') throw badField('logo', LOGO_MESSAGES.unreadable);
  if (problem) throw badField('logo', LOGO_MESSAGES.tooManyPixels);
  return { bytes, contentType, version: newPhotoVersion((b) => randomFillSync(b)) };
}
