// A lead's workflow beside what the visitor typed: where its follow-up stands (lib/lead-status.ts),
// a private note and tags. Set only through karta's server, by the card's owner or the company's
// admins (PATCH …/contacts/{id}); firestore.rules let a visitor's write hold none of them. Pure:
// the console's forms check a change with the same function as the server that takes it, so a
// form that passes is never refused.
import { LEAD_STATUS_FIELD } from './collections';
import { LEAD_STATUS_REFUSED, isLeadStatus, leadStatusOf, type LeadStatus } from './lead-status';

/** The contact's fields (beside LEAD_STATUS_FIELD in lib/collections.ts). */
export const LEAD_NOTE_FIELD = 'note';
export const LEAD_TAGS_FIELD = 'tags';

/** Characters (code points) of a note. */
export const LEAD_NOTE_MAX = 2000;
/** Tags on one lead, after duplicates are merged. */
export const LEAD_TAGS_MAX = 20;
/** Characters of one tag: a word or two that a filter lists, not a sentence. */
export const LEAD_TAG_MAX = 40;

/** The workflow's fields of a lead, as the console shows them and a receiver gets them. */
export interface LeadWorkflow {
  status: LeadStatus;
  note: string;
  tags: readonly string[];
}

/** A change: any of the three; what it leaves out stays as it is. */
export type LeadChanges = Partial<LeadWorkflow>;

const CHANGE_FIELDS = ['status', 'note', 'tags'] as const;

export const LEAD_NOTE_TOO_LONG = `Η σημείωση ξεπερνά τους ${LEAD_NOTE_MAX.toLocaleString('el')} χαρακτήρες`;
export const LEAD_NOTE_REFUSED = 'Η σημείωση πρέπει να είναι κείμενο χωρίς χαρακτήρες ελέγχου';
export const LEAD_TAGS_TOO_MANY = `Οι ετικέτες δεν μπορούν να είναι περισσότερες από ${LEAD_TAGS_MAX}`;
export const LEAD_TAGS_REFUSED = 'Οι ετικέτες πρέπει να είναι λίστα από κείμενα';
export const LEAD_TAG_TOO_LONG = `Κάθε ετικέτα έχει έως ${LEAD_TAG_MAX} χαρακτήρες`;
export const LEAD_TAG_CHARACTERS =
  'Μια ετικέτα δεν μπορεί να έχει κόμμα ή χαρακτήρες ελέγχου (π.χ. αλλαγή γραμμής)';
export const LEAD_CHANGES_EMPTY =
  'Το αίτημα πρέπει να αλλάζει την κατάσταση, τη σημείωση ή τις ετικέτες';
export const LEAD_FIELD_UNKNOWN = 'Άγνωστο πεδίο επαφής';

// A note is several lines: line feeds and tabs stay; every other control character, and the
// bidirectional controls that reorder what is shown, do not (lib/control-characters.ts says why).
const NOTE_REFUSED_CHARACTER =
  /[\x00-\x08\x0B-\x1F\x7F-\x9F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
// A tag is one short line; a comma is what the console's field and the CSV's cell separate tags by.
const TAG_REFUSED_CHARACTER = /[,\x00-\x1F\x7F-\x9F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

const characters = (text: string) => [...text].length;

/** A note as stored: Windows line ends as one line feed, trimmed. */
export function normaliseNote(note: string): string {
  return note.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

/** A tag as stored: trimmed, each run of spaces one space. */
export function normaliseTag(tag: string): string {
  return tag.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** What makes two tags the same: their lower case («VIP» and «vip» are one tag). */
export function tagKey(tag: string): string {
  return normaliseTag(tag).toLocaleLowerCase('el');
}

/** `tags` normalised, empty ones dropped, each kept once (its first spelling), in their order. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = normaliseTag(raw);
    const key = tagKey(tag);
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

/** What the console's tags field holds: tags separated by commas. */
export function splitTags(text: string): string[] {
  return text.split(',');
}

export function joinTags(tags: readonly string[]): string {
  return tags.join(', ');
}

/** A refusal, naming the field. */
export interface LeadChangeError {
  field: string;
  message: string;
}

export type LeadChangesResult =
  { ok: true; changes: LeadChanges } | { ok: false; error: LeadChangeError };

const refuse = (field: string, message: string): LeadChangesResult => ({
  ok: false,
  error: { field, message },
});

function checkNote(value: unknown): LeadChangeError | string {
  if (typeof value !== 'string') return { field: 'note', message: LEAD_NOTE_REFUSED };
  const note = normaliseNote(value);
  if (characters(note) > LEAD_NOTE_MAX) return { field: 'note', message: LEAD_NOTE_TOO_LONG };
  if (NOTE_REFUSED_CHARACTER.test(note)) return { field: 'note', message: LEAD_NOTE_REFUSED };
  return note;
}

function checkTags(value: unknown): LeadChangeError | string[] {
  if (!Array.isArray(value) || !value.every((tag) => typeof tag === 'string')) {
    return { field: 'tags', message: LEAD_TAGS_REFUSED };
  }
  const tags = normaliseTags(value as string[]);
  if (tags.length > LEAD_TAGS_MAX) return { field: 'tags', message: LEAD_TAGS_TOO_MANY };
  for (const tag of tags) {
    if (characters(tag) > LEAD_TAG_MAX) return { field: 'tags', message: LEAD_TAG_TOO_LONG };
    if (TAG_REFUSED_CHARACTER.test(tag)) return { field: 'tags', message: LEAD_TAG_CHARACTERS };
  }
  return tags;
}

/**
 * A request's `{ status?, note?, tags? }` checked and normalised, or the first field that is
 * wrong: any other field, or none of the three, is refused too (the visitor's words are theirs).
 */
export function parseLeadChanges(body: unknown): LeadChangesResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return refuse('body', LEAD_CHANGES_EMPTY);
  }
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).find(
    (key) => !(CHANGE_FIELDS as readonly string[]).includes(key),
  );
  if (unknown !== undefined) return refuse(unknown, LEAD_FIELD_UNKNOWN);
  const changes: LeadChanges = {};
  if ('status' in record) {
    if (!isLeadStatus(record.status)) return refuse('status', LEAD_STATUS_REFUSED);
    changes.status = record.status;
  }
  if ('note' in record) {
    const note = checkNote(record.note);
    if (typeof note !== 'string') return { ok: false, error: note };
    changes.note = note;
  }
  if ('tags' in record) {
    const tags = checkTags(record.tags);
    if (!Array.isArray(tags)) return { ok: false, error: tags };
    changes.tags = tags;
  }
  if (Object.keys(changes).length === 0) return refuse('body', LEAD_CHANGES_EMPTY);
  return { ok: true, changes };
}

/** A stored contact's workflow as the console shows it: anything missing or malformed is empty. */
export function leadWorkflowOf(data: Record<string, unknown>): LeadWorkflow {
  const note = data[LEAD_NOTE_FIELD];
  const tags = data[LEAD_TAGS_FIELD];
  return {
    status: leadStatusOf(data[LEAD_STATUS_FIELD]),
    note: typeof note === 'string' ? note : '',
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
  };
}
