import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import {
  LINK_KINDS,
  LINK_KIND_INFO,
  LINK_URL_MAX,
  MAX_LINKS,
  linksProblem,
  type CardLink,
} from '@/lib/card-links';
import { normaliseProfile, type Profile } from '@/lib/profile';
import {
  buildVCard,
  profileVCard,
  profileVCardFileName,
  vcardContentDisposition,
  vcardFileName,
  type VCardFields,
  type VCardLink,
} from '@/lib/vcard';
import { testReturns } from './support/cases';

const CRLF = '\r\n';
// A few real JPEG header bytes, so the photo is plausible base64 of a JPEG.
const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]).toString(
  'base64',
);

const FULL: VCardFields = {
  firstName: 'Μαρία',
  lastName: 'Παπαδοπούλου',
  jobTitle: 'Αρχιτέκτων',
  companyName: 'Studio Α',
  phone: '+30 210 123 4567',
  email: 'maria@example.gr',
  url: 'https://karta.example/maria',
  thumbnailBase64: PHOTO,
};

/** Physical lines, without the empty string after the final CRLF. */
function physicalLines(card: string): string[] {
  expect(card.endsWith(CRLF)).toBe(true);
  return card.slice(0, -CRLF.length).split(CRLF);
}

/** RFC 2425 §5.8.1 unfolding: a CRLF followed by one space or tab is removed. */
function logicalLines(card: string): string[] {
  return physicalLines(card.replace(/\r\n[ \t]/g, ''));
}

/** The lines after N and FN but for the name in Latin letters, which a Greek card adds there. */
function afterTheName(lines: string[]): string[] {
  return lines.slice(4, -1).filter((line) => !line.startsWith('X-PHONETIC-'));
}

function lineStartingWith(card: string, prefix: string): string | undefined {
  return logicalLines(card).find((line) => line.startsWith(prefix));
}

/** Splits the encoded bytes on CRLF so that octet limits and UTF-8 validity are judged as sent. */
function physicalLineBytes(card: string): Buffer[] {
  const bytes = Buffer.from(card, 'utf8');
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 2;
      i++;
    }
  }
  expect(start).toBe(bytes.length);
  return lines;
}

/**
 * A well-formed card whose properties (by name, group included) are BEGIN, VERSION, N, FN, these
 * in order, and END: no value started a property of its own.
 */
function expectPropertiesAfterTheName(card: string, properties: string[]): void {
  expectWellFormed(card);
  const names = logicalLines(card).map((line) => line.split(/[:;]/)[0]);
  expect(names).toEqual(['BEGIN', 'VERSION', 'N', 'FN', ...properties, 'END']);
}

/** The line breaks that must not let a value start a property of its own. */
const NEWLINES = [
  ['LF', '\n'],
  ['CR', '\r'],
  ['CRLF', '\r\n'],
  ['NEL', '\u0085'],
  ['VT', '\u000b'],
];

/** The card of a bare profile, never through normaliseProfile, with these fields. */
function bareProfileVCard(fields: Partial<Profile>): string {
  return profileVCard({ username: 'x', firstName: 'Χ', lastName: '', ...fields });
}

type Parsed = { name: string; params: Record<string, unknown>; values: unknown[] };

/** The card as ical.js reads it; a binary value as its base64. */
function parse(card: string): Parsed[] {
  const component = new ICAL.Component(ICAL.parse(card));
  expect(component.name).toBe('vcard');
  return component.getAllProperties().map((property) => ({
    name: property.name,
    params: property.toJSON()[1] as Record<string, unknown>,
    values: property
      .getValues()
      .map((value: unknown) => (value instanceof ICAL.Binary ? value.value : value)),
  }));
}

/** The one property of that name: its value, or its values where it has several. */
function valueOf(parsed: Parsed[], name: string): unknown {
  const found = parsed.filter((property) => property.name === name);
  expect(found).toHaveLength(1);
  return found[0].values.length === 1 ? found[0].values[0] : found[0].values;
}

function expectWellFormed(card: string): void {
  // No CR or LF may appear other than as a CRLF pair.
  expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  expect(card.endsWith(`END:VCARD${CRLF}`)).toBe(true);
  for (const line of physicalLineBytes(card)) {
    expect(line.length).toBeLessThanOrEqual(75);
    // A line that ends or starts inside a multi-byte character does not survive decoding.
    expect(Buffer.from(line.toString('utf8'), 'utf8').equals(line)).toBe(true);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(line)).not.toThrow();
  }
}

