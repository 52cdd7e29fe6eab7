// A card whose photo was uploaded in the console, as the console stores it: the demo photo made an
// 800 px square WebP under 150 KB, in users/{username}/photo/current, the card naming its path.
// Lighthouse then measures the card with its photo served by karta's own route.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import sharp from 'sharp';
import { PHOTO_MAX_SIDE, PHOTO_TARGET_BYTES, newPhotoVersion } from '../../lib/card-photo';
import { cardPath, photoDocPath } from '../../lib/collections';
import { cardChanged } from '../../server/card-stamp';
import { photoPath } from '../../lib/routes';
import { ROOT } from '../../tools/lib/paths';

/** Copies `from`'s card to `username` with `source` (a file under public/) as its uploaded photo. */
export async function seedUploadedPhotoCard(
  db: Firestore,
  from: string,
  username: string,
  source: string,
): Promise<{ bytes: number }> {
  let quality = 85;
  let bytes = await sharp(path.join(ROOT, 'public', source))
    .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'cover' })
    .webp({ quality })
    .toBuffer();
  while (bytes.length > PHOTO_TARGET_BYTES && quality > 50) {
    quality -= 10;
    bytes = await sharp(bytes).webp({ quality }).toBuffer();
  }
  const version = newPhotoVersion((buffer) => randomBytes(buffer.length));
  const card = (await db.doc(cardPath(from)).get()).data() ?? {};
  const batch = db.batch();
  batch.set(db.doc(cardPath(username)), {
    ...card,
    username,
    displayImage: photoPath(username, version),
    ...cardChanged(),
  });
  batch.set(db.doc(photoDocPath(username)), {
    bytes,
    contentType: 'image/webp',
    version,
  });
  await batch.commit();
  return { bytes: bytes.length };
}
