import { isValidUsername, parseUsername } from '@/lib/username';

describe('isValidUsername', () => {
  it.each([
    'maria',
    'maria.papadopoulou',
    'μαρία',
    'Γιώργος_Π',
    'a',
    '_foo_',
    '__foo',
    'foo__',
    '...',
  ])('accepts %j', (id) => {
    expect(isValidUsername(id)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['a slash', 'a/b'],
    ['a leading slash', '/maria'],
    ['"."', '.'],
    ['".."', '..'],
    ['a reserved __name__', '__foo__'],
    ['a reserved ____', '____'],
    ['a NUL', 'ma\u0000ria'],
    ['a newline', 'maria\n'],
    ['a tab', '\tmaria'],
    ['U+001F', 'a\u001fb'],
    ['DEL', 'a\u007fb'],
    ['a lone high surrogate', 'a\ud83db'],
    ['a lone low surrogate', 'a\ude00b'],
  ])('rejects %s', (_label, id) => {
    expect(isValidUsername(id)).toBe(false);
  });

  it('counts UTF-8 bytes, not characters, against the 1,500-byte limit', () => {
    expect(isValidUsername('a'.repeat(1500))).toBe(true);
    expect(isValidUsername('a'.repeat(1501))).toBe(false);
    expect(isValidUsername('α'.repeat(750))).toBe(true); // 1,500 bytes
    expect(isValidUsername('α'.repeat(751))).toBe(false); // 1,502 bytes
    expect(isValidUsername('€'.repeat(500))).toBe(true); // 3 bytes each
    expect(isValidUsername('€'.repeat(500) + 'a')).toBe(false);
    expect(isValidUsername('😀'.repeat(375))).toBe(true); // 4 bytes each
    expect(isValidUsername('😀'.repeat(375) + 'a')).toBe(false);
  });

  it('returns false rather than throwing for a non-string at runtime', () => {
    expect(isValidUsername(undefined as unknown as string)).toBe(false);
    expect(isValidUsername(42 as unknown as string)).toBe(false);
  });
});

describe('parseUsername', () => {
  it('returns a plain username unchanged', () => {
    expect(parseUsername('maria')).toBe('maria');
    expect(parseUsername('μαρία')).toBe('μαρία');
  });

  it('decodes a percent-encoded Greek username', () => {
    expect(parseUsername('%CE%BC%CE%B1%CF%81%CE%AF%CE%B1')).toBe('μαρία');
    expect(parseUsername('%ce%bc%ce%b1%cf%81%ce%af%ce%b1')).toBe('μαρία');
  });

  it('returns null for malformed percent-encoding', () => {
    for (const raw of ['%E0%A4%A', '%', '100%', '%C0%AF']) {
      expect(parseUsername(raw)).toBeNull();
    }
  });

  it('validates after decoding', () => {
    for (const raw of ['a%2Fb', '%2E', '%2E%2E', '%5F%5Ffoo%5F%5F', 'ma%00ria', 'ma%0Aria']) {
      expect(parseUsername(raw)).toBeNull();
    }
  });

  it('decodes only once, so a double-encoded slash stays text', () => {
    expect(parseUsername('a%252Fb')).toBe('a%2Fb');
  });

  it('rejects invalid ids that need no decoding', () => {
    for (const raw of ['', '.', '..', '__foo__', 'α'.repeat(751)]) {
      expect(parseUsername(raw)).toBeNull();
    }
  });

  it('checks the byte limit on the decoded form', () => {
    expect(parseUsername('%CE%B1'.repeat(750))).toBe('α'.repeat(750));
    expect(parseUsername('%CE%B1'.repeat(751))).toBeNull();
  });

  it('never throws on a non-string at runtime', () => {
    expect(parseUsername(undefined as unknown as string)).toBeNull();
  });
});
