// A company's teams (lib/teams.ts): their overrides laid over the template on their members'
// cards (lib/company.ts applyCompany), a team's entry in place of the template's, lock included;
// judged by the template's rules, and never the company's name.
import { applyCompany, type CompanyTemplate } from '@/lib/company';
import {
  TEAM_MESSAGES,
  normaliseTeamOverrides,
  parseTeamOverrides,
  teamNameProblem,
} from '@/lib/teams';
import type { Profile } from '@/lib/profile';

const TEMPLATE: CompanyTemplate = {
  companyName: { value: 'Studio Φως', locked: true, valueEn: 'Studio Light' },
  address: { value: 'Ερμού 10', locked: true, valueEn: '10 Ermou St' },
  city: { value: 'Αθήνα', locked: true, valueEn: 'Athens' },
  phoneNumber: { value: '2101234567', locked: false },
};
const THESSALONIKI: CompanyTemplate = {
  address: { value: 'Τσιμισκή 45', locked: true },
  city: { value: 'Θεσσαλονίκη', locked: true, valueEn: 'Thessaloniki' },
  phoneNumber: { value: '2310123456', locked: true },
};
const source = { id: 'studio-fos', name: 'Studio Φως', template: TEMPLATE };
const own: Profile = {
  username: 'eleni',
  firstName: 'Ελένη',
  lastName: 'Π',
  phoneNumber: '6900000000',
};

test('a team’s members show its values where the company’s would be, the rest the company’s', () => {
  const shown = applyCompany(own, { ...source, teamOverrides: THESSALONIKI });
  expect(shown).toMatchObject({
    companyName: 'Studio Φως',
    address: 'Τσιμισκή 45',
    city: 'Θεσσαλονίκη',
    cityEn: 'Thessaloniki',
    phoneNumber: '2310123456',
  });
  // The team's address has no English words: none of the company's is shown with it.
  expect(shown.addressEn).toBeUndefined();
});

test('a card of no team, or of a team with no overrides, shows the template', () => {
  const plain = applyCompany(own, source);
  expect(plain).toMatchObject({ address: 'Ερμού 10', addressEn: '10 Ermou St', city: 'Αθήνα' });
  expect(plain.phoneNumber).toBe('6900000000');
  expect(applyCompany(own, { ...source, teamOverrides: {} })).toEqual(plain);
});

test('a team’s default yields to the member’s own value, as the template’s does', () => {
  const shown = applyCompany(own, {
    ...source,
    teamOverrides: { phoneNumber: { value: '2310123456', locked: false } },
  });
  expect(shown.phoneNumber).toBe('6900000000');
});

test('overrides are judged by the template’s rules, and the company’s name is no team’s', () => {
  expect(parseTeamOverrides(THESSALONIKI)).toEqual({ ok: true, overrides: THESSALONIKI });
  expect(parseTeamOverrides({ companyName: { value: 'Άλλη', locked: true } })).toEqual({
    ok: false,
    field: 'fields.companyName',
    error: TEAM_MESSAGES.notTeamField,
  });
  expect(parseTeamOverrides({ phoneNumber: { value: 'abc', locked: true } })).toMatchObject({
    ok: false,
    field: 'fields.phoneNumber',
  });
  expect(normaliseTeamOverrides({ ...THESSALONIKI, companyName: TEMPLATE.companyName })).toEqual(
    THESSALONIKI,
  );
});

test('a team’s name is required, short and plain text', () => {
  expect(teamNameProblem('Θεσσαλονίκη')).toBeNull();
  expect(teamNameProblem('  ')).toBe(TEAM_MESSAGES.name);
  expect(teamNameProblem('α'.repeat(101))).toBe(TEAM_MESSAGES.nameTooLong);
  expect(teamNameProblem('a\u202Eb')).toBe(TEAM_MESSAGES.nameText);
});
