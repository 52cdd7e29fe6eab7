// The server's reading of an owner's changes (lib/profile.ts parseCardChanges): the form's own
// rules, with every refusal naming its field.
import { LINK_MESSAGES } from '@/lib/card-links';
import {
  CARD_MESSAGES,
  CARD_REQUEST_MESSAGES,
  EDITABLE_FIELDS,
  cardValueProblem,
  parseCardChanges,
} from '@/lib/profile';

const edit = (raw: unknown) => parseCardChanges(raw, 'maria', { removals: true, part: 'changes' });
const claim = (raw: unknown) => parseCardChanges(raw, 'maria', { removals: false, part: 'fields' });

test('takes valid values and removals', () => {
  expect(edit({ jobTitle: 'Αρχιτέκτονας', city: null })).toEqual({
    ok: true,
    changes: { jobTitle: 'Αρχιτέκτονας', city: null },
  });
});

test.each<[string, unknown, string, string]>([
  ['no object', 'jobTitle', 'changes', CARD_REQUEST_MESSAGES.notObject],
  ['a list', ['a'], 'changes', CARD_REQUEST_MESSAGES.notObject],
  ['an unknown field', { isAdmin: 'yes' }, 'isAdmin', CARD_REQUEST_MESSAGES.unknownField],
  ['the username', { username: 'x' }, 'username', CARD_REQUEST_MESSAGES.unknownField],
  ['the owner', { ownerUid: 'x' }, 'ownerUid', CARD_REQUEST_MESSAGES.unknownField],
  ['a number', { city: 3 }, 'city', CARD_MESSAGES.notText],
  ['an empty value', { city: '' }, 'city', CARD_MESSAGES.empty],
  ['a javascript: link', { websiteLink: 'javascript:alert(1)' }, 'websiteLink', CARD_MESSAGES.link],
  [
    'another card’s photo',
    { displayImage: '/nikos/photo/v1' },
    'displayImage',
    CARD_MESSAGES.otherPhoto,
  ],
  ['a name too long', { firstName: 'α'.repeat(51) }, 'firstName', CARD_MESSAGES.tooLong(50)],
  ['a name with U+202E', { firstName: 'Μαρία \u202Eαπ' }, 'firstName', CARD_MESSAGES.name],
  ['a job title with a line feed', { jobTitle: 'Α\nΒ' }, 'jobTitle', CARD_MESSAGES.text],
  ['a city with U+2028', { city: 'Αθήνα\u2028Β' }, 'city', CARD_MESSAGES.text],
  [
    'a Facebook elsewhere',
    { facebookLink: 'http://evil.example/login' },
    'facebookLink',
    LINK_MESSAGES.https,
  ],
  [
    'an Instagram elsewhere',
    { instagramLink: 'https://evil.example/login' },
    'instagramLink',
    LINK_MESSAGES.notKind('Instagram'),
  ],
  [
    'an Airbnb link on airbnb.zz',
    { links: [{ kind: 'airbnb', url: 'https://airbnb.zz/x' }] },
    'links.0.url',
    LINK_MESSAGES.notKind('Airbnb'),
  ],
  [
    'a label with U+202E',
    { links: [{ kind: 'link', url: 'https://a.gr/x', label: 'Shop\u202Efdp.exe' }] },
    'links.0.label',
    LINK_MESSAGES.labelControl,
  ],
])('refuses %s, naming the field', (_name, raw, field, error) => {
  expect(edit(raw)).toEqual({ ok: false, field, error });
});

// The names obey the visitor's rule (lib/control-characters.ts), in a claim and in an edit alike.
describe.each(['firstName', 'lastName'] as const)('%s', (field) => {
  it.each([
    ['a line feed', 'Μαρία\nΠ'],
    ['a carriage return', 'Μαρία\r'],
    ['a tab', '\tΜαρία'],
    ['a NUL', 'Μαρία\u0000'],
    ['a DEL', 'Μαρία\u007f'],
    ['a C1 next line (U+0085)', 'Μαρία\u0085'],
  ])('refuses %s, in a claim and in an edit', (_label, value) => {
    const refused = { ok: false, field, error: CARD_MESSAGES.name };
    expect(claim({ [field]: value })).toEqual(refused);
    expect(edit({ [field]: value })).toEqual(refused);
    expect(cardValueProblem(field, value, 'maria')).toBe(CARD_MESSAGES.name);
  });

  it('takes a name with NBSP, an apostrophe and an emoji', () => {
    const value = 'Μαρία-Ελένη\u00a0Ο’Νιλ 😀';
    expect(claim({ [field]: value })).toEqual({ ok: true, changes: { [field]: value } });
  });
});

test('a claim removes nothing: null is not text there', () => {
  expect(claim({ lastName: null })).toEqual({
    ok: false,
    field: 'lastName',
    error: CARD_MESSAGES.notText,
  });
  expect(claim(undefined)).toMatchObject({ ok: false, field: 'fields' });
});

test.each(EDITABLE_FIELDS)('judges %s as cardValueProblem does', (field) => {
  for (const value of ['Αθήνα', 'https://example.gr/', '/img/a.png', '+30 210 1234567', 'a@b.gr']) {
    const problem = cardValueProblem(field, value, 'maria');
    expect(edit({ [field]: value })).toEqual(
      problem === null
        ? { ok: true, changes: { [field]: value } }
        : { ok: false, field, error: problem },
    );
  }
});
