// The rows of an invitation request (lib/invite-rows.ts): each bad one refused with its line in
// the file, the good ones kept, whatever the CSV's header language, column order, byte-order mark,
// line breaks or quoted cells spanning lines.
import { MAX_INVITES_PER_REQUEST } from '@/lib/company';
import { TEXT_CONTROL_CHARACTER_MESSAGE } from '@/lib/control-characters';
import { INVITE_MESSAGES, inviteRowsFromCsv, inviteRowsFromJson } from '@/lib/invite-rows';

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