describe('buildVCard', () => {
  it('writes every field of a full profile in RFC 2426 form', () => {
    const card = buildVCard(FULL);
    expect(physicalLines(card)).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Παπαδοπούλου;Μαρία;;;',
      'FN:Μαρία Παπαδοπούλου',
      'ORG:Studio Α',
      'TITLE:Αρχιτέκτων',
      'TEL;TYPE=WORK,VOICE:+30 210 123 4567',
      'EMAIL;TYPE=INTERNET,WORK:maria@example.gr',
      'URL:https://karta.example/maria',
      `PHOTO;ENCODING=b;TYPE=JPEG:${PHOTO}`,
      'END:VCARD',
    ]);
    expectWellFormed(card);
  });

  it('leaves out absent, empty and blank fields entirely', () => {
    const card = buildVCard({
      firstName: 'Νίκος',
      lastName: 'Γεωργίου',
      jobTitle: '',
      companyName: '   ',
      phone: undefined,
      email: '',
      url: ' ',
      thumbnailBase64: '',
    });
    expect(card).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Γεωργίου;Νίκος;;;',
        'FN:Νίκος Γεωργίου',
        'END:VCARD',
        '',
      ].join(CRLF),
    );
  });

  it('trims values and builds FN from whichever name is present', () => {
    expect(lineStartingWith(buildVCard({ firstName: '  Μαρία ', lastName: '' }), 'FN:')).toBe(
      'FN:Μαρία',
    );
    expect(lineStartingWith(buildVCard({ firstName: '', lastName: 'Παπά' }), 'FN:')).toBe(
      'FN:Παπά',
    );
    expect(lineStartingWith(buildVCard({ firstName: ' Α ', lastName: ' Β ' }), 'N:')).toBe(
      'N:Β;Α;;;',
    );
  });

  it('never writes an empty FN, which vCard 3.0 forbids', () => {
    const withCompany = buildVCard({ firstName: ' ', lastName: '', companyName: 'Κ & Σ' });
    expect(lineStartingWith(withCompany, 'N:')).toBe('N:;;;;');
    expect(lineStartingWith(withCompany, 'FN:')).toBe('FN:Κ & Σ');
    expect(lineStartingWith(buildVCard({ firstName: '', lastName: '' }), 'FN:')).toBe('FN:Επαφή');
  });

  it('uses CRLF after every line and no bare CR or LF anywhere', () => {
    const card = buildVCard({ ...FULL, jobTitle: 'α\nβ\rγ\r\nδ' });
    expectWellFormed(card);
    expect(card.split(CRLF)).toHaveLength(12);
  });

  it('escapes backslash, comma, semicolon and every kind of newline in text values', () => {
    const card = buildVCard({
      firstName: 'Ά,ννα',
      lastName: 'Ο;Β\\Γ',
      jobTitle: 'a\\b,c;d\r\ne\rf\ng',
      companyName: 'Κ;Σ, Ο.Ε.',
      email: 'x,y;z@example.gr',
    });
    expect(lineStartingWith(card, 'N:')).toBe('N:Ο\\;Β\\\\Γ;Ά\\,ννα;;;');
    expect(lineStartingWith(card, 'FN:')).toBe('FN:Ά\\,ννα Ο\\;Β\\\\Γ');
    expect(lineStartingWith(card, 'TITLE:')).toBe('TITLE:a\\\\b\\,c\\;d\\ne\\nf\\ng');
    expect(lineStartingWith(card, 'ORG:')).toBe('ORG:Κ\\;Σ\\, Ο.Ε.');
    expect(lineStartingWith(card, 'EMAIL;')).toBe('EMAIL;TYPE=INTERNET,WORK:x\\,y\\;z@example.gr');
  });

  it.each(NEWLINES)(
    'cannot be made to inject a property through a %s in any field',
    (_label, newline) => {
      const evil = `x${newline}EMAIL:evil@x.com`;
      const card = buildVCard({
        firstName: evil,
        lastName: evil,
        jobTitle: evil,
        companyName: evil,
        phone: evil,
        url: evil,
      });
      expectPropertiesAfterTheName(card, ['ORG', 'TITLE', 'TEL', 'URL']);
      expect(card).not.toMatch(/(^|\n)EMAIL/);
    },
  );

  it('writes the exact line for the documented injection case', () => {
    const card = buildVCard({ firstName: 'Μ', lastName: 'Π', jobTitle: 'x\nEMAIL:evil@x.com' });
    expect(lineStartingWith(card, 'TITLE:')).toBe('TITLE:x\\nEMAIL:evil@x.com');
    expect(logicalLines(card).some((line) => line.startsWith('EMAIL'))).toBe(false);
  });

  it('writes the same PHOTO with or without a data: prefix, and without whitespace', () => {
    const plain = buildVCard({ firstName: 'Μ', lastName: 'Π', thumbnailBase64: PHOTO });
    const prefixed = buildVCard({
      firstName: 'Μ',
      lastName: 'Π',
      thumbnailBase64: `data:image/jpeg;base64,${PHOTO}`,
    });
    const wrapped = buildVCard({
      firstName: 'Μ',
      lastName: 'Π',
      thumbnailBase64: ` ${PHOTO.slice(0, 4)}\r\n${PHOTO.slice(4, 8)}\n\t${PHOTO.slice(8)} `,
    });
    expect(lineStartingWith(plain, 'PHOTO')).toBe(`PHOTO;ENCODING=b;TYPE=JPEG:${PHOTO}`);
    expect(prefixed).toBe(plain);
    expect(wrapped).toBe(plain);
  });

  it('leaves out a photo that is not base64 rather than break the card', () => {
    const card = buildVCard({ firstName: 'Μ', lastName: 'Π', thumbnailBase64: 'abc\nEMAIL:e@x' });
    expect(card).not.toContain('PHOTO');
    expect(card).not.toContain('EMAIL');
    expect(buildVCard({ firstName: 'Μ', lastName: 'Π', thumbnailBase64: 'data:,' })).not.toContain(
      'PHOTO',
    );
  });

  it.each([
    [
      'at exactly 75 octets, continuation lines starting with one space',
      'a'.repeat(200),
      // 'TITLE:' + 200 = 206 octets: 75 on the first line, then 74 after each leading space.
      [`TITLE:${'a'.repeat(69)}`, ` ${'a'.repeat(74)}`, ` ${'a'.repeat(57)}`],
    ],
    [
      'Greek by octets without splitting a two-byte letter',
      'α'.repeat(100),
      // 'TITLE:' is 6 octets, so 34 letters (68 octets) fit; a 35th would need octets 75 and 76.
      [`TITLE:${'α'.repeat(34)}`, ` ${'α'.repeat(37)}`, ` ${'α'.repeat(29)}`],
    ],
  ])('folds %s', (_how, value, folded) => {
    const card = buildVCard({ firstName: 'Μ', lastName: 'Π', jobTitle: value });
    expectWellFormed(card);
    expect(physicalLines(card).slice(4, 8)).toEqual([...folded, 'END:VCARD']);
    expect(lineStartingWith(card, 'TITLE:')).toBe(`TITLE:${value}`);
  });

  it('folds mixed Greek, ASCII, escapes and 4-byte characters and unfolds to the same value', () => {
    const jobTitle = 'Υπεύθυνη Πωλήσεων, Β. Ελλάδα; 😀 '.repeat(8) + 'τέλος\\';
    const card = buildVCard({ ...FULL, jobTitle, companyName: 'Ε'.repeat(120) });
    expectWellFormed(card);
    const escaped = jobTitle.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;');
    expect(lineStartingWith(card, 'TITLE:')).toBe(`TITLE:${escaped}`);
    expect(lineStartingWith(card, 'ORG:')).toBe(`ORG:${'Ε'.repeat(120)}`);
  });

  it('folds a 20 KB photo into 75-octet lines that unfold to the original base64', () => {
    const photo = randomBytes(15_000).toString('base64');
    expect(photo).toHaveLength(20_000);
    const card = buildVCard({ ...FULL, thumbnailBase64: `data:image/jpeg;base64,${photo}` });
    expectWellFormed(card);
    expect(lineStartingWith(card, 'PHOTO')).toBe(`PHOTO;ENCODING=b;TYPE=JPEG:${photo}`);
    const photoLines = physicalLines(card).filter(
      (line) => line.startsWith('PHOTO') || line.startsWith(' '),
    );
    // 27 + 20 000 = 20 027 octets: 75 on the first line, 19 952 over 74-octet continuations.
    expect(photoLines).toHaveLength(1 + Math.ceil(19_952 / 74));
    expect(photoLines.slice(0, -1).every((line) => Buffer.byteLength(line) === 75)).toBe(true);
  });
});

