// A company's template (lib/company.ts): judged by the card's own rules and messages, with English
// words for the fields the English card translates; locked values (and their English twins) shown
// in place of the member's own, defaults wherever the member has none; a member's edit of a locked
// field refused unless it sends the value stored or the company's, named in Greek.
import { MAX_LINKS, linkUrlProblem, type CardLink } from '@/lib/card-links';
import {
  COMPANY_MESSAGES,
  applyCompany,
  companyNameProblem,
  judgeLocked,
  lockedFieldMessage,
  normaliseTemplate,
  parseTemplate,
  type CompanyTemplate,
} from '@/lib/company';
import { CARD_MESSAGES, type Profile } from '@/lib/profile';

const SITE: CardLink = { kind: 'link', url: 'https://studiofos.gr/', label: 'Studio' };

test('a template takes each field with its value and lock', () => {
  expect(
    parseTemplate({
      address: { value: 'Ερμού 10', locked: true },
      accentColor: { value: '#0055aa', locked: false },
      links: { value: [SITE], locked: true },
    }),
  ).toEqual({
    ok: true,
    template: {
      address: { value: 'Ερμού 10', locked: true },
      accentColor: { value: '#0055aa', locked: false },
      links: { value: [SITE], locked: true },
    },
  });
});

test.each<[string, unknown, string, string]>([
  ['no object', 'address', 'fields', COMPANY_MESSAGES.notTemplate],
  [
    'a field no template has',
    { firstName: { value: 'Α', locked: true } },
    'fields.firstName',
    COMPANY_MESSAGES.unknownField,
  ],
  [
    'an entry without its lock',
    { city: { value: 'Αθήνα' } },
    'fields.city',
    COMPANY_MESSAGES.notEntry,
  ],
  [
    'an entry with more',
    { city: { value: 'Αθήνα', locked: true, x: 1 } },
    'fields.city',
    COMPANY_MESSAGES.notEntry,
  ],
  [
    'English words where the card has no English field',
    { websiteLink: { value: 'https://a.gr', locked: true, valueEn: 'x' } },
    'fields.websiteLink',
    COMPANY_MESSAGES.notEntry,
  ],
  [
    'English words with a control character',
    { address: { value: 'Ερμού 10', locked: true, valueEn: '10\nErmou' } },
    'fields.addressEn',
    CARD_MESSAGES.text,
  ],
  [
    'a bad website',
    { websiteLink: { value: 'javascript:1', locked: true } },
    'fields.websiteLink',
    CARD_MESSAGES.link,
  ],
  [
    'a bad switchboard',
    { phoneNumber: { value: '21x', locked: true } },
    'fields.phoneNumber',
    CARD_MESSAGES.phone,
  ],
  [
    'a bad colour',
    { accentColor: { value: 'red', locked: false } },
    'fields.accentColor',
    CARD_MESSAGES.color,
  ],
  [
    'an address too long',
    { address: { value: 'α'.repeat(201), locked: true } },
    'fields.address',
    CARD_MESSAGES.tooLong(200),
  ],
  [
    'a bad link',
    { links: { value: [{ kind: 'linkedin', url: 'https://example.com/x' }], locked: true } },
    'fields.links.0.url',
    linkUrlProblem('linkedin', 'https://example.com/x') as string,
  ],
])('a template with %s is refused with the card’s message', (_, raw, field, error) => {
  expect(parseTemplate(raw)).toEqual({ ok: false, field, error });
});

test('a stored template keeps only what the card’s rules accept', () => {
  expect(
    normaliseTemplate({
      address: { value: 'Ερμού 10', locked: true },
      city: { value: 'Αθήνα' },
      websiteLink: { value: 'javascript:1', locked: true },
      links: { value: [SITE, { kind: 'x' }], locked: false },
      other: { value: 'x', locked: true },
    }),
  ).toEqual({
    address: { value: 'Ερμού 10', locked: true },
    links: { value: [SITE], locked: false },
  });
  expect(normaliseTemplate('nothing')).toEqual({});
});

const TEMPLATE: CompanyTemplate = {
  companyName: { value: 'Studio Φως', locked: true },
  address: { value: 'Ερμού 10', locked: true },
  accentColor: { value: '#0055aa', locked: false },
  city: { value: 'Αθήνα', locked: false },
  links: { value: [SITE], locked: true },
};

test('a template keeps English words for the fields the English card translates', () => {
  const raw = {
    companyName: { value: 'Studio Φως', locked: true, valueEn: 'Studio Light' },
    city: { value: 'Αθήνα', locked: false, valueEn: 'Athens' },
  };
  expect(parseTemplate(raw)).toEqual({ ok: true, template: raw });
  expect(
    normaliseTemplate({ ...raw, address: { value: 'Ερμού 1', locked: true, valueEn: 3 } }),
  ).toEqual({ ...raw, address: { value: 'Ερμού 1', locked: true } });
});

const refused = (changes: object, stored: Record<string, unknown> = {}) =>
  judgeLocked(changes, TEMPLATE, stored).refused;

