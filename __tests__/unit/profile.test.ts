import { NO_CONTROL_CHARACTERS } from '@/lib/control-characters';
import {
  PROFILE_FIELDS,
  fullName,
  normaliseProfile,
  toPublicProfile,
  type Profile,
} from '@/lib/profile';

const EMPTY = { username: 'maria', firstName: '', lastName: '' };

describe('normaliseProfile', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'maria'],
    ['a boolean', true],
    ['an array', []],
    ['an array of objects', [{ firstName: 'Μαρία' }]],
    ['an empty object', {}],
  ])('returns an empty profile for %s', (_label, raw) => {
    expect(normaliseProfile('maria', raw)).toEqual(EMPTY);
  });

  it('keeps and trims every known string field', () => {
    const raw = {
      firstName: '  Μαρία ',
      lastName: 'Παπαδοπούλου',
      jobTitle: 'Αρχιτέκτων',
      companyName: 'Studio M',
      city: 'Αθήνα',
      email: ' maria@example.gr ',
      phoneNumber: '+30 691 234 5678',
      address: 'Ερμού 10',
      addressDetails: '2ος όροφος',
      websiteLink: 'www.example.gr',
      displayImage: '/images/maria.jpg',
      thumbnailBase64: ' data:image/jpeg;base64,/9j/4AAQ ',
      facebookLink: 'https://facebook.com/maria',
      instagramLink: 'https://instagram.com/maria',
      mobileNumber: '+30 691 234 5678',
      accentColor: '#1a73e8',
    };
    // Every field as given, but for the three padded ones.
    expect(normaliseProfile('maria', raw)).toEqual({
      username: 'maria',
      ...raw,
      firstName: 'Μαρία',
      email: 'maria@example.gr',
      thumbnailBase64: 'data:image/jpeg;base64,/9j/4AAQ',
    });
  });

  it('uses the document id, not a username field inside the document', () => {
    expect(normaliseProfile('maria', { username: 'other' })).toEqual(EMPTY);
  });

  it('drops unknown keys', () => {
    const profile = normaliseProfile('maria', {
      firstName: 'Μαρία',
      extra: 'secret',
      isAdmin: true,
    });
    expect(profile).toEqual({ ...EMPTY, firstName: 'Μαρία' });
    expect(Object.keys(profile)).not.toContain('extra');
  });

  it('turns a mistyped name into an empty string', () => {
    expect(normaliseProfile('maria', { firstName: 42 })).toEqual({ ...EMPTY, firstName: '42' });
    expect(normaliseProfile('maria', { firstName: true, lastName: null })).toEqual(EMPTY);
    expect(normaliseProfile('maria', { firstName: { x: 1 }, lastName: ['a'] })).toEqual(EMPTY);
    expect(normaliseProfile('maria', { firstName: '   ', lastName: '\n\t' })).toEqual(EMPTY);
  });

  it('drops optional fields that are not strings or finite numbers', () => {
    expect(
      normaliseProfile('maria', {
        email: null,
        city: { x: 1 },
        jobTitle: ['a'],
        companyName: false,
        address: undefined,
        addressDetails: NaN,
        websiteLink: Infinity,
        facebookLink: -Infinity,
        instagramLink: () => 'x',
      }),
    ).toEqual(EMPTY);
  });

  it('drops empty and whitespace-only strings', () => {
    const profile = normaliseProfile('maria', { email: '', city: '   ' });
    expect(profile).toEqual(EMPTY);
    expect('email' in profile).toBe(false);
    expect('city' in profile).toBe(false);
  });

  it('coerces finite numbers to strings', () => {
    expect(normaliseProfile('maria', { phoneNumber: 6912345678 }).phoneNumber).toBe('6912345678');
    expect(normaliseProfile('maria', { addressDetails: 0 }).addressDetails).toBe('0');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'images/maria.jpg',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '/\t/evil.example/x.png',
    'ftp://example.gr/x.png',
    'https://',
    'http:evil.example',
    42,
  ])('drops an unsafe or relative image value %j', (value) => {
    const profile = normaliseProfile('maria', { displayImage: value });
    expect(profile).toEqual(EMPTY);
  });

  it('keeps site-relative and http(s) image values as stored', () => {
    expect(normaliseProfile('maria', { displayImage: ' /img/a b.jpg ' }).displayImage).toBe(
      '/img/a b.jpg',
    );
    expect(
      normaliseProfile('maria', { displayImage: 'HTTPS://cdn.example.gr/a.jpg' }).displayImage,
    ).toBe('HTTPS://cdn.example.gr/a.jpg');
  });

  it('keeps thumbnailBase64 as stored, with or without a data: prefix', () => {
    expect(normaliseProfile('maria', { thumbnailBase64: '/9j/4AAQSkZJRg==' }).thumbnailBase64).toBe(
      '/9j/4AAQSkZJRg==',
    );
    expect(
      normaliseProfile('maria', { thumbnailBase64: 'data:image/jpeg;base64,/9j/4AAQ' })
        .thumbnailBase64,
    ).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(normaliseProfile('maria', { thumbnailBase64: 12345 })).toEqual(EMPTY);
  });

  it('handles huge strings', () => {
    const huge = 'α'.repeat(1_000_000);
    const profile = normaliseProfile('maria', { firstName: ` ${huge} `, thumbnailBase64: huge });
    expect(profile.firstName).toHaveLength(1_000_000);
    expect(profile.thumbnailBase64).toHaveLength(1_000_000);
  });

  it('ignores inherited properties', () => {
    const raw: unknown = Object.create({ firstName: 'Inherited', email: 'x@example.gr' });
    expect(normaliseProfile('maria', raw)).toEqual(EMPTY);
  });

  it('never throws, even when reading a field throws', () => {
    const throwing = Object.defineProperty({ lastName: 'Π' }, 'firstName', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(normaliseProfile('maria', throwing)).toEqual({ ...EMPTY, lastName: 'Π' });

    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
        has() {
          throw new Error('boom');
        },
        getOwnPropertyDescriptor() {
          throw new Error('boom');
        },
      },
    );
    expect(normaliseProfile('maria', hostile)).toEqual(EMPTY);
  });

  it('only ever returns known fields', () => {
    const raw = {
      ...Object.fromEntries(PROFILE_FIELDS.map((field) => [field, '/x'])),
      accentColor: '#123456',
      facebookLink: 'https://www.facebook.com/x',
      instagramLink: 'https://www.instagram.com/x',
    };
    const keys = Object.keys(normaliseProfile('maria', { ...raw, other: '/x' }));
    expect(keys.sort()).toEqual([...PROFILE_FIELDS].sort());
  });
});

