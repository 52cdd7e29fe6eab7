import ICAL from 'ical.js';
import Papa from 'papaparse';
import type { ReceivedContact } from '@/browser/owner/contacts';
import { CSV_HEADERS, contactsCsv, contactsVcf, formatContactTime } from '@/browser/owner/export';

const CONTACTS: ReceivedContact[] = [
  {
    id: 'a',
    name: 'Μαρία Παπαδοπούλου',
    email: 'maria@example.gr',
    phone: '+30 691 234 5678',
    createdAt: new Date('2026-11-21T08:05:00Z'),
    status: 'won',
    note: '=Κάλεσε ξανά\nτην Τρίτη',
    tags: ['έκθεση', 'VIP'],
  },
  {
    id: 'b',
    name: 'Νίκος',
    email: 'nikos@example.gr',
    createdAt: new Date('2026-11-20T22:30:00Z'),
    status: 'new',
    note: '',
    tags: [],
  },
  // A visitor's attempt at a spreadsheet formula, and the characters CSV must quote.
  {
    id: 'c',
    name: '=HYPERLINK("x")',
    email: 'x@example.gr',
    createdAt: null,
    status: 'new',
    note: '',
    tags: [],
  },
  {
    id: 'd',
    name: 'Κώστας, "ο μηχανικός"',
    email: 'k@example.gr',
    createdAt: null,
    status: 'lost',
    note: '',
    tags: ['+30 τηλέφωνο'],
  },
];

describe('contactsCsv', () => {
  const csv = contactsCsv(CONTACTS, 'Europe/Athens');

  it('starts with UTF-8’s byte-order mark, so spreadsheet programs read the Greek', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('reads back with a CSV parser: Greek headers, names intact, newest first as given', () => {
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...CSV_HEADERS]);
    expect(parsed.data.map((row) => row['Όνομα'])).toEqual([
      'Μαρία Παπαδοπούλου',
      'Νίκος',
      '\'=HYPERLINK("x")',
      'Κώστας, "ο μηχανικός"',
    ]);
    expect(parsed.data[0]).toMatchObject({
      Email: 'maria@example.gr',
      Ημερομηνία: '2026-11-21 10:05',
      Κατάσταση: 'Κερδισμένη',
    });
    expect(parsed.data.map((row) => row['Κατάσταση'])).toEqual([
      'Κερδισμένη',
      'Νέα',
      'Νέα',
      'Χαμένη',
    ]);
    expect(parsed.data[1]['Τηλέφωνο']).toBe('');
  });

  it('carries each lead’s note and tags, a formula in either neutralised', () => {
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true });
    expect(parsed.data.map((row) => [row['Σημείωση'], row['Ετικέτες']])).toEqual([
      ["'=Κάλεσε ξανά\nτην Τρίτη", 'έκθεση, VIP'],
      ['', ''],
      ['', ''],
      ['', "'+30 τηλέφωνο"],
    ]);
  });
});

describe('contactsCsv neutralises a formula whatever follows its first character', () => {
  const contact = (name: string): ReceivedContact => ({
    id: 'f',
    name,
    email: 'f@example.gr',
    createdAt: null,
    status: 'new',
    note: '',
    tags: [],
  });
  /** The name cell as a spreadsheet would read it back. */
  const exportedName = (name: string): string =>
    Papa.parse<string[]>(contactsCsv([contact(name)]).slice(1)).data[1][0];

  // Older contacts may hold a line feed (the rules refuse one in a new name today).
  it.each([
    '=HYPERLINK("https://evil.example","x")\nΜαρία',
    '=1+1\r\nx',
    '+1\nx',
    '-1\nx',
    '@SUM(A1)\nx',
    '\t=1\nx',
    '\r=1\nx',
    '=1',
    '+30 691 234 5678',
    '-',
    '@',
    '\t',
    '\r',
  ])('%j is exported as text', (name) => {
    expect(exportedName(name)).toBe(`'${name}`);
  });

  it.each(['Μαρία\n=1', 'a=1', ' =1'])(
    '%j, not starting a formula, is exported as it is',
    (name) => {
      expect(exportedName(name)).toBe(name);
    },
  );
});

test('formatContactTime writes what spreadsheets parse, in the owner’s time zone', () => {
  expect(formatContactTime(new Date('2026-11-21T08:05:00Z'), 'Europe/Athens')).toBe(
    '2026-11-21 10:05',
  );
  expect(formatContactTime(null)).toBe('');
});

describe('contactsVcf', () => {
  const vcf = contactsVcf(CONTACTS);

  it('is one vCard per contact, parsed by an independent parser', () => {
    const parsed: unknown = ICAL.parse(vcf);
    const cards = (parsed as unknown[]).map((jcard) => new ICAL.Component(jcard as never));
    expect(cards).toHaveLength(4);
    expect(cards.map((c) => c.getFirstPropertyValue('fn'))).toEqual([
      'Μαρία Παπαδοπούλου',
      'Νίκος',
      '=HYPERLINK("x")',
      'Κώστας, "ο μηχανικός"',
    ]);
    expect(cards[0].getFirstPropertyValue('n')).toEqual(['Παπαδοπούλου', 'Μαρία', '', '', '']);
    expect(cards[0].getFirstPropertyValue('email')).toBe('maria@example.gr');
    expect(cards[0].getFirstPropertyValue('tel')).toBe('+30 691 234 5678');
    expect(cards[1].getFirstPropertyValue('tel')).toBeNull();
  });

  it('uses CRLF line ends throughout', () => {
    expect(vcf.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});