test('a member’s edit of a locked field or its English twin is named; free fields and links are not', () => {
  expect(refused({ address: 'Άλλη 1' })).toBe('address');
  expect(refused({ companyName: null }, { companyName: 'Δική μου' })).toBe('companyName');
  expect(refused({ companyNameEn: 'Rival Corp Ltd', addressEn: '1 Fake St' })).toBe(
    'companyNameEn',
  );
  expect(refused({ jobTitle: 'Α', addressEn: '1 Fake St' })).toBe('addressEn');
  expect(judgeLocked({ city: 'Πάτρα', jobTitle: 'Α', links: [] }, TEMPLATE, {})).toEqual({
    refused: null,
    changes: { city: 'Πάτρα', jobTitle: 'Α', links: [] },
  });
});

test('a locked field sent as stored or as the company’s value is no change, and is left out', () => {
  expect(
    judgeLocked(
      { address: 'Δική του 5', companyName: 'Studio Φως', addressEn: null, jobTitle: 'Β' },
      TEMPLATE,
      { address: 'Δική του 5' },
    ),
  ).toEqual({ refused: null, changes: { jobTitle: 'Β' } });
});

test('a 403 locked names the field in Greek, its English twin as such', () => {
  expect(lockedFieldMessage('companyName')).toBe(
    'Το πεδίο «Εταιρεία» ορίζεται από την εταιρεία· ρωτήστε τον διαχειριστή.',
  );
  expect(lockedFieldMessage('addressEn')).toBe(
    'Το πεδίο «Διεύθυνση στα αγγλικά» ορίζεται από την εταιρεία· ρωτήστε τον διαχειριστή.',
  );
});

test('a default shows wherever the member has no value of their own, in either language', () => {
  const bare: Profile = { username: 'alice', firstName: 'Alice', lastName: 'Σ' };
  const template: CompanyTemplate = {
    city: { value: 'Αθήνα', locked: false, valueEn: 'Athens' },
    accentColor: { value: '#0055aa', locked: false },
    links: { value: [SITE], locked: false },
  };
  const source = { id: 'studio-fos', name: 'Studio Φως', template };
  expect(applyCompany(bare, source)).toMatchObject({
    city: 'Αθήνα',
    cityEn: 'Athens',
    accentColor: '#0055aa',
    links: [SITE],
  });
  const mine: Profile = { ...bare, cityEn: 'Patras', accentColor: '#111111', links: [SITE, SITE] };
  const shown = applyCompany(mine, source);
  expect(shown).toMatchObject({ cityEn: 'Patras', accentColor: '#111111', links: [SITE, SITE] });
  expect(shown.city).toBeUndefined();
});

test('a locked field’s English twin is the company’s: its words, else none of the member’s', () => {
  const own: Profile = {
    username: 'alice',
    firstName: 'Alice',
    lastName: 'Σ',
    companyNameEn: 'Rival Corp Ltd',
    addressEn: '1 Fake Street, London',
  };
  const template: CompanyTemplate = {
    ...TEMPLATE,
    companyName: { value: 'Studio Φως', locked: true, valueEn: 'Studio Light' },
  };
  const shown = applyCompany(own, { id: 'studio-fos', name: 'Studio Φως', template });
  expect(shown).toMatchObject({ companyName: 'Studio Φως', companyNameEn: 'Studio Light' });
  expect(shown.company?.nameEn).toBe('Studio Light');
  expect(shown.addressEn).toBeUndefined();
});

test('a member card shows the locked values, the company’s links first, and its company', () => {
  const own: Profile = {
    username: 'kostas',
    firstName: 'Κώστας',
    lastName: '',
    address: 'Δική του 5',
    city: 'Πάτρα',
    links: Array.from({ length: MAX_LINKS }, (_, i) => ({
      kind: 'link' as const,
      url: `https://kostas.gr/${i}`,
      label: `Κ${i}`,
    })),
  };
  const shown = applyCompany(own, { id: 'studio-fos', name: 'Studio Φως', template: TEMPLATE });
  expect(shown.address).toBe('Ερμού 10');
  expect(shown.companyName).toBe('Studio Φως');
  expect(shown.city).toBe('Πάτρα');
  expect(shown.links).toHaveLength(MAX_LINKS);
  expect(shown.links?.[0]).toEqual(SITE);
  expect(shown.links?.[1]?.label).toBe('Κ0');
  expect(shown.company).toEqual({ id: 'studio-fos', name: 'Studio Φως' });
  expect(own.address).toBe('Δική του 5');
});

test.each([
  ['', COMPANY_MESSAGES.name],
  ['   ', COMPANY_MESSAGES.name],
  [3, COMPANY_MESSAGES.name],
  ['α'.repeat(101), COMPANY_MESSAGES.nameTooLong],
  ['Studio\nΦως', COMPANY_MESSAGES.nameText],
])('the company name %p is refused', (name, error) => {
  expect(companyNameProblem(name)).toBe(error);
});

test('a company name is accepted', () => {
  expect(companyNameProblem('Studio Φως')).toBeNull();
});
