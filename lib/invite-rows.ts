// The rows of an invitation request, judged one by one: a JSON list, or a CSV file as spreadsheet
// programs save one (UTF-8 or Greek Excel's Windows-1253, «,» or «;», headers in English or in
// Greek). A bad row is reported with its line and the others still go. The server judges the
// request with it (server/company/invites.ts), and the console previews a file with it before
// anything is sent (components/account/company/InviteForm.tsx).
import Papa from 'papaparse';
import { MAX_INVITES_PER_REQUEST } from './company';
import { EMAIL_PATTERN } from './email-pattern';
import { inviteeNameProblem } from './link-text';
import { cardValueProblem } from './profile';

export const INVITE_MESSAGES = {
  email: 'Η διεύθυνση email δεν είναι έγκυρη',
  member: 'Είναι ήδη μέλος της εταιρείας',
  invited: 'Έχει ήδη πρόσκληση που δεν έχει λήξει',
  repeated: 'Η διεύθυνση υπάρχει ήδη πιο πάνω στη λίστα',
  none: 'Δεν δόθηκε καμία διεύθυνση',
  tooMany: `Έως ${MAX_INVITES_PER_REQUEST} προσκλήσεις τη φορά`,
  list: 'Οι προσκλήσεις θέλουν λίστα με email',
  header:
    'Η πρώτη γραμμή του αρχείου πρέπει να ονομάζει τις στήλες: Email, και προαιρετικά Όνομα, Επώνυμο, Θέση',
} as const;

/** The longest address a card or a contact may hold. */
const EMAIL_MAX = 254;

const NAME_FIELDS = ['firstName', 'lastName', 'jobTitle'] as const;
type NameField = (typeof NAME_FIELDS)[number];

export interface InviteRow {
  /** Lower case. */
  email: string;
  firstName?: string;
  lastName?: string;
  jobTitle?: string;
  /** The CSV line it came from. */
  line?: number;
}

export interface RefusedRow {
  line?: number;
  email: string;
  error: string;
}

export type InviteRows =
  | {
      ok: true;
      rows: InviteRow[];
      refused: RefusedRow[];
      /** A CSV header's cells that name none of the columns: what the file holds and is not sent. */
      ignored?: string[];
    }
  | { ok: false; error: string };

/**
 * A header cell as it is looked up: no accents, case, spaces or punctuation, so that «E-mail»,
 * «ΕΠΩΝΥΜΟ» and «Job title» find their column.
 */
const headerKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The columns a header may name, each by the names (as headerKey gives them) people use for it. */
const CSV_COLUMNS = new Map<string, 'email' | NameField>(
  Object.entries({
    email: [
      'email',
      'mail',
      'emailaddress',
      'ηλεκτρονικοταχυδρομειο',
      'ηλταχυδρομειο',
      'διευθυνσηemail',
      'διευθυνσηηλεκτρονικουταχυδρομειου',
    ],
    firstName: ['firstname', 'givenname', 'ονομα', 'μικροονομα'],
    lastName: ['lastname', 'surname', 'familyname', 'επωνυμο'],
    jobTitle: ['jobtitle', 'title', 'position', 'θεση', 'ιδιοτητα', 'τιτλος', 'θεσηεργασιας'],
  } satisfies Record<'email' | NameField, string[]>).flatMap(([column, names]) =>
    names.map((name) => [name, column as 'email' | NameField] as const),
  ),
);

/** One row as given: the row, or why it is refused. */
function judge(raw: Record<string, unknown>, line?: number): InviteRow | RefusedRow {
  const given = typeof raw.email === 'string' ? raw.email.trim() : '';
  const email = given.toLowerCase();
  const at = line === undefined ? {} : { line };
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) {
    return { ...at, email: given, error: INVITE_MESSAGES.email };
  }
  const row: InviteRow = { ...at, email };
  for (const field of NAME_FIELDS) {
    const value = typeof raw[field] === 'string' ? (raw[field] as string).trim() : raw[field];
    if (value === undefined || value === null || value === '') continue;
    const problem = cardValueProblem(field, value, '') ?? inviteeNameProblem(field, value);
    if (problem) return { ...at, email, error: problem };
    row[field] = value as string;
  }
  return row;
}