describe('toPublicProfile', () => {
  const profile: Profile = {
    username: 'maria',
    firstName: 'Μαρία',
    lastName: 'Π',
    city: 'Αθήνα',
    thumbnailBase64: 'data:image/jpeg;base64,AAAA',
  };

  it('drops thumbnailBase64 and keeps the rest', () => {
    const publicProfile = toPublicProfile(profile);
    expect(publicProfile).toEqual({
      username: 'maria',
      firstName: 'Μαρία',
      lastName: 'Π',
      city: 'Αθήνα',
    });
    expect('thumbnailBase64' in publicProfile).toBe(false);
  });

  it('does not modify its argument', () => {
    toPublicProfile(profile);
    expect(profile.thumbnailBase64).toBe('data:image/jpeg;base64,AAAA');
  });

  it('drops keys that are not profile fields', () => {
    const withExtra = { ...profile, secret: 'x' } as Profile;
    expect(Object.keys(toPublicProfile(withExtra))).not.toContain('secret');
  });
});

describe('fullName', () => {
  it('joins first and last name', () => {
    expect(fullName({ username: 'maria', firstName: 'Μαρία', lastName: 'Παπαδοπούλου' })).toBe(
      'Μαρία Παπαδοπούλου',
    );
  });

  it('uses whichever name is present, without stray spaces', () => {
    expect(fullName({ username: 'maria', firstName: 'Μαρία', lastName: '' })).toBe('Μαρία');
    expect(fullName({ username: 'maria', firstName: '', lastName: ' Π ' })).toBe('Π');
  });

  it('falls back to the username', () => {
    expect(fullName({ username: 'maria', firstName: '', lastName: '' })).toBe('maria');
    expect(fullName({ username: 'maria', firstName: '  ', lastName: '\t' })).toBe('maria');
  });
});

describe('the seed icon fields, accent colour and links', () => {
  it('no longer reads the icon addresses (the card has its own icons)', () => {
    const profile = normaliseProfile('maria', {
      facebookIcon: '/icons/facebook.svg',
      viberIcon: '/icons/viber.svg',
    });
    expect(profile).toEqual(EMPTY);
  });

  it.each([
    ['#C2185B', '#c2185b'],
    [' #00ff00 ', '#00ff00'],
    ['#abc', undefined],
    ['red', undefined],
    ['#12345g', undefined],
    ['url(x)', undefined],
    [42, undefined],
  ])('keeps accentColor %j as %j', (value, expected) => {
    expect(normaliseProfile('maria', { accentColor: value }).accentColor).toBe(expected);
  });

  it("keeps the links that pass the owner rules, in order, a brand's kind elsewhere as a plain link, and drops the rest", () => {
    const profile = normaliseProfile('maria', {
      links: [
        { kind: 'github', url: 'https://github.com/maria' },
        // Not LinkedIn's: shown, but as what it is, a link to another site named by its host.
        { kind: 'linkedin', url: 'https://evil.example/in/maria' },
        { kind: 'airbnb', url: 'https://airbnb.zz/x', label: 'Το σπίτι' },
        { kind: 'link', url: 'https://shop.example.gr/', label: ' Το e-shop μου ' },
        { kind: 'link', url: 'https://shop.example.gr/' },
        'https://github.com/x',
        { kind: 'nope', url: 'https://github.com/x' },
        { kind: 'youtube', url: 'http://youtube.com/@maria' },
      ],
    });
    expect(profile.links).toEqual([
      { kind: 'github', url: 'https://github.com/maria' },
      { kind: 'link', url: 'https://evil.example/in/maria', label: 'evil.example' },
      { kind: 'link', url: 'https://airbnb.zz/x', label: 'Το σπίτι' },
      { kind: 'link', url: 'https://shop.example.gr/', label: 'Το e-shop μου' },
    ]);
    expect(toPublicProfile(profile).links).toEqual(profile.links);
  });

  it('shows at most 12 links, and none when the field is not a list', () => {
    const links = Array.from({ length: 15 }, (_, i) => ({
      kind: 'github',
      url: `https://github.com/u${i}`,
    }));
    expect(normaliseProfile('maria', { links }).links).toHaveLength(12);
    expect(normaliseProfile('maria', { links: { kind: 'github' } })).toEqual(EMPTY);
    expect(normaliseProfile('maria', { links: [] })).toEqual(EMPTY);
  });
});

