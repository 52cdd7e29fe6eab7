// The company's own contact: what a switched-off card still gives a visitor (its 410 page and its
// vCard, «Αποθήκευση επαφής εταιρείας»), built from the company's name and its template's values,
// locked or default, as a card with no person on it.
import type { CompanySource } from './company';
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
  for (const field of CONTACT_FIELDS) {
    const value = company.template[field]?.value;
    if (value) contact[field] = value;
  }
  return contact;
}
