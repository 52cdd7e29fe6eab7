import {
  USERNAME_MESSAGES,
  claimProblem,
  isValidUsername,
  latinOnlyMessage,
  parseUsername,
  usernameFrom,
  usernamePreview,
} from '@/lib/username';

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

describe('parseUsername: the route param, which Next has decoded once, is never decoded again', () => {
  it('returns a valid username unchanged', () => {
    expect(parseUsername('maria')).toBe('maria');
    expect(parseUsername('μαρία')).toBe('μαρία');
  });

  it('keeps a `%` as text: /a%2562 is the name "a%62", never the card "ab"', () => {
    expect(parseUsername('a%62')).toBe('a%62');
    expect(parseUsername('sec-b-c%61rd')).toBe('sec-b-c%61rd');
    expect(parseUsername('%CE%BC%CE%B1')).toBe('%CE%BC%CE%B1');
    expect(parseUsername('a%2Fb')).toBe('a%2Fb');
    expect(parseUsername('%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('rejects invalid ids', () => {
    for (const raw of ['', '.', '..', '__foo__', 'a/b', 'ma\u0000ria', 'α'.repeat(751)]) {
      expect(parseUsername(raw)).toBeNull();
    }
  });

  it('never throws on a non-string at runtime', () => {
    expect(parseUsername(undefined as unknown as string)).toBeNull();
  });
});

describe('a Greek username (lib/username.ts claimProblem, usernameFrom, usernamePreview)', () => {
  it('is refused with its own message, naming its ELOT 743 spelling, never the format hint', () => {
    expect(claimProblem('σοφία')).toBe('Το όνομα χρήστη γράφεται με λατινικά γράμματα· π.χ. sofia');
    expect(claimProblem('Σοφία Αλεξίου')).toBe(latinOnlyMessage('Σοφία Αλεξίου'));
    expect(latinOnlyMessage('Σοφία Αλεξίου')).toMatch(/π\.χ\. sofia\.alexiou$/);
    expect(claimProblem('μπ')).not.toBe(USERNAME_MESSAGES.format);
    expect(latinOnlyMessage('μπ')).toMatch(/π\.χ\. maria\.papadopoulou$/);
  });

  it.each([
    ['Σοφία Αλεξίου', 'sofia.alexiou'],
    ['Δημήτρης Ευαγγέλου', 'dimitris.evangelou'],
    ['Θανάσης Μπούρας', 'thanasis.bouras'],
    ['Γιώργος  Π.', 'giorgos.p'],
    ['Anne-Marie Müller', 'anne-marie.muller'],
    ['Ω', ''],
    ['', ''],
    ['Αλεξάνδρα Παπαχριστοδούλου-Κωνσταντινίδου', 'alexandra.papachristodoulou-ko'],
  ])('%j suggests %j, which can be claimed', (names, suggested) => {
    expect(usernameFrom(names)).toBe(suggested);
    if (suggested) expect(claimProblem(suggested)).toBeNull();
  });

  it.each([
    ['maria.p', 'maria.p'],
    ['Σοφία', 'sofia'],
    ['', 'onoma'],
    ['%CE%A3', 'ce.a3'],
  ])('previews %j as /%s, never percent-encoded', (typed, shown) => {
    expect(usernamePreview(typed)).toBe(shown);
  });
});
