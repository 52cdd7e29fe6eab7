// A photo's sides read from its header (lib/photo-header.ts) on real files made by sharp: WebP's
// three kinds (VP8 lossy, VP8L lossless, VP8X extended), baseline and progressive JPEG, and what
// keeps a photo out: over PHOTO_MAX_PIXELS, or a header that cannot be read.
import sharp from 'sharp';
import { PHOTO_MAX_PIXELS } from '@/lib/card-photo';
import { photoSize, photoSizeProblem } from '@/lib/photo-header';
import { HUGE_WEBP } from '../fixtures/photos';

const square = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: '#a33' } });

/** A JPEG of these sides, its SOFn rewritten to claim `claimed` (far too slow to encode). */
function claiming(jpeg: Buffer, [width, height]: [number, number]): Buffer {
  const bytes = Buffer.from(jpeg);
  for (let at = 2; at < bytes.length;) {
    const marker = bytes[at + 1];
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no SOF marker');
}

describe('the sides in the header', () => {
  it.each([
    ['a lossy WebP (VP8)', () => square(800, 600).webp()],
    ['a lossless WebP (VP8L)', () => square(800, 600).webp({ lossless: true })],
    ['an extended WebP (VP8X: alpha and metadata)', () => square(800, 600, 4).webp().keepExif()],
  ])('of %s', async (_name, make) => {
    const bytes = await make().toBuffer();
    expect(photoSize(bytes, 'image/webp')).toEqual({ width: 800, height: 600 });
    expect(photoSizeProblem(bytes, 'image/webp')).toBeNull();
  });

  it.each([
    ['a baseline JPEG (SOF0)', () => square(640, 480).jpeg()],
    [
      'a progressive JPEG (SOF2) with EXIF before it',
      () =>
        square(640, 480)
          .jpeg({ progressive: true })
          .withExif({ IFD0: { Copyright: 'karta' } }),
    ],
  ])('of %s', async (_name, make) => {
    const bytes = await make().toBuffer();
    expect(photoSize(bytes, 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(photoSizeProblem(bytes, 'image/jpeg')).toBeNull();
  });

  it('of sharp’s 16383×16383 lossless WebP, which it reads as such', async () => {
    expect(await sharp(HUGE_WEBP).metadata()).toMatchObject({ width: 16383, height: 16383 });
    expect(photoSize(HUGE_WEBP, 'image/webp')).toEqual({ width: 16383, height: 16383 });
  });
});

describe('what keeps a photo out', () => {
  it('a 16383×16383 WebP of 38 bytes has too many pixels', () => {
    expect(HUGE_WEBP.length).toBeLessThan(100);
    expect(photoSizeProblem(HUGE_WEBP, 'image/webp')).toBe('too-many-pixels');
  });

  it('a JPEG one column of pixels over the bound has too many; at the bound it fits', async () => {
    const jpeg = await square(16, 16).jpeg().toBuffer();
    const width = 8000;
    const height = PHOTO_MAX_PIXELS / width;
    expect(photoSizeProblem(claiming(jpeg, [width, height]), 'image/jpeg')).toBeNull();
    expect(photoSizeProblem(claiming(jpeg, [width + 1, height]), 'image/jpeg')).toBe(
      'too-many-pixels',
    );
  });

  it.each<[string, () => Promise<Buffer>, 'image/webp' | 'image/jpeg']>([
    [
      'a WebP cut off before its sides',
      async () => (await square(8, 8).webp().toBuffer()).subarray(0, 22),
      'image/webp',
    ],
    [
      'a WebP with no VP8 chunk',
      async () => Buffer.from('RIFF\x10\x00\x00\x00WEBPJUNK\x04\x00\x00\x00abcd', 'latin1'),
      'image/webp',
    ],
    [
      'a JPEG with no frame header',
      async () => Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      'image/jpeg',
    ],
    ['a JPEG sent as WebP', () => square(8, 8).jpeg().toBuffer(), 'image/webp'],
    ['a WebP sent as JPEG', () => square(8, 8).webp().toBuffer(), 'image/jpeg'],
    ['a PNG', () => square(8, 8).png().toBuffer(), 'image/jpeg'],
  ])('%s cannot be read', async (_name, make, type) => {
    const bytes = await make();
    expect(photoSize(bytes, type)).toBeNull();
    expect(photoSizeProblem(bytes, type)).toBe('unreadable');
  });
});
