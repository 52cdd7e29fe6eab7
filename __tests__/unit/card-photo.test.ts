// The card's photo without a browser: the paths a card may name, the version, the square crop and
// the encoding ladder (jsdom has no canvas, so the encoder is a stand-in).
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  PHOTO_TARGET_BYTES,
  PHOTO_VERSION_PATTERN,
  newPhotoVersion,
  ownPhotoVersion,
  photoPathAllowed,
  type PhotoContentType,
} from '@/lib/card-photo';
import { encodeWithin, photoSides, squareCrop, type Encoder } from '@/browser/owner/photo';
import { normaliseProfile } from '@/lib/profile';
import { photoPath } from '@/lib/routes';

describe('the photo path', () => {
  it('is the card’s own path with its version', () => {
    expect(photoPath('maria', 'Ab_-9')).toBe('/maria/photo/Ab_-9');
    expect(ownPhotoVersion('maria', photoPath('maria', 'Ab_-9'))).toBe('Ab_-9');
    expect(ownPhotoVersion('nikos', photoPath('maria', 'Ab_-9'))).toBeNull();
    expect(ownPhotoVersion('maria', '/demo/maria.jpg')).toBeNull();
  });

  it.each([
    ['/maria/photo/v1', true],
    ['/demo/maria.jpg', true],
    ['/demo/photo-of-maria.jpg', true],
    ['https://cdn.example.gr/nikos/photo/v1', true],
    ['/nikos/photo/v1', false],
    ['/maria/photo/v1?w=1', false],
    ['/maria/photo/', false],
    ['/maria/photo', false],
    ['/nikos\\photo\\v1', false],
    ['/nikos/./Photo/v1', false],
    ['/nikos/%70hoto/v1', false],
    ['/m%61ria/photo/v1', false],
  ])('%s on /maria: allowed %s', (path, allowed) => {
    expect(photoPathAllowed('maria', path)).toBe(allowed);
  });

  it('is never shown on another card, even when the document names it', () => {
    expect(normaliseProfile('maria', { displayImage: '/nikos/photo/v1' })).not.toHaveProperty(
      'displayImage',
    );
    expect(normaliseProfile('maria', { displayImage: '/maria/photo/v1' }).displayImage).toBe(
      '/maria/photo/v1',
    );
  });

  it('has a new URL-safe version for each upload', () => {
    let n = 0;
    const random = (bytes: Uint8Array) => bytes.map(() => n++);
    const first = newPhotoVersion(random);
    const second = newPhotoVersion(random);
    expect(first).toHaveLength(16);
    expect(first).toMatch(new RegExp(PHOTO_VERSION_PATTERN));
    expect(first).not.toBe(second);
    expect(newPhotoVersion((b) => b.fill(255))).toMatch(new RegExp(PHOTO_VERSION_PATTERN));
  });
});

describe('the square crop', () => {
  it('takes the middle of a landscape picture and draws it at most 800 px', () => {
    expect(squareCrop(4000, 3000, 800)).toEqual({ sx: 500, sy: 0, size: 3000, side: 800 });
  });

  it('takes the middle of a portrait picture', () => {
    expect(squareCrop(300, 501, 800)).toEqual({ sx: 0, sy: 100, size: 300, side: 300 });
  });

  it('never enlarges a small picture', () => {
    expect(squareCrop(120, 90, 800).side).toBe(90);
  });

  it('tries smaller sides for a picture that does not fit', () => {
    expect(photoSides(800)).toEqual([800, 600, 400]);
    expect(photoSides(1)).toEqual([1]);
  });
});

describe('the encoding', () => {
  /** A stand-in browser: `sizes[type]` gives the bytes at each quality; null when it cannot. */
  function encoder(
    sizes: Partial<Record<PhotoContentType, (quality: number) => number>>,
    calls: string[] = [],
  ): Encoder {
    return async (type, quality) => {
      calls.push(`${type}@${quality}`);
      const size = sizes[type];
      // Like Safari asked for WebP: another type comes back.
      if (!size) return new Blob([new Uint8Array(10)], { type: 'image/png' });
      return new Blob([new Uint8Array(size(quality))], { type });
    };
  }

  it('prefers WebP at the highest quality that fits', async () => {
    const calls: string[] = [];
    const result = await encodeWithin(
      encoder({ 'image/webp': (q) => q * 220_000, 'image/jpeg': () => 1 }, calls),
      PHOTO_TARGET_BYTES,
    );
    expect(result?.contentType).toBe('image/webp');
    expect(result?.blob.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
    expect(calls).toEqual(['image/webp@0.85', 'image/webp@0.75', 'image/webp@0.65']);
  });

  it('falls back to JPEG where the browser cannot encode WebP', async () => {
    const result = await encodeWithin(encoder({ 'image/jpeg': () => 90_000 }), PHOTO_TARGET_BYTES);
    expect(result?.contentType).toBe('image/jpeg');
  });

  it('gives nothing when no quality fits', async () => {
    const huge = () => PHOTO_MAX_BYTES + 1;
    expect(
      await encodeWithin(encoder({ 'image/webp': huge, 'image/jpeg': huge }), PHOTO_MAX_BYTES),
    ).toBeNull();
  });

  it('aims below the rules’ limit, in the types the rules accept', () => {
    expect(PHOTO_TARGET_BYTES).toBeLessThan(PHOTO_MAX_BYTES);
    expect([...PHOTO_CONTENT_TYPES]).toEqual(['image/webp', 'image/jpeg']);
  });
});
