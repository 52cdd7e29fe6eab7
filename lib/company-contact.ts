// The company's own contact: what a switched-off card still gives a visitor (its 410 page and its
// vCard, «Αποθήκευση επαφής εταιρείας»), built from the company's name and its template's values,
// locked or default, as a card with no person on it, with the company's English words where the
// admin gave them (the English page and vCard transliterate only what has none).
import { englishTwin, type CompanySource } from './company';
import type { Profile } from './profile';

const CONTACT_FIELDS = ['phoneNumber', 'websiteLink', 'address', 'addressDetails', 'city'] as const;

/** The company's contact, named as the card `username` it stands in for. */
export function companyContact(username: string, company: CompanySource): Profile {
  const contact: Profile = {
    username,
    firstName: '',
    lastName: '',
    companyName: company.template.companyName?.value || company.name,
  };
  const nameEn = company.template.companyName?.valueEn;
  if (nameEn) contact.companyNameEn = nameEn;
  for (const field of CONTACT_FIELDS) {
    const entry = company.template[field];
    if (entry?.value) contact[field] = entry.value;
    const english = englishTwin(field);
    if (english && entry?.valueEn) contact[english] = entry.valueEn;
  }
  return contact;
}
