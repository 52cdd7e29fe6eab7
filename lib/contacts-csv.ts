// Received contacts as a CSV file that spreadsheet programs open with the Greek intact and that
// runs no visitor's formula: the owner's export (browser/owner/export.ts) and a company's
// (server/company/leads.ts) are written alike, and the company's Excel workbook has their columns.
import Papa from 'papaparse';
import { LEAD_STATUS_HEADER, LEAD_STATUS_LABELS } from './lead-status';
import { joinTags, type LeadWorkflow } from './lead-workflow';

/** UTF-8's byte-order mark: without it Excel reads a CSV as the local code page, not UTF-8. */
const BOM = '\uFEFF';

export const CSV_HEADERS = [
  'Όνομα',
  'Email',
  'Τηλέφωνο',
  'Ημερομηνία',
  LEAD_STATUS_HEADER,
  'Σημείωση',
  'Ετικέτες',
] as const;

/**
 * One contact as its CSV row begins: what the visitor left, when, and its workflow (where its
 * follow-up stands, the private note, the tags in one cell, separated by commas).
 */
export interface CsvContact extends LeadWorkflow {
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

/** An export's columns beyond CSV_HEADERS, and each contact's cells in them. */
export interface ExtraColumns<C> {
  headers: readonly string[];
  cells: (contact: C) => string[];
}

const NO_EXTRA: ExtraColumns<CsvContact> = { headers: [], cells: () => [] };

/**
 * The table of an export of `contacts`, for the CSV and the company's Excel workbook
 * (server/company/leads.ts) alike: CSV_HEADERS and the `extra` headers, then each contact's row,
 * its date left a Date (or null) for the file to write as it writes dates.
 */
export function contactsTable<C extends CsvContact>(
  contacts: readonly C[],
  extra: ExtraColumns<C> = NO_EXTRA,
): { headers: string[]; rows: Array<Array<string | Date | null>> } {
  return {
    headers: [...CSV_HEADERS, ...extra.headers],
    rows: contacts.map((c) => [
      c.name,
      c.email,
      c.phone ?? '',
      c.createdAt,
      LEAD_STATUS_LABELS[c.status],
      c.note,
      joinTags(c.tags),
      ...extra.cells(c),
    ]),
  };
}

/** The CSV of `contacts`: contactsTable's, its dates in `timeZone` (the browser's by default). */
export function contactsCsv<C extends CsvContact>(
  contacts: readonly C[],
  timeZone?: string,
  extra?: ExtraColumns<C>,
): string {
  const { headers, rows } = contactsTable(contacts, extra);
  const data = rows.map((row) =>
    row.map((cell) => (typeof cell === 'string' ? cell : formatContactTime(cell, timeZone))),
  );
  // Visitors typed these values: one starting with = + - @ would run as a formula in a
  // spreadsheet, so papaparse prefixes it with an apostrophe (a phone '+30…' shows as text).
  return BOM + Papa.unparse({ fields: headers, data }, { escapeFormulae: FORMULA_START });
}