describe('buildVCard read back by ical.js', () => {
  it('round-trips Greek, commas, semicolons, backslashes, newlines and a long photo', () => {
    const photo = randomBytes(15_000).toString('base64');
    const fields: VCardFields = {
      firstName: 'Ελένη, Ά',
      lastName: 'Κωνσταντοπούλου; Κ\\Π',
      jobTitle: `Διευθύντρια Πωλήσεων, Νότια Ευρώπη\nκαι Κύπρος \\ ${'ω'.repeat(60)}`,
      companyName: 'Αρχιτεκτονική; Μελέτες, Ο.Ε.',
      phone: '+30 694 000 0000',
      email: 'eleni@παράδειγμα.ελ',
      url: 'https://karta.example/eleni?a=1,2',
      thumbnailBase64: `data:image/jpeg;base64,${photo}`,
    };
    const parsed = parse(buildVCard(fields));

    expect(parsed.map((property) => property.name)).toEqual([
      'version',
      'n',
      'fn',
      'org',
      'title',
      'tel',
      'email',
      'url',
      'photo',
    ]);
    expect(valueOf(parsed, 'version')).toBe('3.0');
    // N and ORG are structured (';'-separated), so ical.js unescapes '\;' in them.
    expect(valueOf(parsed, 'n')).toEqual(['Κωνσταντοπούλου; Κ\\Π', 'Ελένη, Ά', '', '', '']);
    expect(valueOf(parsed, 'org')).toBe(fields.companyName);
    expect(valueOf(parsed, 'title')).toBe(fields.jobTitle);
    expect(valueOf(parsed, 'tel')).toBe(fields.phone);
    expect(valueOf(parsed, 'email')).toBe(fields.email);
    expect(valueOf(parsed, 'url')).toBe(fields.url);
    expect(valueOf(parsed, 'photo')).toBe(photo);
    expect(parsed.find((property) => property.name === 'photo')?.params).toEqual({
      encoding: 'b',
      type: 'JPEG',
    });
    expect(parsed.find((property) => property.name === 'tel')?.params).toEqual({
      type: ['WORK', 'VOICE'],
    });
  });

  it('keeps a semicolon in unstructured text escaped, as RFC 2426 requires', () => {
    const parsed = parse(buildVCard({ firstName: 'Α;Β', lastName: 'Γ', jobTitle: 'x;y' }));
    // ical.js applies the vCard 4 rule (RFC 6350: ';' is escaped only in compound values) to
    // 3.0 too, so it leaves '\;' in FN and TITLE as is (kewisch/ical.js#173); this pins that our
    // output carries the escape RFC 2426 requires, which 3.0 readers such as Contacts undo.
    expect(valueOf(parsed, 'fn')).toBe('Α\\;Β Γ');
    expect(valueOf(parsed, 'title')).toBe('x\\;y');
    expect(valueOf(parsed, 'n')).toEqual(['Γ', 'Α;Β', '', '', '']);
  });

  it('reads a CRLF inside a value back as a single newline', () => {
    const parsed = parse(buildVCard({ firstName: 'Μ', lastName: 'Π', jobTitle: 'α\r\nβ\rγ' }));
    expect(valueOf(parsed, 'title')).toBe('α\nβ\nγ');
  });
});