describe('text that tells the truth (lib/control-characters.ts)', () => {
  // What the rules now refuse, in a document written by hand or before them.
  const LIES = {
    bidi: 'Μαρία\u202E\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069',
    lines: 'Αρχιτέκτονας\n<meta name="x">\r\n\u2028\u2029Γραμμή\t2\u0085\u0000',
  };
  // Spelled out, not taken from PROFILE_FIELDS: each field a visitor reads is held to the rule
  // whatever lib/profile.ts's list comes to say.
  const SHOWN_FIELDS = [
    'firstName',
    'lastName',
    'jobTitle',
    'companyName',
    'city',
    'email',
    'phoneNumber',
    'mobileNumber',
    'address',
    'addressDetails',
    'websiteLink',
  ] as const;

  it.each(SHOWN_FIELDS)(
    '%s: bidirectional controls are dropped, line breaks become a space',
    (field) => {
      const profile = normaliseProfile('maria', { [field]: LIES.bidi });
      expect(profile[field]).toBe('Μαρία');
      expect(normaliseProfile('maria', { [field]: LIES.lines })[field]).toBe(
        'Αρχιτέκτονας <meta name="x"> Γραμμή 2',
      );
      // Nothing the rules refuse is left in any field, and a field of nothing else is absent.
      expect(NO_CONTROL_CHARACTERS.test(JSON.stringify(profile))).toBe(true);
      const empty = normaliseProfile('maria', { [field]: '\u202E\n\u2028' });
      expect(empty[field] === '' || empty[field] === undefined).toBe(true);
    },
  );

  it('keeps every other character as it is: Greek, NBSP, emoji, left-to-right marks', () => {
    const name = 'Μαρία\u00a0Π. 😀 \u200Eא';
    expect(normaliseProfile('maria', { firstName: name }).firstName).toBe(name);
  });

  it("frees a link's label of them, and keeps the link", () => {
    expect(
      normaliseProfile('maria', {
        links: [{ kind: 'link', url: 'https://a.gr/x', label: 'Shop\u202Efdp.exe\n' }],
      }).links,
    ).toEqual([{ kind: 'link', url: 'https://a.gr/x', label: 'Shopfdp.exe' }]);
  });
});

describe("Facebook and Instagram: only the brand's pages", () => {
  it('keeps a page on their hosts, as typed', () => {
    const profile = normaliseProfile('maria', {
      facebookLink: 'www.facebook.com/maria',
      instagramLink: 'https://www.instagram.com/maria/',
    });
    expect(profile.facebookLink).toBe('www.facebook.com/maria');
    expect(profile.instagramLink).toBe('https://www.instagram.com/maria/');
    expect(profile.links).toBeUndefined();
  });

  it('makes an address elsewhere a plain link named by its host, before the links', () => {
    const profile = normaliseProfile('maria', {
      facebookLink: 'http://evil.example/login',
      instagramLink: 'https://instagram.com.evil.example/maria',
      links: [{ kind: 'github', url: 'https://github.com/maria' }],
    });
    expect(profile.facebookLink).toBeUndefined();
    expect(profile.instagramLink).toBeUndefined();
    expect(profile.links).toEqual([
      { kind: 'link', url: 'http://evil.example/login', label: 'evil.example' },
      {
        kind: 'link',
        url: 'https://instagram.com.evil.example/maria',
        label: 'instagram.com.evil.example',
      },
      { kind: 'github', url: 'https://github.com/maria' },
    ]);
  });

  it("drops what is no address at all, and the brand's bare home page is no page", () => {
    const profile = normaliseProfile('maria', {
      facebookLink: 'javascript:alert(1)',
      instagramLink: 'https://www.instagram.com/',
    });
    expect(profile.facebookLink).toBeUndefined();
    expect(profile.links).toEqual([
      { kind: 'link', url: 'https://www.instagram.com/', label: 'www.instagram.com' },
    ]);
  });
});
