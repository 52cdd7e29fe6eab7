import { displayUrl, isOptimisedImage, mailtoLink, mapsLink, safeHttpUrl } from '@/lib/links';
import { expectReturns, testReturns } from './support/cases';

describe('safeHttpUrl', () => {
  testReturns(safeHttpUrl, [
    ['https://www.site.gr', 'https://www.site.gr/'],
    ['http://site.gr/path?q=1#top', 'http://site.gr/path?q=1#top'],
    ['HTTPS://WWW.SITE.GR/Path', 'https://www.site.gr/Path'],
    ['  https://site.gr  ', 'https://site.gr/'],
    ['www.site.gr', 'https://www.site.gr/'],
    ['site.gr/path', 'https://site.gr/path'],
    ['site.gr', 'https://site.gr/'],
    ['\nwww.site.gr\t', 'https://www.site.gr/'],
    ['localhost:3000', 'https://localhost:3000/'],
    ['site.gr:8080/x', 'https://site.gr:8080/x'],
    ['192.168.1.10', 'https://192.168.1.10/'],
    ['https://intranet/', 'https://intranet/'],
    ['https://παράδειγμα.gr', 'https://xn--hxajbheg2az3al.gr/'],
    ['https://site.gr/a b', 'https://site.gr/a%20b'],
  ]);

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    '\n\tjavascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript:1',
    'javascript://site.gr/%0Aalert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://site.gr/file',
    'file:///etc/passwd',
    'mailto:maria@site.gr',
    'tel:+306912345678',
    '',
    '   ',
    '\n\t',
    'http://',
    'https://exa mple.gr',
    'hello',
    'hello world',
    '/relative/path',
    '//evil.example',
    'site.gr:abc',
    'https://www.bank.gr@evil.example',
    'maria@site.gr',
  ])('rejects %j', (raw) => {
    expect(safeHttpUrl(raw)).toBeUndefined();
  });

  it('returns undefined for undefined and non-strings', () => {
    expect(safeHttpUrl(undefined)).toBeUndefined();
    expect(safeHttpUrl(42 as unknown as string)).toBeUndefined();
  });

  it('only ever returns http(s) URLs', () => {
    for (const raw of ['www.site.gr', 'localhost:3000', 'https:site.gr', 'http:/\\site.gr']) {
      expect(safeHttpUrl(raw)).toMatch(/^https?:\/\/[^/]/);
    }
  });
});

describe('displayUrl', () => {
  testReturns(displayUrl, [
    ['https://www.site.gr/', 'www.site.gr'],
    ['https://www.site.gr', 'www.site.gr'],
    ['http://site.gr/path', 'site.gr/path'],
    ['https://site.gr/path/?q=1#top', 'site.gr/path/?q=1#top'],
    ['https://localhost:3000/', 'localhost:3000'],
    ['https://site.gr/%CE%BC%CE%B1%CF%81%CE%AF%CE%B1', 'site.gr/μαρία'],
    ['https://site.gr/%E0%A4%A', 'site.gr/%E0%A4%A'],
  ]);

  it('returns non-http or unparsable input unchanged', () => {
    expect(displayUrl('mailto:maria@site.gr')).toBe('mailto:maria@site.gr');
    expect(displayUrl('not a url')).toBe('not a url');
  });
});

describe('mailtoLink', () => {
  it('builds a mailto link', () => {
    expectReturns(mailtoLink, [
      ['maria@site.gr', 'mailto:maria@site.gr'],
      ['  maria.p@mail.site.gr ', 'mailto:maria.p@mail.site.gr'],
      ["o'brien@site.gr", "mailto:o'brien@site.gr"],
    ]);
  });

  it('percent-encodes characters that are legal but not URL-safe', () => {
    expectReturns(mailtoLink, [
      ['maria+work@site.gr', 'mailto:maria%2Bwork@site.gr'],
      [
        'μαρία@παράδειγμα.gr',
        'mailto:%CE%BC%CE%B1%CF%81%CE%AF%CE%B1@%CF%80%CE%B1%CF%81%CE%AC%CE%B4%CE%B5%CE%B9%CE%B3%CE%BC%CE%B1.gr',
      ],
    ]);
  });

  it.each([
    ['undefined', undefined],
    ['empty', ''],
    ['no @', 'maria.site.gr'],
    ['two @', 'maria@x@site.gr'],
    ['empty local part', '@site.gr'],
    ['empty domain', 'maria@'],
    ['domain without a dot', 'maria@localhost'],
    ['domain with an empty label', 'maria@site..gr'],
    ['inner space', 'maria p@site.gr'],
    ['newline', 'maria@site.gr\nbcc:x@evil.example'],
    ['header injection with ?', 'maria@site.gr?bcc=x@evil.example'],
    ['header injection with &', 'maria@site.gr&bcc=x@evil.example'],
    ['a fragment', 'maria@site.gr#x'],
    ['a percent sign', 'maria%0A@site.gr'],
    ['a second address', 'maria@site.gr,x@evil.example'],
    ['a semicolon', 'maria@site.gr;x@evil.example'],
    ['a NUL', 'maria\u0000@site.gr'],
    ['a bidi override', 'maria\u202e@site.gr'],
    ['angle brackets', '<maria@site.gr>'],
    ['a scheme', 'mailto:maria@site.gr'],
    ['too long', `${'a'.repeat(250)}@site.gr`],
  ])('rejects %s', (_label, email) => {
    expect(mailtoLink(email)).toBeUndefined();
  });
});

describe('mapsLink', () => {
  const base = 'https://www.google.com/maps/search/?api=1&query=';

  it('encodes the address', () => {
    expect(mapsLink('Ερμού 10, Αθήνα')).toBe(
      `${base}%CE%95%CF%81%CE%BC%CE%BF%CF%8D%2010%2C%20%CE%91%CE%B8%CE%AE%CE%BD%CE%B1`,
    );
    expect(mapsLink('Main St 1 & 2')).toBe(`${base}Main%20St%201%20%26%202`);
  });

  it('appends the details after a comma', () => {
    expect(mapsLink('Main St 1', '2nd floor')).toBe(`${base}Main%20St%201%2C%202nd%20floor`);
  });

  it('collapses whitespace and ignores empty details', () => {
    expect(mapsLink('  Main\n St 1 ', '   ')).toBe(`${base}Main%20St%201`);
    expect(mapsLink('Main St 1', undefined)).toBe(`${base}Main%20St%201`);
  });

  it('returns undefined without an address', () => {
    expect(mapsLink(undefined)).toBeUndefined();
    expect(mapsLink('')).toBeUndefined();
    expect(mapsLink('   ', '2nd floor')).toBeUndefined();
  });
});

describe('numbers are not hosts', () => {
  test.each(['12', '1.2', '6912345678'])('%s is not a website', (raw) => {
    expect(safeHttpUrl(raw)).toBeUndefined();
  });
  test('a full dotted quad is', () => {
    expect(safeHttpUrl('127.0.0.1')).toBe('https://127.0.0.1/');
  });
});

describe('isOptimisedImage', () => {
  testReturns(
    isOptimisedImage,
    [
      ['/demo/maria.jpg', true],
      ['https://firebasestorage.googleapis.com/v0/b/x/o/a.jpg', true],
      ['https://storage.googleapis.com/bucket/a.jpg', true],
      ['http://storage.googleapis.com/bucket/a.jpg', false],
      ['https://user@storage.googleapis.com/a.jpg', false],
      ['https://example.gr/a.jpg', false],
      ['not a url', false],
    ],
    '%s → %s',
  );
});