describe('vcardFileName', () => {
  testReturns(vcardFileName, [
    ['Μαρία', 'Μαρία.vcf'],
    ['  Μαρία  ', 'Μαρία.vcf'],
    ['Άννα-Μαρία Ο', 'Άννα-Μαρία Ο.vcf'],
    ['John', 'John.vcf'],
    ['a/b\\c', 'abc.vcf'],
    ['"Μαρία"', 'Μαρία.vcf'],
    ["O'Brien", 'OBrien.vcf'],
    ['Μα\nρί\u0000α\t', 'Μαρία.vcf'],
    ['x:y*z?<>|', 'xyz.vcf'],
    ['Μαρία\u202Efdp', 'Μαρίαfdp.vcf'],
    ['..Μαρία.', 'Μαρία.vcf'],
    ['', 'contact.vcf'],
    ['   ', 'contact.vcf'],
    ['/\\"', 'contact.vcf'],
    ['..', 'contact.vcf'],
    // A decomposed Greek name is composed, so the file name matches what was typed
    ['Μαρι\u0301α', 'Μαρία.vcf'],
  ]);
});

describe("a profile's vCard", () => {
  it.each([
    [{ firstName: 'Μαρία', lastName: 'Παπαδοπούλου' }, 'Μαρία.vcf'],
    [{ firstName: '', lastName: 'Ζαχαρίου' }, 'Ζαχαρίου.vcf'],
    [{ firstName: '', lastName: '' }, 'onlyname.vcf'],
  ])('%j is saved as %j', (names, expected) => {
    expect(profileVCardFileName({ username: 'onlyname', ...names })).toBe(expected);
  });

  it('carries the normalised phone, the checked website and the thumbnail', () => {
    const card = profileVCard({
      username: 'maria',
      firstName: 'Μαρία',
      lastName: 'Π',
      phoneNumber: '691 234 5678',
      websiteLink: 'www.example.gr',
      email: 'maria@example.gr',
      thumbnailBase64: 'data:image/jpeg;base64,/9j/AA==',
    });
    expect(card).toContain('TEL;TYPE=WORK,VOICE:+306912345678\r\n');
    expect(card).toContain('URL:https://www.example.gr/\r\n');
    expect(card).toContain('EMAIL;TYPE=INTERNET,WORK:maria@example.gr\r\n');
    expect(card).toContain('PHOTO;ENCODING=b;TYPE=JPEG:/9j/AA==\r\n');
  });

  it('leaves out a website that is not http(s)', () => {
    const card = bareProfileVCard({ websiteLink: 'javascript:alert(1)' });
    expect(card).not.toContain('URL:');
  });
});

