// The received contacts as files: a CSV that spreadsheet programs open with the Greek intact, and
// one .vcf holding a vCard per contact for address books.
import { contactsCsv as csvOf } from '../../lib/contacts-csv';
import { buildVCards } from '../../lib/vcard';
import type { ReceivedContact } from './contacts';

export { CSV_HEADERS, formatContactTime } from '../../lib/contacts-csv';

export function contactsCsv(contacts: ReceivedContact[], timeZone?: string): string {
  return csvOf(contacts, timeZone);
}

/** 'Μαρία Παπαδοπούλου' → given 'Μαρία', family 'Παπαδοπούλου'; one word is a given name. */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { firstName: name.trim(), lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
}

export function contactsVcf(contacts: ReceivedContact[]): string {
  return buildVCards(
    contacts.map((c) => ({ ...splitName(c.name), email: c.email, phone: c.phone })),
  );
}

export function exportFileName(username: string, extension: 'csv' | 'vcf'): string {
  return `karta-${username}-epafes.${extension}`;
}
