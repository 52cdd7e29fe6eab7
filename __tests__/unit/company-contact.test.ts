// The company's own contact (lib/company-contact.ts), which a switched-off card's 410 page and
// vCard give: in English, the company's English words where the admin gave them, a transliteration
// only where it gave none.
import { cardInLanguage } from '@/lib/card-language';
import { companyContact } from '@/lib/company-contact';
import type { CompanySource } from '@/lib/company';
import { profileVCard } from '@/lib/vcard';

const COMPANY: CompanySource = {
  id: 'studio',
  name: 'Studio Φως',
  template: {
    companyName: { value: 'Studio Φως', locked: true, valueEn: 'Studio Light' },
    phoneNumber: { value: '210 123 4567', locked: true },
    address: { value: 'Ερμού 10', locked: true, valueEn: '10 Ermou Street' },
    city: { value: 'Αθήνα', locked: false },
  },
};

test('in Greek: the company’s Greek words only', () => {
  const greek = cardInLanguage(companyContact('alice', COMPANY), 'el');
  expect(greek).toMatchObject({ companyName: 'Studio Φως', address: 'Ερμού 10', city: 'Αθήνα' });
  expect(greek).not.toHaveProperty('addressEn');
});

test('in English: the English words given, a transliteration where none is', () => {
  const english = cardInLanguage(companyContact('alice', COMPANY), 'en');
  expect(english).toMatchObject({
    companyName: 'Studio Light',
    address: '10 Ermou Street',
    city: 'Athina',
    phoneNumber: '210 123 4567',
  });
  const vcard = profileVCard(companyContact('alice', COMPANY), undefined, 'en');
  expect(vcard).toContain('ORG:Studio Light');
  expect(vcard).toContain('10 Ermou Street');
  expect(vcard).not.toContain('Ermou 10');
});
