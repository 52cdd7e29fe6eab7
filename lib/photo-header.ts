// A photo's width and height as its header states them (WebP's VP8, VP8L or VP8X chunk, JPEG's
// SOFn marker, PNG's IHDR), read by image-size without decoding the image: the bound must cost nothing
// however many pixels the file claims. The server judges an upload with it (server/owner/card.ts,
// server/company/logo.ts), and the photo route what it serves (server/image-store.ts).
import { imageSize } from 'image-size';
import { PHOTO_MAX_PIXELS, type PhotoContentType } from './card-photo';
import type { LogoContentType } from './company-logo';

/** The encodings of a card's photo and of a company's logo. */
type ImageContentType = PhotoContentType | LogoContentType;

/** image-size's name of each encoding the server accepts. */
const HEADER_TYPES: Record<ImageContentType, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export interface PhotoSize {
  width: number;
  height: number;
}

/** The photo's sides from its header, or null when it is not a readable header of that type. */
export function photoSize(bytes: Uint8Array, contentType: ImageContentType): PhotoSize | null {
  try {
    // A copy of exactly these bytes: image-size reads through a DataView on the whole underlying
    // buffer, so a truncated header inside a larger one (a Buffer slice) would be read on past its
    // end instead of refused.
    const { type, width, height } = imageSize(new Uint8Array(bytes));
    if (type !== HEADER_TYPES[contentType]) return null;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      return null;
    }
    return { width, height };
  } catch {
    // image-size throws on a header it cannot follow (truncated, or not of a known type).
    return null;
  }
}

/** What keeps the photo out: a header that cannot be read, or more than PHOTO_MAX_PIXELS. */
export function photoSizeProblem(
  bytes: Uint8Array,
  contentType: ImageContentType,
): 'unreadable' | 'too-many-pixels' | null {
  const size = photoSize(bytes, contentType);
  if (!size) return 'unreadable';
  return size.width * size.height > PHOTO_MAX_PIXELS ? 'too-many-pixels' : null;
}
