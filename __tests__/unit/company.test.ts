// A company's template (lib/company.ts): judged by the card's own rules and messages, locked values
// shown in place of the member's own, defaults copied on joining only where the card has none.
import { MAX_LINKS, linkUrlProblem, type CardLink } from '@/lib/card-links';
import {
  COMPANY_MESSAGES,
  applyCompany,
  companyNameProblem,
  joiningFields,
  lockedFieldIn,
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

test('a member’s edit of a locked field is named; free fields and links are not', () => {
  expect(lockedFieldIn({ address: 'Άλλη 1' }, TEMPLATE)).toBe('address');
  expect(lockedFieldIn({ companyName: null }, TEMPLATE)).toBe('companyName');
  expect(lockedFieldIn({ city: 'Πάτρα', jobTitle: 'Α', links: [] }, TEMPLATE)).toBeNull();
});

test('joining copies defaults where the card has none, never locked values', () => {
  expect(joiningFields(TEMPLATE)).toEqual({ accentColor: '#0055aa', city: 'Αθήνα' });
  expect(joiningFields(TEMPLATE, { city: 'Πάτρα', accentColor: '' })).toEqual({
    accentColor: '#0055aa',
  });
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
