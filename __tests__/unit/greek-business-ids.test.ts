// A Greek business's registry numbers (lib/greek-business-ids.ts): the ΑΦΜ's check digit by the
// standard algorithm, on real public ΑΦΜ, and the ΓΕΜΗ number's 12 digits.
import {
  BUSINESS_ID_MESSAGES,
  isVatNumber,
  judgeGemiNumber,
  judgeVatNumber,
  vatNumberDigits,
} from '@/lib/greek-business-ids';

test.each([
  ['094014201', 'a public-sector body'],
  ['090000045', 'ΔΕΗ'],
  ['094019245', 'ΟΤΕ'],
  ['801234560', 'the demo’s Studio Φως'],
])('%s (%s) is an ΑΦΜ', (digits) => {
  expect(isVatNumber(digits)).toBe(true);
});

test.each([
  ['094014202', 'the check digit one off'],
  ['094014200', 'the check digit one short'],
  ['094104201', 'two digits swapped'],
  ['000000000', 'zeros, whose sum checks'],
  ['09401420', 'eight digits'],
  ['0940142011', 'ten digits'],
  ['09401420a', 'a letter'],
])('%s (%s) is no ΑΦΜ', (digits) => {
  expect(isVatNumber(digits)).toBe(false);
});

test('an ΑΦΜ as printed on invoices is its 9 digits', () => {
  expect(vatNumberDigits('EL 094 014 201')).toBe('094014201');
  expect(vatNumberDigits('el094.014.201')).toBe('094014201');
  expect(vatNumberDigits('GR094014201')).toBeNull();
});

test('a wrong ΑΦΜ is refused in Greek: its length, or its check digit', () => {
  expect(judgeVatNumber('094014201')).toEqual({ digits: '094014201' });
  expect(judgeVatNumber('12345')).toEqual({ error: BUSINESS_ID_MESSAGES.vatNumberDigits });
  expect(judgeVatNumber('094014202')).toEqual({ error: BUSINESS_ID_MESSAGES.vatNumber });
  expect(BUSINESS_ID_MESSAGES.vatNumber).toBe('Ο ΑΦΜ δεν είναι έγκυρος· ελέγξτε τα ψηφία');
});

test('a ΓΕΜΗ number is 12 digits, spaces aside', () => {
  expect(judgeGemiNumber('180123401000')).toEqual({ digits: '180123401000' });
  expect(judgeGemiNumber('180 1234 01000')).toEqual({ digits: '180123401000' });
  expect(judgeGemiNumber('18012340100')).toEqual({ error: BUSINESS_ID_MESSAGES.gemiNumber });
  expect(judgeGemiNumber('18012340100x')).toEqual({ error: BUSINESS_ID_MESSAGES.gemiNumber });
});
