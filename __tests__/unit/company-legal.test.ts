// A Greek company's legal details in its template (lib/company.ts): judged by parseTemplate, each
// named at its field, always stored locked; a stored value that is wrong dropped; carried to every
// member card by cardCompany, and printed in order with each language's labels (lib/company-legal.ts).
import { COMPANY_MESSAGES, applyCompany, normaliseTemplate, parseTemplate } from '@/lib/company';
import { legalLine, legalParts } from '@/lib/company-legal';
import { BUSINESS_ID_MESSAGES } from '@/lib/greek-business-ids';
import { CARD_MESSAGES } from '@/lib/profile';
import { demoLegalDetails } from '@/tools/lib/demo-legal';

const MARIA = { username: 'maria', firstName: 'Μαρία', lastName: 'Ιωάννου' };

const LEGAL = {
  legalName: { value: 'Studio Φως Μονοπρόσωπη Ι.Κ.Ε.', locked: true },
  vatNumber: { value: '094014201', locked: true },
  taxOffice: { value: 'Α’ Αθηνών', locked: true },
  gemiNumber: { value: '180123401000', locked: true },
};

test('the legal details are taken, as digits and trimmed, and always locked', () => {
  expect(
    parseTemplate({
      legalName: { value: '  Studio Φως Μονοπρόσωπη Ι.Κ.Ε. ', locked: false },
      vatNumber: { value: 'EL 094 014 201' },
      taxOffice: { value: 'Α’ Αθηνών', locked: true },
      gemiNumber: { value: '180 1234 01000', locked: false },
    }),
  ).toEqual({ ok: true, template: LEGAL });
});

test.each<[string, unknown, string, string]>([
  [
    'a wrong check digit',
    { vatNumber: { value: '094014202', locked: true } },
    'fields.vatNumber',
    BUSINESS_ID_MESSAGES.vatNumber,
  ],
  [
    'an ΑΦΜ of 8 digits',
    { vatNumber: { value: '09401420', locked: true } },
    'fields.vatNumber',
    BUSINESS_ID_MESSAGES.vatNumberDigits,
  ],
  [
    'a ΓΕΜΗ number of 11 digits',
    { gemiNumber: { value: '18012340100', locked: true } },
    'fields.gemiNumber',
    BUSINESS_ID_MESSAGES.gemiNumber,
  ],
  [
    'an empty legal name',
    { legalName: { value: ' ', locked: true } },
    'fields.legalName',
    CARD_MESSAGES.empty,
  ],
  [
    'a tax office too long',
    { taxOffice: { value: 'Δ'.repeat(61), locked: true } },
    'fields.taxOffice',
    CARD_MESSAGES.tooLong(60),
  ],
  [
    'a legal name over two lines',
    { legalName: { value: 'Studio\nΦως', locked: true } },
    'fields.legalName',
    CARD_MESSAGES.text,
  ],
  [
    'English words, which a registered name has none of',
    { legalName: { value: 'Studio Φως Ι.Κ.Ε.', locked: true, valueEn: 'Studio Fos' } },
    'fields.legalName',
    COMPANY_MESSAGES.notEntry,
  ],
  [
    'a lock that is no boolean',
    { taxOffice: { value: 'Α’ Αθηνών', locked: 'yes' } },
    'fields.taxOffice',
    COMPANY_MESSAGES.notEntry,
  ],
])('%s is refused at its field', (_, raw, field, error) => {
  expect(parseTemplate(raw)).toEqual({ ok: false, field, error });
});

test('a stored legal detail that is wrong is dropped, the rest kept locked', () => {
  expect(
    normaliseTemplate({
      ...LEGAL,
      vatNumber: { value: '094014202', locked: true },
      taxOffice: { value: 'Α’ Αθηνών', locked: false },
      gemiNumber: 'x',
    }),
  ).toEqual({ legalName: LEGAL.legalName, taxOffice: LEGAL.taxOffice });
});

test('every member card carries the legal details; a change to them changes every card', () => {
  const company = { id: 'c1', name: 'Studio Φως', template: LEGAL };
  const card = applyCompany(MARIA, company);
  expect(card.company?.legal).toEqual({
    legalName: 'Studio Φως Μονοπρόσωπη Ι.Κ.Ε.',
    vatNumber: '094014201',
    taxOffice: 'Α’ Αθηνών',
    gemiNumber: '180123401000',
  });
  expect(applyCompany(MARIA, { ...company, template: {} }).company).not.toHaveProperty('legal');
});

test('the legal details print in order, labelled in each language, the legal name alone', () => {
  const legal = {
    legalName: 'Studio Φως Ι.Κ.Ε.',
    vatNumber: '094014201',
    gemiNumber: '180123401000',
  };
  expect(legalLine(legal, 'el')).toBe('Studio Φως Ι.Κ.Ε. · ΑΦΜ 094014201 · ΓΕΜΗ 180123401000');
  expect(legalLine({ ...legal, taxOffice: 'Α’ Αθηνών' }, 'en')).toBe(
    'Studio Φως Ι.Κ.Ε. · VAT no. 094014201 · Tax office Α’ Αθηνών · G.E.MI. no. 180123401000',
  );
  expect(legalParts(undefined, 'el')).toEqual([]);
});

test('the demo company’s legal details are what a save would store', () => {
  expect(parseTemplate(demoLegalDetails())).toEqual({ ok: true, template: demoLegalDetails() });
});
