import jsQR from 'jsqr';
import sharp from 'sharp';
import { qrSvg } from '@/lib/qr';

/** Renders the SVG to pixels and reads it back with an independent decoder. */
async function decode(svg: string): Promise<string | undefined> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .resize(400, 400, { kernel: 'nearest' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

test('the SVG decodes to exactly the URL it was made from, Greek paths included', async () => {
  for (const url of [
    'https://karta.example/maria',
    'https://karta.example/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1',
  ]) {
    const svg = await qrSvg(url);
    expect(svg.startsWith('<svg')).toBe(true);
    await expect(decode(svg)).resolves.toBe(url);
  }
});

test('the same URL gives the same bytes; another URL, other bytes', async () => {
  const a = await qrSvg('https://karta.example/maria');
  expect(await qrSvg('https://karta.example/maria')).toBe(a);
  expect(await qrSvg('https://karta.example/nikos')).not.toBe(a);
});