describe('the numbers and links of a vCard', () => {
  const NAMES = { firstName: 'Νίκος', lastName: 'Γεωργίου' };
  const linkedin: VCardLink = {
    url: 'https://www.linkedin.com/in/example',
    name: 'LinkedIn',
    as: { socialProfile: 'linkedin' },
  };
  const maps: VCardLink = {
    url: 'https://maps.app.goo.gl/example',
    name: 'Google Maps',
    as: { url: 'maps' },
  };
  const shop: VCardLink = {
    url: 'https://shop.example.gr/',
    name: 'Κατάστημα',
    as: { url: 'link' },
  };

  it('writes the phone as a work number and the mobile as a cell, each on its own line', () => {
    const card = buildVCard({ ...NAMES, phone: '+302101234567', mobile: '+306912345678' });
    expect(physicalLines(card).filter((line) => line.startsWith('TEL'))).toEqual([
      'TEL;TYPE=WORK,VOICE:+302101234567',
      'TEL;TYPE=CELL,VOICE:+306912345678',
    ]);
    expect(buildVCard({ ...NAMES, mobile: ' +306912345678 ' })).toContain(
      '\r\nTEL;TYPE=CELL,VOICE:+306912345678\r\n',
    );
    expect(buildVCard({ ...NAMES, mobile: ' ' })).not.toContain('TEL');
  });

  it('writes one property per link, in order, after the website', () => {
    const card = buildVCard({
      ...NAMES,
      url: 'https://example.gr/',
      links: [maps, linkedin, shop],
    });
    expect(afterTheName(physicalLines(card))).toEqual([
      'URL:https://example.gr/',
      'item1.URL;TYPE=maps:https://maps.app.goo.gl/example',
      'item1.X-ABLabel:Google Maps',
      'X-SOCIALPROFILE;TYPE=linkedin:https://www.linkedin.com/in/example',
      'item2.URL;TYPE=linkedin:https://www.linkedin.com/in/example',
      'item2.X-ABLabel:LinkedIn',
      'item3.URL;TYPE=link:https://shop.example.gr/',
      'item3.X-ABLabel:Κατάστημα',
    ]);
    expectWellFormed(card);
  });

  it('leaves out a link without an address, and a type that is not a plain word', () => {
    const card = buildVCard({
      ...NAMES,
      links: [
        { ...maps, url: ' \n ' },
        { ...linkedin, as: { socialProfile: 'x:y;z' } },
        { ...shop, name: ' ', as: { url: 'a b' } },
      ],
    });
    expect(afterTheName(physicalLines(card))).toEqual([
      'X-SOCIALPROFILE:https://www.linkedin.com/in/example',
      'item1.URL:https://www.linkedin.com/in/example',
      'item1.X-ABLabel:LinkedIn',
      'item2.URL:https://shop.example.gr/',
    ]);
  });

  it.each(NEWLINES)(
    'cannot be made to inject a property through a %s in a link',
    (_label, newline) => {
      const evil = `x${newline}EMAIL:evil@x.com`;
      const card = buildVCard({
        ...NAMES,
        mobile: evil,
        links: [
          { ...linkedin, url: `https://www.linkedin.com/in/${evil}` },
          { ...shop, url: `https://shop.example.gr/${evil}`, name: `${evil};TYPE=x:y,z\\` },
        ],
      });
      expectPropertiesAfterTheName(card, [
        'TEL',
        'X-SOCIALPROFILE',
        'item1.URL',
        'item1.X-ABLabel',
        'item2.URL',
        'item2.X-ABLabel',
      ]);
      expect(card).not.toMatch(/(^|\n)EMAIL/);
      // A line break in the label is escaped as text is; other controls are dropped.
      const kept = newline === '\u0085' || newline === '\u000b' ? '' : '\\n';
      expect(lineStartingWith(card, 'item2.X-ABLabel:')).toBe(
        `item2.X-ABLabel:x${kept}EMAIL:evil@x.com\\;TYPE=x:y\\,z\\\\`,
      );
    },
  );

  it('folds a long address at 75 octets and unfolds it to the same value', () => {
    // Stored addresses are ASCII (percent-encoded), at most LINK_URL_MAX long.
    const url = `https://www.booking.com/hotel/gr/${'%CE%BE'.repeat(80)}`.slice(0, LINK_URL_MAX);
    const card = buildVCard({
      ...NAMES,
      links: [{ url, name: 'Booking.com', as: { url: 'booking' } }],
    });
    expectWellFormed(card);
    const line = `item1.URL;TYPE=booking:${url}`;
    const folded = [line.slice(0, 75)];
    for (let at = 75; at < line.length; at += 74) folded.push(` ${line.slice(at, at + 74)}`);
    expect(physicalLines(card).slice(4, 4 + folded.length)).toEqual(folded);
    expect(lineStartingWith(card, 'item1.URL')).toBe(line);
  });

  it('is read back by ical.js: the social profile, the grouped address and its label', () => {
    const card = buildVCard({
      ...NAMES,
      links: [linkedin, { ...shop, name: 'Κρατήσεις, Ζάκυνθος' }],
    });
    const component = new ICAL.Component(ICAL.parse(card));
    const json = component.getAllProperties().map((property) => property.toJSON());
    expect(json.slice(3)).toEqual([
      ['x-socialprofile', { type: 'linkedin' }, 'unknown', linkedin.url],
      ['url', { type: 'linkedin', group: 'item1' }, 'uri', linkedin.url],
      ['x-ablabel', { group: 'item1' }, 'unknown', 'LinkedIn'],
      ['url', { type: 'link', group: 'item2' }, 'uri', shop.url],
      // ical.js does not know X-ABLabel is text, so it leaves the escape that Contacts undoes.
      ['x-ablabel', { group: 'item2' }, 'unknown', 'Κρατήσεις\\, Ζάκυνθος'],
    ]);
  });
});

