// The rows of an invitation request, judged one by one: a JSON list, or a CSV file whose header
// names the columns (in English or in Greek). A bad row is reported with its line and the others
// still go (server/company/invites.ts).
import Papa from 'papaparse';
import { MAX_INVITES_PER_REQUEST } from './company';
import { EMAIL_PATTERN } from './email-pattern';
import { cardValueProblem } from './profile';

export const INVITE_MESSAGES = {
  email: 'Η διεύθυνση email δεν είναι έγκυρη',
  member: 'Είναι ήδη μέλος της εταιρείας',
  invited: 'Έχει ήδη πρόσκληση που δεν έχει λήξει',
  repeated: 'Η διεύθυνση υπάρχει ήδη πιο πάνω στη λίστα',
  none: 'Δεν δόθηκε καμία διεύθυνση',
  tooMany: `Έως ${MAX_INVITES_PER_REQUEST} προσκλήσεις τη φορά`,
  list: 'Οι προσκλήσεις θέλουν λίστα με email',
  header: 'Η πρώτη γραμμή του CSV πρέπει να ονομάζει τις στήλες (email, Όνομα, Επώνυμο, Θέση)',
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
  { ok: true; rows: InviteRow[]; refused: RefusedRow[] } | { ok: false; error: string };

/** A CSV header's name of each column; the first row of the file must hold `email`. */
const CSV_COLUMNS: Record<string, 'email' | NameField> = {
  email: 'email',
  'e-mail': 'email',
  firstname: 'firstName',
  όνομα: 'firstName',
  lastname: 'lastName',
  επώνυμο: 'lastName',
  jobtitle: 'jobTitle',
  θέση: 'jobTitle',
};

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
    const problem = cardValueProblem(field, value, '');
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
function csvRows(text: string): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    step: ({ data, meta }) => {
      rows.push({ cells: data, line });
      // papaparse's cursor is past the row and its line break: where the next row starts.
      for (let i = start; i < meta.cursor; i++) if (text[i] === '\n') line += 1;
      start = meta.cursor;
    },
  });
  return rows;
}

/**
 * A CSV file: a header row (`email,firstName,lastName,jobTitle` or `email,Όνομα,Επώνυμο,Θέση`, in
 * any order, any case), then one row per address; blank lines are skipped. Each row's line is the
 * file's line it starts on (1 is the header).
 */
export function inviteRowsFromCsv(text: string): InviteRows {
  const [header, ...data] = csvRows(text.replace(/^\uFEFF/, ''));
  const columns = (header?.cells ?? []).map((name) => CSV_COLUMNS[name.trim().toLowerCase()]);
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
  return judged(rows);
}
