// The received contacts as files: a CSV that spreadsheet programs open with the Greek intact, and
// one .vcf holding a vCard per contact for address books.
import Papa from 'papaparse';
import { buildVCards } from '../../lib/vcard';
import type { ReceivedContact } from './contacts';

/** UTF-8's byte-order mark: without it Excel reads a CSV as the local code page, not UTF-8. */
const BOM = '\uFEFF';

export const CSV_HEADERS = ['Όνομα', 'Email', 'Τηλέφωνο', 'Ημερομηνία'] as const;

/** 'YYYY-MM-DD HH:mm' in the given time zone (the browser's by default): what spreadsheets parse. */
export function formatContactTime(date: Date | null, timeZone?: string): string {
  if (!date) return '';
  // Sweden's locale writes dates the ISO way, which spreadsheet programs recognise.
  return new Intl.DateTimeFormat('sv-SE', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

/**
 * A value a spreadsheet could run as a formula: one starting with = + - @, tab or carriage return,
 * whatever follows. papaparse's own pattern (`escapeFormulae: true`) ends in `.*$` without the
 * `s` flag, so it misses such a value once a line feed follows ('=HYPERLINK(…)⏎x'); this one
 * looks at the first character only. No `g` flag: test() would then keep a position between cells.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function contactsCsv(contacts: ReceivedContact[], timeZone?: string): string {
  const rows = contacts.map((c) => [
    c.name,
    c.email,
    c.phone ?? '',
    formatContactTime(c.createdAt, timeZone),
  ]);
  // Visitors typed these values: one starting with = + - @ would run as a formula in a
  // spreadsheet, so papaparse prefixes it with an apostrophe (a phone '+30…' shows as text).
  return (
    BOM + Papa.unparse({ fields: [...CSV_HEADERS], data: rows }, { escapeFormulae: FORMULA_START })
  );
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