describe("a profile's links and numbers in its vCard", () => {
  const NIKOS: Profile = {
    username: 'nikos',
    firstName: 'Νίκος',
    lastName: 'Γεωργίου',
    phoneNumber: '210 123 4567',
    mobileNumber: '694 123 4567',
  };
  /** A page each kind accepts. */
  const EXAMPLE_URL: Record<CardLink['kind'], string> = {
    linkedin: 'https://www.linkedin.com/in/example',
    tiktok: 'https://www.tiktok.com/@example',
    x: 'https://x.com/example',
    youtube: 'https://www.youtube.com/@example',
    telegram: 'https://t.me/example',
    messenger: 'https://m.me/example',
    threads: 'https://www.threads.net/@example',
    github: 'https://github.com/example',
    behance: 'https://www.behance.net/example',
    pinterest: 'https://www.pinterest.com/example',
    spotify: 'https://open.spotify.com/artist/example',
    googlemaps: 'https://maps.app.goo.gl/example',
    tripadvisor: 'https://www.tripadvisor.com.gr/Hotel_Review-example',
    booking: 'https://www.booking.com/hotel/gr/example.html',
    airbnb: 'https://www.airbnb.gr/rooms/1',
    calendly: 'https://calendly.com/example',
    link: 'https://shop.example.gr/',
  };

  it('writes the normalised mobile as a cell and the landline as a work number', () => {
    const card = profileVCard(NIKOS);
    expect(card).toContain(
      '\r\nTEL;TYPE=WORK,VOICE:+302101234567\r\nTEL;TYPE=CELL,VOICE:+306941234567\r\n',
    );
    expect(profileVCard({ ...NIKOS, phoneNumber: undefined })).not.toContain('TYPE=WORK');
  });

  it("writes every kind with its type, in the owner's order, named by label or brand", () => {
    // Reversed, so the order written is the list's, not the kinds'.
    const links: CardLink[] = [...LINK_KINDS]
      .reverse()
      .slice(0, MAX_LINKS)
      .map((kind) => ({
        kind,
        url: EXAMPLE_URL[kind],
        ...(kind === 'link' ? { label: 'Κατάστημα' } : {}),
      }));
    const rest: CardLink[] = [...LINK_KINDS]
      .reverse()
      .slice(MAX_LINKS)
      .map((kind) => ({ kind, url: EXAMPLE_URL[kind] }));
    const expected = (list: CardLink[]) => {
      let group = 0;
      return list.flatMap((link) => {
        const as = LINK_KIND_INFO[link.kind].vcard;
        const type = 'socialProfile' in as ? as.socialProfile : as.url;
        group += 1;
        return [
          ...('socialProfile' in as ? [`X-SOCIALPROFILE;TYPE=${type}:${link.url}`] : []),
          `item${group}.URL;TYPE=${type}:${link.url}`,
          `item${group}.X-ABLabel:${link.label ?? LINK_KIND_INFO[link.kind].name}`,
        ];
      });
    };
    for (const list of [links, rest]) {
      expect(linksProblem(list)).toBeNull();
      const card = bareProfileVCard({ links: list });
      expectWellFormed(card);
      expect(afterTheName(logicalLines(card))).toEqual(expected(list));
    }
  });

  it("writes the seed's Facebook and Instagram as social profiles, before the links", () => {
    const card = profileVCard({
      username: 'maria',
      firstName: 'Μαρία',
      lastName: '',
      facebookLink: 'www.facebook.com/example',
      instagramLink: 'https://www.instagram.com/example',
      links: [{ kind: 'github', url: 'https://github.com/example' }],
    });
    expect(afterTheName(physicalLines(card))).toEqual([
      'X-SOCIALPROFILE;TYPE=facebook:https://www.facebook.com/example',
      'item1.URL;TYPE=facebook:https://www.facebook.com/example',
      'item1.X-ABLabel:Facebook',
      'X-SOCIALPROFILE;TYPE=instagram:https://www.instagram.com/example',
      'item2.URL;TYPE=instagram:https://www.instagram.com/example',
      'item2.X-ABLabel:Instagram',
      'X-SOCIALPROFILE;TYPE=github:https://github.com/example',
      'item3.URL;TYPE=github:https://github.com/example',
      'item3.X-ABLabel:GitHub',
    ]);
    expect(bareProfileVCard({ facebookLink: 'javascript:alert(1)' })).not.toContain(
      'X-SOCIALPROFILE',
    );
  });

  it('writes a Facebook or Instagram that is not their page as a plain link, never a profile', () => {
    const card = profileVCard(
      normaliseProfile('maria', {
        firstName: 'Μαρία',
        facebookLink: 'http://evil.example/login',
        instagramLink: 'https://www.facebook.com/maria',
        links: [{ kind: 'airbnb', url: 'https://airbnb.zz/x' }],
      }),
    );
    expect(card).not.toContain('X-SOCIALPROFILE');
    expect(afterTheName(physicalLines(card))).toEqual([
      'item1.URL;TYPE=link:http://evil.example/login',
      'item1.X-ABLabel:evil.example',
      'item2.URL;TYPE=link:https://www.facebook.com/maria',
      'item2.X-ABLabel:www.facebook.com',
      'item3.URL;TYPE=link:https://airbnb.zz/x',
      'item3.X-ABLabel:airbnb.zz',
    ]);
    // Even from a profile that never went through normaliseProfile.
    expect(bareProfileVCard({ facebookLink: 'https://evil.example/login' })).not.toContain(
      'evil.example',
    );
  });

  it('writes the texts of a document that holds line breaks or bidirectional controls on one line', () => {
    const card = profileVCard(
      normaliseProfile('maria', {
        firstName: 'Μαρία\u202E',
        lastName: '\u2067Παπαδοπούλου',
        jobTitle: 'Αρχιτέκτονας\nEMAIL:evil@example.com',
        companyName: 'Studio\u2028Φως',
        links: [{ kind: 'link', url: 'https://a.gr/x', label: 'Shop\u202Efdp.exe' }],
      }),
    );
    expect(logicalLines(card).slice(2, 8)).toEqual([
      'N:Παπαδοπούλου;Μαρία;;;',
      'FN:Μαρία Παπαδοπούλου',
      'X-PHONETIC-FIRST-NAME:Maria',
      'X-PHONETIC-LAST-NAME:Papadopoulou',
      'ORG:Studio Φως',
      'TITLE:Αρχιτέκτονας EMAIL:evil@example.com',
    ]);
    expect(card).toContain('item1.X-ABLabel:Shopfdp.exe');
    expect(card).not.toMatch(/[\u2028-\u202e\u2066-\u2069]|\\n/);
  });

  it('writes a card without links, mobile or social pages exactly as before', () => {
    const card = profileVCard({
      username: 'alice',
      firstName: 'Alice',
      lastName: 'Smith',
      jobTitle: 'Product Designer',
      phoneNumber: '+44 20 7946 0958',
      email: 'alice@example.com',
      websiteLink: 'https://www.example.com',
    });
    expect(card).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Smith;Alice;;;',
        'FN:Alice Smith',
        'TITLE:Product Designer',
        'TEL;TYPE=WORK,VOICE:+442079460958',
        'EMAIL;TYPE=INTERNET,WORK:alice@example.com',
        'URL:https://www.example.com/',
        'END:VCARD',
        '',
      ].join(CRLF),
    );
  });
});

