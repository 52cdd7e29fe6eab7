// The vCard photo: an image the owner picks, made small in the browser (a square JPEG) and kept as
// base64 in thumbnailBase64, within the rules' size limit. No upload: Cloud Storage cannot be
// tested here yet.
import { THUMBNAIL_MAX_CHARS } from '../profile';

/** Address books show a contact photo at most a few hundred pixels wide. */
const SIDE = 192;
const QUALITIES = [0.85, 0.7, 0.55, 0.4];

export class PhotoError extends Error {
  override name = 'PhotoError';
}

/** Base64 of a JPEG's bytes, without the data: prefix. */
function base64Of(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

/** The middle square of the image, scaled to SIDE × SIDE, as base64 JPEG under the limit. */
export async function photoToThumbnail(file: Blob): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoError('not an image');
  }
  const canvas = document.createElement('canvas');
  canvas.width = SIDE;
  canvas.height = SIDE;
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoError('no canvas');
  const side = Math.min(bitmap.width, bitmap.height);
  // A white background: a transparent PNG would otherwise turn black in a JPEG.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, SIDE, SIDE);
  context.drawImage(
    bitmap,
    (bitmap.width - side) / 2,
    (bitmap.height - side) / 2,
    side,
    side,
    0,
    0,
    SIDE,
    SIDE,
  );
  bitmap.close();
  for (const quality of QUALITIES) {
    const base64 = base64Of(canvas.toDataURL('image/jpeg', quality));
    if (base64.length <= THUMBNAIL_MAX_CHARS) return base64;
  }
  throw new PhotoError('too large');
}
