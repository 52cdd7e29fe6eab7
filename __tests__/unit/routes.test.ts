import { cardPaths, cardUrl, qrPath, vcardPath } from '@/lib/routes';

const saved = process.env.NEXT_PUBLIC_SITE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.NEXT_PUBLIC_SITE_URL;
  else process.env.NEXT_PUBLIC_SITE_URL = saved;
});

test('a card, its vCard, its QR code and its canonical URL, with the username encoded once', () => {
  process.env.NEXT_PUBLIC_SITE_URL = 'https://karta.example';
  expect(cardPaths('maria')).toEqual(['/maria', '/maria/vcard', '/maria/qr.svg']);
  expect(vcardPath('μαρία')).toBe('/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1/vcard');
  expect(qrPath('μαρία')).toBe('/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1/qr.svg');
  expect(cardUrl('a b')).toBe('https://karta.example/a%20b');
  expect(cardUrl('%2F')).toBe('https://karta.example/%252F');
});
