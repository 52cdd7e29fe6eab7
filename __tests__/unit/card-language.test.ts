// The card in each language (lib/card-language.ts) and the English words' rules (lib/profile.ts,
// lib/card-links.ts): the owner's English where given, ELOT 743 of the Greek elsewhere, refused
// like their Greek twins.
import { cardInLanguage, otherLanguageName } from '@/lib/card-language';
import { linksProblem, normaliseLinks } from '@/lib/card-links';
import { applyCompany } from '@/lib/company';
import { CARD_MESSAGES, ENGLISH_FIELDS, normaliseProfile, parseCardChanges } from '@/lib/profile';
import { MARIA_SOME_ENGLISH } from '../helpers/english-card';

const maria = normaliseProfile('maria', { ...MARIA_SOME_ENGLISH, addressEn: '45 Ermou Street' });

test('English: the owner’s words where given, the Greek transliterated elsewhere', () => {
  const english = cardInLanguage(maria, 'en');
  expect(english).toMatchObject({
    firstName: 'Maria',
    lastName: 'Papadopoulou',
    jobTitle: 'Architect',
    companyName: 'Studio Fos',
    city: 'Thessaloniki',
    address: '45 Ermou Street',
  });
  expect(english.links).toEqual([
    { kind: 'link', url: 'https://shop.example.gr/', label: 'Shop' },
    { kind: 'link', url: 'https://blog.example.gr/', label: 'Istologio' },
    { kind: 'github', url: 'https://github.com/maria' },
  ]);
  for (const field of Object.values(ENGLISH_FIELDS)) expect(english[field]).toBeUndefined();
});

test('Greek: the card as stored, without its English words', () => {
  const greek = cardInLanguage(maria, 'el');
  expect(greek).toMatchObject({
    firstName: 'Μαρία',
    jobTitle: 'Αρχιτέκτονας',
    address: 'Ερμού 45',
  });
  expect(greek.jobTitleEn).toBeUndefined();
  expect(greek.links?.[0]).toEqual({
    kind: 'link',
    url: 'https://shop.example.gr/',
    label: 'Κατάστημα',
    labelEn: 'Shop',
  });
});

test('a card with no English words, and a member card’s company name, read in English', () => {
  const bare = normaliseProfile('nikos', { firstName: 'Νίκος', lastName: 'Ευαγγελίου' });
  expect(cardInLanguage(bare, 'en')).toEqual({
    username: 'nikos',
    firstName: 'Nikos',
    lastName: 'Evangeliou',
  });
  const member = applyCompany(bare, { id: 'fos', name: 'Φως Α.Ε.', template: {} });
  expect(cardInLanguage(member, 'en').company?.name).toBe('Fos A.E.');
  expect(otherLanguageName(bare, 'en')).toEqual({ firstName: 'Νίκος', lastName: 'Ευαγγελίου' });
  expect(otherLanguageName(bare, 'el')).toEqual({ firstName: 'Nikos', lastName: 'Evangeliou' });
  expect(otherLanguageName(normaliseProfile('jo', { firstName: 'Jo' }), 'en')).toBeUndefined();
});

test('an English word with a control character or over its limit is refused like its Greek twin', () => {
  const parse = (fields: object) =>
    parseCardChanges(fields, 'maria', { removals: true, part: 'changes' });
  expect(parse({ firstNameEn: 'Maria' })).toEqual({ ok: true, changes: { firstNameEn: 'Maria' } });
  expect(parse({ firstNameEn: 'Ma\nria' })).toEqual(
    parse({ firstName: 'Ma\nria' }).ok
      ? {}
      : {
          ok: false,
          field: 'firstNameEn',
          error: CARD_MESSAGES.name,
        },
  );
  expect(parse({ jobTitleEn: 'x'.repeat(101) })).toEqual({
    ok: false,
    field: 'jobTitleEn',
    error: CARD_MESSAGES.tooLong(100),
  });
  expect(parse({ addressEn: 'a\u202Eb' })).toMatchObject({ ok: false, field: 'addressEn' });
  expect(parse({ cityEn: null })).toEqual({ ok: true, changes: { cityEn: null } });
  const link = { kind: 'link', url: 'https://a.example/', label: 'A' };
  expect(linksProblem([{ ...link, labelEn: 'Shop' }])).toBeNull();
  expect(linksProblem([{ ...link, labelEn: 'S\thop' }])).toMatchObject({
    index: 0,
    part: 'labelEn',
  });
  expect(linksProblem([{ ...link, labelEn: 'x'.repeat(31) }])).toMatchObject({ part: 'labelEn' });
  // A stored document's malformed English label is dropped alone.
  expect(
    normaliseLinks([
      { ...link, labelEn: 42 },
      { ...link, labelEn: ' Shop\n' },
    ]),
  ).toEqual([link, { ...link, labelEn: 'Shop' }]);
});
