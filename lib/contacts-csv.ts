// Received contacts as a CSV file that spreadsheet programs open with the Greek intact and that
// runs no visitor's formula: the owner's export (browser/owner/export.ts) and a company's
// (server/company/leads.ts) are written alike.
import Papa from 'papaparse';

/** UTF-8's byte-order mark: without it Excel reads a CSV as the local code page, not UTF-8. */
const BOM = '\uFEFF';

export const CSV_HEADERS = ['Όνομα', 'Email', 'Τηλέφωνο', 'Ημερομηνία'] as const;

/** One contact as its CSV row begins: what the visitor left, and when. */
export interface CsvContact {
  name: string;
  email: string;
  phone?: string;
  createdAt: Date | null;
}

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

/**
 * The CSV of `contacts`: CSV_HEADERS, then `extra` headers, whose cells `extraCells` gives for
 * each contact.
 */
export function contactsCsv<C extends CsvContact>(
  contacts: readonly C[],
  timeZone?: string,
  extra: { headers: readonly string[]; cells: (contact: C) => string[] } = {
    headers: [],
    cells: () => [],
  },
): string {
  const rows = contacts.map((c) => [
    c.name,
    c.email,
    c.phone ?? '',
    formatContactTime(c.createdAt, timeZone),
    ...extra.cells(c),
  ]);
  // Visitors typed these values: one starting with = + - @ would run as a formula in a
  // spreadsheet, so papaparse prefixes it with an apostrophe (a phone '+30…' shows as text).
  return (
    BOM +
    Papa.unparse(
      { fields: [...CSV_HEADERS, ...extra.headers], data: rows },
      { escapeFormulae: FORMULA_START },
    )
  );
}
