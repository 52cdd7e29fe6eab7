// The rows of an invitation request (lib/invite-rows.ts): each bad one refused with its line in
// the file, the good ones kept, whatever the CSV's encoding (UTF-8, UTF-16, Windows-1253), its
// separator, header language, column order, byte-order mark, line breaks or quoted cells spanning
// lines.
import { MAX_INVITES_PER_REQUEST } from '@/lib/company';
import { TEXT_CONTROL_CHARACTER_MESSAGE } from '@/lib/control-characters';
import {
  INVITE_MESSAGES,
  decodeSpreadsheetText,
  inviteRowsFromCsv,
  inviteRowsFromCsvFile,
  inviteRowsFromJson,
} from '@/lib/invite-rows';
import { windows1253 } from '../helpers/windows-1253';

test('a CSV row’s line is the file’s, past blank lines and a quoted cell over two lines', () => {
  const csv = [
    '\uFEFFΘέση,Email,Όνομα',
    '"Σχεδιάστρια,',
    'και φωτογράφος",Eleni@Example.com,Ελένη',
    '',
    'Λογίστρια,not-an-address,Βίκη',
    'Πωλητής,kostas@example.com,Κώστας',
  ].join('\r\n');
  // A job title holds no line break (the card's own rule): that row is refused at its first line.
  expect(inviteRowsFromCsv(csv)).toEqual({
    ok: true,
    rows: [{ line: 6, email: 'kostas@example.com', firstName: 'Κώστας', jobTitle: 'Πωλητής' }],
    refused: [
      { line: 2, email: 'eleni@example.com', error: TEXT_CONTROL_CHARACTER_MESSAGE },
      { line: 5, email: 'not-an-address', error: INVITE_MESSAGES.email },
    ],
  });
});

test('English headers, a repeated address, a refused name; a CSV without an email column is refused whole', () => {
  const csv = 'email,firstName,lastName\na@example.com,A,B\nA@example.com,,\nb@example.com,\u0007,';
  const judged = inviteRowsFromCsv(csv);
  expect(judged.ok && judged.rows.map((row) => row.email)).toEqual(['a@example.com']);
  expect(judged.ok && judged.refused.map((row) => [row.line, row.error])).toEqual([
    [3, INVITE_MESSAGES.repeated],
    [4, expect.any(String)],
  ]);
  expect(inviteRowsFromCsv('name,phone\nx,1')).toEqual({
    ok: false,
    error: INVITE_MESSAGES.header,
  });
});

test('a JSON list: rows without lines; none, or too many, is refused whole', () => {
  expect(inviteRowsFromJson({ invites: [{ email: ' X@Example.com ' }, 'nonsense'] })).toEqual({
    ok: true,
    rows: [{ email: 'x@example.com' }],
    refused: [{ email: '', error: INVITE_MESSAGES.email }],
  });
  expect(inviteRowsFromJson({ invites: [] })).toEqual({ ok: false, error: INVITE_MESSAGES.none });
  expect(inviteRowsFromJson({})).toEqual({ ok: false, error: INVITE_MESSAGES.list });
  const many = Array.from({ length: MAX_INVITES_PER_REQUEST + 1 }, (_, i) => ({
    email: `p${i}@example.com`,
  }));
  expect(inviteRowsFromJson({ invites: many })).toEqual({
    ok: false,
    error: INVITE_MESSAGES.tooMany,
  });
});

const GREEK_EXCEL = [
  'Email;Όνομα;Επώνυμο;Θέση;Τηλέφωνο',
  'eleni@example.com;Ελένη;Νικολάου;Υπεύθυνη πωλήσεων, Βόρεια Ελλάδα;2310 000000',
  'δεν-είναι-email;Άρης;Ζαχαρίου;Λογιστής;',
  'CHRISTOS@example.com;Χρήστος;Ώτης;Γραφίστας;',
].join('\r\n');

const GREEK_EXCEL_ROWS = {
  ok: true,
  rows: [
    {
      line: 2,
      email: 'eleni@example.com',
      firstName: 'Ελένη',
      lastName: 'Νικολάου',
      jobTitle: 'Υπεύθυνη πωλήσεων, Βόρεια Ελλάδα',
    },
    {
      line: 4,
      email: 'christos@example.com',
      firstName: 'Χρήστος',
      lastName: 'Ώτης',
      jobTitle: 'Γραφίστας',
    },
  ],
  refused: [{ line: 3, email: 'δεν-είναι-email', error: INVITE_MESSAGES.email }],
  ignored: ['Τηλέφωνο'],
};

test('Greek Excel’s CSV: Windows-1253 bytes, «;» between cells, a comma inside one, Greek headers', () => {
  const bytes = windows1253(GREEK_EXCEL);
  // «Όνομα» as Greek Excel writes it.
  expect([...bytes.slice(6, 11)]).toEqual([0xbc, 0xed, 0xef, 0xec, 0xe1]);
  expect(decodeSpreadsheetText(bytes)).toBe(GREEK_EXCEL);
  expect(inviteRowsFromCsvFile(bytes)).toEqual(GREEK_EXCEL_ROWS);
});

test('the same file in UTF-8, with and without a byte-order mark, and in UTF-16 (Excel’s «Unicode text»)', () => {
  const utf8 = new TextEncoder().encode(GREEK_EXCEL);
  expect(inviteRowsFromCsvFile(utf8)).toEqual(GREEK_EXCEL_ROWS);
  expect(inviteRowsFromCsvFile(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toEqual(
    GREEK_EXCEL_ROWS,
  );
  // Excel's «Unicode text» separates cells with tabs, after a little-endian byte-order mark.
  const units = Uint16Array.from([...`\uFEFF${GREEK_EXCEL.replaceAll(';', '\t')}`], (c) =>
    c.charCodeAt(0),
  );
  expect(inviteRowsFromCsvFile(new Uint8Array(units.buffer))).toEqual(GREEK_EXCEL_ROWS);
});

test('headers as people write them: «E-mail», «Ηλεκτρονικό ταχυδρομείο», «First name», «ΕΠΩΝΥΜΟ», «Ιδιότητα», «Job title»', () => {
  const csv = (header: string) =>
    inviteRowsFromCsv(`${header}\na@example.com,Άννα,Μαυρίδου,Ταμίας`);
  const row = {
    line: 2,
    email: 'a@example.com',
    firstName: 'Άννα',
    lastName: 'Μαυρίδου',
    jobTitle: 'Ταμίας',
  };
  for (const header of [
    'E-mail,First name,Last name,Job title',
    'Ηλεκτρονικό ταχυδρομείο,ΟΝΟΜΑ,ΕΠΩΝΥΜΟ,Ιδιότητα',
    'Διεύθυνση email,Ονομα,Επωνυμο,Θέση',
    '"Email Address","Given name","Surname","Title"',
  ]) {
    expect(csv(header)).toEqual({ ok: true, rows: [row], refused: [] });
  }
  // A comma-separated file whose cells hold «;» is read by its header's commas.
  expect(inviteRowsFromCsv('email,Θέση\nb@example.com,Α; Β')).toMatchObject({
    rows: [{ email: 'b@example.com', jobTitle: 'Α; Β' }],
  });
});
