import { canonicalPath, cardPaths, cardUrl, qrPath, vcardPath } from '@/lib/routes';

const saved = process.env.NEXT_PUBLIC_SITE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.NEXT_PUBLIC_SITE_URL;
  else process.env.NEXT_PUBLIC_SITE_URL = saved;
});

test('a card, its vCard, its QR code and its canonical URL, with the username encoded once', () => {
  process.env.NEXT_PUBLIC_SITE_URL = 'https://karta.example';
  expect(cardPaths('maria')).toEqual([
    '/maria',
    '/maria/vcard',
    '/maria/en',
    '/maria/en/vcard',
    '/maria/qr.svg',
  ]);
  expect(vcardPath('μαρία')).toBe('/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1/vcard');
  expect(qrPath('μαρία')).toBe('/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1/qr.svg');
  expect(cardUrl('a b')).toBe('https://karta.example/a%20b');
  expect(cardUrl('%2F')).toBe('https://karta.example/%252F');
});

describe('canonicalPath: one spelling per address', () => {
  test.each([
    ['/maria', '/maria'],
    ['/maria/vcard', '/maria/vcard'],
    ['/m%61ria', '/maria'],
    ['/maria/vc%61rd', '/maria/vcard'],
    ['/%6D%61%72%69%61/qr.svg', '/maria/qr.svg'],
    ['/%ce%bc%ce%b1', '/%CE%BC%CE%B1'],
    ['/%CE%BC%CE%B1', '/%CE%BC%CE%B1'],
    ['/sec-b-c%2561rd', '/sec-b-c%2561rd'],
    ['/a%40b', '/a%40b'],
    ['/', '/'],
  ])('%s → %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  test('is the spelling profilePath, vcardPath and qrPath link to, whatever the name', () => {
    for (const name of ['maria', 'μαρία', 'a b', '%2F', "o'neil", 'a@b', '😀']) {
      for (const path of cardPaths(name)) expect(canonicalPath(path)).toBe(path);
    }
  });

  test('is null for malformed percent-encoding', () => {
    for (const path of ['/%E0%A4%A', '/100%', '/maria/%', '/%C0%AF']) {
      expect(canonicalPath(path)).toBeNull();
    }
  });
});
