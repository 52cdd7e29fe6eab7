import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  RESERVED_USERNAMES,
  USERNAME_MESSAGES,
  claimProblem,
  isReservedUsername,
  isValidUsername,
  parseUsername,
} from '@/lib/username';

const ROOT = path.join(__dirname, '..', '..');

/** The first path segments karta serves itself: app/'s routes and files, and public/'s. */
function ownTopLevelSegments(): string[] {
  const fromApp = readdirSync(path.join(ROOT, 'app'), { withFileTypes: true })
    // [username] is the cards themselves; (group) folders add no segment; page/layout/… files
    // render '/', and only metadata files (icon.png, favicon.ico…) are served under their name.
    .filter((entry) => !/^[[(]/.test(entry.name))
    .filter(
      (entry) => entry.isDirectory() || /\.(png|ico|jpg|svg|txt|xml|webmanifest)$/.test(entry.name),
    )
    .map((entry) => entry.name);
  const fromPublic = readdirSync(path.join(ROOT, 'public'));
  // pages/ holds only Next's status pages (500.tsx), each served at its own path too.
  const fromPages = readdirSync(path.join(ROOT, 'pages')).map((name) => name.replace(/\.tsx$/, ''));
  return [...fromApp, ...fromPublic, ...fromPages, '_next'];
}

describe('reserved usernames', () => {
  it.each(ownTopLevelSegments())('karta’s own /%s is reserved', (segment) => {
    expect(RESERVED_USERNAMES).toContain(segment);
  });

  it.each(['account', 'api', 'privacy', '_next', 'icons', 'demo'])(
    '%j is refused wherever a username is parsed',
    (word) => {
      expect(isReservedUsername(word)).toBe(true);
      expect(isValidUsername(word)).toBe(false);
      expect(parseUsername(word)).toBeNull();
      expect(parseUsername(encodeURIComponent(word))).toBeNull();
    },
  );

  it('refuses them whatever their case, so /Account cannot pass for the console', () => {
    expect(isValidUsername('Account')).toBe(false);
    expect(parseUsername('PRIVACY')).toBeNull();
  });

  it('leaves ordinary and longer names alone', () => {
    expect(isValidUsername('accounts')).toBe(true);
    expect(isValidUsername('api-maria')).toBe(true);
    expect(parseUsername('μαρία')).toBe('μαρία');
  });

  it('is a list of lower-case words without repeats', () => {
    expect(RESERVED_USERNAMES.every((w) => w === w.toLowerCase())).toBe(true);
    expect(new Set(RESERVED_USERNAMES).size).toBe(RESERVED_USERNAMES.length);
  });
});

describe('reserved root files: what crawlers, ad networks, app stores and verifiers fetch', () => {
  it.each([
    'ads.txt',
    'app-ads.txt',
    'security.txt',
    'humans.txt',
    'apple-app-site-association',
    'assetlinks.json',
    'BingSiteAuth.xml',
    'crossdomain.xml',
    'google1234567890abcdef.html',
    'yandex_0123456789abcdef.html',
    'yandex_0123456789abcdef.HTML',
    '.well-known',
    'index.php',
    'maria.vcf',
  ])('%j is no card, and cannot be claimed', (name) => {
    expect(isReservedUsername(name)).toBe(true);
    expect(isValidUsername(name)).toBe(false);
    expect(parseUsername(name)).toBeNull();
    const problem = claimProblem(name.toLowerCase());
    expect([USERNAME_MESSAGES.reserved, USERNAME_MESSAGES.format]).toContain(problem);
  });

  it.each(['ads.txt', 'app-ads.txt', 'security.txt', 'assetlinks.json', 'maria.html'])(
    'the claimable %j is refused as reserved',
    (name) => {
      expect(claimProblem(name)).toBe(USERNAME_MESSAGES.reserved);
    },
  );

  it.each(['maria.papadopoulou', 'maria.p', 'dr.nikos', 'txt', 'ads', 'google', 'mail.gr'])(
    '%j, whose last part is no file extension, is a name like any other',
    (name) => {
      expect(isReservedUsername(name)).toBe(false);
      expect(claimProblem(name)).toBeNull();
    },
  );
});

describe('claimProblem', () => {
  it.each(['maria', 'maria.p', 'm_p-2', 'abc', 'a'.repeat(30)])('lets %j be claimed', (name) => {
    expect(claimProblem(name)).toBeNull();
  });

  it.each(['ab', 'a'.repeat(31), 'Maria', 'maria-', '.maria', 'ma ria', 'ma/ria', ''])(
    'refuses %j with the Greek format message',
    (name) => {
      expect(claimProblem(name)).toBe(USERNAME_MESSAGES.format);
    },
  );

  it.each(['account', 'api', 'privacy', 'demo', 'icons'])(
    'refuses the reserved %j with its own Greek message',
    (name) => {
      expect(claimProblem(name)).toBe(USERNAME_MESSAGES.reserved);
    },
  );

  it('says it in Greek', () => {
    expect(USERNAME_MESSAGES).toEqual({
      format: 'Από 3 έως 30 πεζά λατινικά γράμματα, ψηφία, τελεία, παύλα ή κάτω παύλα',
      reserved: 'Αυτό το όνομα χρησιμοποιείται από την karta· διαλέξτε άλλο',
      taken: 'Αυτό το όνομα το έχει ήδη άλλη κάρτα· διαλέξτε άλλο',
    });
  });
});