function judged(rows: { raw: Record<string, unknown>; line?: number }[]): InviteRows {
  if (rows.length === 0) return { ok: false, error: INVITE_MESSAGES.none };
  if (rows.length > MAX_INVITES_PER_REQUEST) return { ok: false, error: INVITE_MESSAGES.tooMany };
  const good: InviteRow[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Set<string>();
  for (const { raw, line } of rows) {
    const row = judge(raw, line);
    if ('error' in row) refused.push(row);
    else if (seen.has(row.email)) {
      refused.push({
        ...(line === undefined ? {} : { line }),
        email: row.email,
        error: INVITE_MESSAGES.repeated,
      });
    } else {
      seen.add(row.email);
      good.push(row);
    }
  }
  return { ok: true, rows: good, refused };
}

/** `{ invites: [{ email, firstName?, lastName?, jobTitle? }] }`. */
export function inviteRowsFromJson(body: unknown): InviteRows {
  const invites = (body as { invites?: unknown } | null)?.invites;
  if (!Array.isArray(invites)) return { ok: false, error: INVITE_MESSAGES.list };
  return judged(
    invites.map((raw: unknown) => ({
      raw: typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {},
    })),
  );
}

/** The rows of a CSV text, each with the line of the file it starts on (a quoted cell may hold more). */
function csvRows(text: string, delimiter: string): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter,
    step: ({ data, meta }) => {
      rows.push({ cells: data, line });
      // papaparse's cursor is past the row and its line break: where the next row starts.
      for (let i = start; i < meta.cursor; i++) if (text[i] === '\n') line += 1;
      start = meta.cursor;
    },
  });
  return rows;
}

/** The separators a spreadsheet program writes: Greek Excel's list separator is «;». */
const DELIMITERS = [',', ';', '\t'] as const;

/** The columns a header row names, in its order (undefined where a column is not one of ours). */
const headerColumns = (cells: readonly string[]) =>
  cells.map((name) => CSV_COLUMNS.get(headerKey(name)));

/**
 * The separator that makes the header name the most of our columns (the first such of DELIMITERS):
 * the header says it, whatever commas the cells below hold.
 */
function delimiterOf(text: string): string {
  let best: { delimiter: string; known: number } = { delimiter: DELIMITERS[0], known: 0 };
  for (const delimiter of DELIMITERS) {
    const [header = []] = Papa.parse<string[]>(text, { delimiter, preview: 1 }).data;
    const known = headerColumns(header).filter(Boolean).length;
    if (known > best.known) best = { delimiter, known };
  }
  return best.delimiter;
}

/**
 * A CSV file's text: a header row (`Email;Όνομα;Επώνυμο;Θέση`, `email,firstName,lastName,jobTitle`
 * and the other names of CSV_COLUMNS, in any order, any case, with or without accents), then one
 * row per address, separated by «,», «;» or tabs; blank lines are skipped. Each row's line is the
 * file's line it starts on (1 is the header). Columns the header does not name are left out, and
 * listed in `ignored`.
 */
export function inviteRowsFromCsv(text: string): InviteRows {
  const body = text.replace(/^\uFEFF/, '');
  const [header, ...data] = csvRows(body, delimiterOf(body));
  const names = header?.cells ?? [];
  const columns = headerColumns(names);
  if (!columns.includes('email')) return { ok: false, error: INVITE_MESSAGES.header };
  const rows: { raw: Record<string, unknown>; line: number }[] = [];
  for (const { cells, line } of data) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    const raw: Record<string, unknown> = {};
    columns.forEach((column, c) => {
      if (column) raw[column] = cells[c] ?? '';
    });
    rows.push({ raw, line });
  }
  const judgedRows = judged(rows);
  const ignored = names.map((name) => name.trim()).filter((name, c) => name && !columns[c]);
  return judgedRows.ok && ignored.length > 0 ? { ...judgedRows, ignored } : judgedRows;
}

/**
 * A file's text as a spreadsheet program saved it: UTF-16 when its byte-order mark says so (Excel's
 * «Unicode text»), UTF-8 (with or without a byte-order mark) when the bytes are valid UTF-8, and
 * otherwise Windows-1253, which Excel in Greek writes as «CSV». Greek in Windows-1253 is almost
 * never valid UTF-8: its letters are bytes 0xC1–0xFE, which UTF-8 allows only as lead bytes.
 */
export function decodeSpreadsheetText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1253').decode(bytes);
  }
}

/** A CSV file's bytes, in whichever encoding decodeSpreadsheetText finds. */
export function inviteRowsFromCsvFile(bytes: Uint8Array): InviteRows {
  return inviteRowsFromCsv(decodeSpreadsheetText(bytes));
}