describe('vcardContentDisposition', () => {
  it.each([
    [
      'carries a Greek name in filename* with an ASCII fallback',
      'Μαρία.vcf',
      `attachment; filename="contact.vcf"; filename*=UTF-8''%CE%9C%CE%B1%CF%81%CE%AF%CE%B1.vcf`,
    ],
    [
      'keeps an ASCII name in both parameters',
      'John.vcf',
      `attachment; filename="John.vcf"; filename*=UTF-8''John.vcf`,
    ],
    [
      'keeps the ASCII part of a mixed name in the fallback',
      'Maria Παπά.vcf',
      `attachment; filename="Maria.vcf"; filename*=UTF-8''Maria%20%CE%A0%CE%B1%CF%80%CE%AC.vcf`,
    ],
    [
      "percent-encodes the characters RFC 5987 attr-char excludes: ' ( ) * and space",
      "O'Brien (x)*.vcf",
      `attachment; filename="O'Brien (x)*.vcf"; filename*=UTF-8''O%27Brien%20%28x%29%2A.vcf`,
    ],
    [
      'does not throw on a lone surrogate',
      '\uD800.vcf',
      `attachment; filename="contact.vcf"; filename*=UTF-8''%EF%BF%BD.vcf`,
    ],
  ])('%s', (_title, name, header) => {
    expect(vcardContentDisposition(name)).toBe(header);
  });

  it('cannot break out of the header or the quoted fallback', () => {
    const header = vcardContentDisposition('a"b\\c%d\r\nSet-Cookie: x.vcf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="abcdSet-Cookie: x.vcf"; ` +
        `filename*=UTF-8''a%22b%5Cc%25d%0D%0ASet-Cookie%3A%20x.vcf`,
    );
  });

  it('round-trips the name through decodeURIComponent', () => {
    const name = vcardFileName('Ελένη (Λένα)');
    const encoded = vcardContentDisposition(name).split("filename*=UTF-8''")[1];
    expect(decodeURIComponent(encoded)).toBe('Ελένη (Λένα).vcf');
  });
});

describe("a card's vCard in English and in Greek", () => {
  // A card as most owners leave it: Greek only, nothing typed in «Στα αγγλικά».
  const MARIA: Profile = {
    username: 'maria',
    firstName: 'Μαρία',
    lastName: 'Παπαδοπούλου',
    jobTitle: 'Αρχιτέκτων',
    companyName: 'Αρχιτεκτονικό Γραφείο Φως',
    city: 'Θεσσαλονίκη',
    address: 'Τσιμισκή 10',
    addressDetails: '2ος όροφος',
    phoneNumber: '2310 123 456',
  };

  it('names the owner in Latin letters, the Greek as the phonetic name, Greece as the country', () => {
    const card = profileVCard(MARIA, undefined, 'en');
    expectWellFormed(card);
    expect(logicalLines(card)).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Papadopoulou;Maria;;;',
      'FN:Maria Papadopoulou',
      'X-PHONETIC-FIRST-NAME:Μαρία',
      'X-PHONETIC-LAST-NAME:Παπαδοπούλου',
      'ORG:Architektoniko Grafeio Fos',
      'TITLE:Architekton',
      'TEL;TYPE=WORK,VOICE:+302310123456',
      'ADR;TYPE=WORK:;2os orofos;Tsimiski 10;Thessaloniki;;;Greece',
      'END:VCARD',
    ]);
  });

  it('and the Greek card the reverse: its Greek name, the Latin as phonetic, Ελλάδα', () => {
    const card = profileVCard(MARIA);
    expect(profileVCard(MARIA, undefined, 'el')).toBe(card);
    expect(logicalLines(card)).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Παπαδοπούλου;Μαρία;;;',
      'FN:Μαρία Παπαδοπούλου',
      'X-PHONETIC-FIRST-NAME:Maria',
      'X-PHONETIC-LAST-NAME:Papadopoulou',
      'ORG:Αρχιτεκτονικό Γραφείο Φως',
      'TITLE:Αρχιτέκτων',
      'TEL;TYPE=WORK,VOICE:+302310123456',
      'ADR;TYPE=WORK:;2ος όροφος;Τσιμισκή 10;Θεσσαλονίκη;;;Ελλάδα',
      'END:VCARD',
    ]);
  });

  it("takes the owner's English words where given, each field on its own", () => {
    const card = profileVCard(
      {
        ...MARIA,
        firstNameEn: 'Mary',
        jobTitleEn: 'Architect',
        companyNameEn: 'Fos Architects',
        cityEn: 'Thessaloniki',
        addressDetailsEn: '2nd floor',
        links: [
          { kind: 'link', url: 'https://fos.example/', label: 'Κρατήσεις', labelEn: 'Bookings' },
        ],
      },
      undefined,
      'en',
    );
    const lines = logicalLines(card);
    expect(lines).toContain('N:Papadopoulou;Mary;;;');
    expect(lines).toContain('FN:Mary Papadopoulou');
    expect(lines).toContain('X-PHONETIC-FIRST-NAME:Μαρία');
    expect(lines).toContain('ORG:Fos Architects');
    expect(lines).toContain('TITLE:Architect');
    // The street has no English of its own: transliterated.
    expect(lines).toContain('ADR;TYPE=WORK:;2nd floor;Tsimiski 10;Thessaloniki;;;Greece');
    expect(lines).toContain('item1.X-ABLabel:Bookings');
    expect(card).not.toContain('Κρατήσεις');
  });

  it('writes no phonetic name where both are the same, and no address without a street or city', () => {
    const alice: Profile = { username: 'alice', firstName: 'Alice', lastName: 'Smith' };
    for (const lang of ['el', 'en'] as const) {
      const card = profileVCard(alice, undefined, lang);
      expect(card).not.toContain('X-PHONETIC');
      expect(card).not.toContain('ADR');
    }
    expect(profileVCard({ ...alice, addressDetails: 'Γραφείο 3' }, undefined, 'en')).not.toContain(
      'ADR',
    );
    expect(profileVCard({ ...alice, city: 'Πάτρα' }, undefined, 'en')).toContain(
      'ADR;TYPE=WORK:;;;Patra;;;Greece\r\n',
    );
    // Only a first name in Greek: a phonetic first name, no empty last one.
    const only = profileVCard({ username: 'x', firstName: 'Νίκος', lastName: '' }, undefined, 'en');
    expect(only).toContain('X-PHONETIC-FIRST-NAME:Νίκος\r\n');
    expect(only).not.toContain('X-PHONETIC-LAST-NAME');
  });

  it('saves a card with no name at all as Contact in English, Επαφή in Greek', () => {
    const nameless: Profile = { username: 'x', firstName: '', lastName: '' };
    expect(profileVCard(nameless, undefined, 'en')).toContain('\r\nFN:Contact\r\n');
    expect(profileVCard(nameless)).toContain('\r\nFN:Επαφή\r\n');
  });

  it('is saved under a Latin file name, even when the English name was typed in Greek', () => {
    expect(profileVCardFileName(MARIA, 'en')).toBe('Maria.vcf');
    expect(profileVCardFileName(MARIA)).toBe('Μαρία.vcf');
    expect(profileVCardFileName({ ...MARIA, firstNameEn: 'Μαίρη' }, 'en')).toBe('Mairi.vcf');
    expect(profileVCardFileName({ ...MARIA, firstName: '', lastName: 'Ζαχαρίου' }, 'en')).toBe(
      'Zachariou.vcf',
    );
    expect(vcardContentDisposition(profileVCardFileName(MARIA, 'en'))).toBe(
      `attachment; filename="Maria.vcf"; filename*=UTF-8''Maria.vcf`,
    );
  });

  it('is read back by ical.js: the Latin name, the phonetic Greek, the structured address', () => {
    const parsed = parse(profileVCard(MARIA, undefined, 'en'));
    expect(valueOf(parsed, 'fn')).toBe('Maria Papadopoulou');
    expect(valueOf(parsed, 'n')).toEqual(['Papadopoulou', 'Maria', '', '', '']);
    expect(valueOf(parsed, 'x-phonetic-first-name')).toBe('Μαρία');
    expect(valueOf(parsed, 'x-phonetic-last-name')).toBe('Παπαδοπούλου');
    expect(valueOf(parsed, 'org')).toBe('Architektoniko Grafeio Fos');
    expect(valueOf(parsed, 'adr')).toEqual([
      '',
      '2os orofos',
      'Tsimiski 10',
      'Thessaloniki',
      '',
      '',
      'Greece',
    ]);
  });

  // Documents as a hand edit or an old writer could leave them, never through normaliseProfile:
  // the separators of a structured value, line breaks, bidi controls, a long address, emoji.
  const HOSTILE: Profile = {
    username: 'x',
    firstName: 'Ελένη;Ά,\\',
    lastName: 'Κ\nEMAIL:evil@example.com',
    firstNameEn: 'Eleni\r\nTEL:+1',
    jobTitle: 'Διευθύντρια\u2028Πωλήσεων',
    companyNameEn: 'A;B,C\\D',
    city: 'Αθήνα;;;Berlin',
    address: `Ερμού 1, ${'ω'.repeat(180)} 😀`,
    addressDetailsEn: 'Floor 2;\r\nADR:;;evil',
  };

  it.each(['el', 'en'] as const)(
    'keeps a hostile card (%s) to its own lines, each part of ADR in its place',
    (lang) => {
      const card = profileVCard(HOSTILE, undefined, lang);
      expectPropertiesAfterTheName(card, [
        'X-PHONETIC-FIRST-NAME',
        'X-PHONETIC-LAST-NAME',
        ...(lang === 'en' ? ['ORG'] : []),
        'TITLE',
        'ADR',
      ]);
      const parsed = parse(card);
      const adr = valueOf(parsed, 'adr') as string[];
      expect(adr).toHaveLength(7);
      expect(adr[6]).toBe(lang === 'en' ? 'Greece' : 'Ελλάδα');
      expect(adr[3]).toBe(lang === 'en' ? 'Athina;;;Berlin' : 'Αθήνα;;;Berlin');
      expect(adr[2]).toContain('😀');
    },
  );

  it('reads the hostile English name and organisation back as written', () => {
    const parsed = parse(profileVCard(HOSTILE, undefined, 'en'));
    expect(valueOf(parsed, 'n')).toEqual([
      'K\nEMAIL:evil@example.com',
      'Eleni\nTEL:+1',
      '',
      '',
      '',
    ]);
    // ical.js knows no X- property's type and leaves its value as escaped (RFC 2426 text).
    expect(valueOf(parsed, 'x-phonetic-first-name')).toBe('Ελένη\\;Ά\\,\\\\');
    expect(valueOf(parsed, 'org')).toBe('A;B,C\\D');
  });
});
