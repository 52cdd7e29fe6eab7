// A lead's workflow (lib/lead-workflow.ts): the one check of a change that the console's form and
// the server both run, and the lead as receivers get it (lib/lead-payload.ts).
import { Timestamp } from 'firebase-admin/firestore';
import { leadPayload } from '@/lib/lead-payload';
import {
  LEAD_CHANGES_EMPTY,
  LEAD_FIELD_UNKNOWN,
  LEAD_NOTE_MAX,
  LEAD_NOTE_REFUSED,
  LEAD_NOTE_TOO_LONG,
  LEAD_TAG_CHARACTERS,
  LEAD_TAG_MAX,
  LEAD_TAG_TOO_LONG,
  LEAD_TAGS_MAX,
  LEAD_TAGS_REFUSED,
  LEAD_TAGS_TOO_MANY,
  joinTags,
  leadWorkflowOf,
  parseLeadChanges,
  splitTags,
} from '@/lib/lead-workflow';
import { LEAD_STATUS_REFUSED } from '@/lib/lead-status';

const refusal = (body: unknown) => {
  const parsed = parseLeadChanges(body);
  return parsed.ok ? null : parsed.error;
};
const changes = (body: unknown) => {
  const parsed = parseLeadChanges(body);
  if (!parsed.ok) throw new Error(`refused: ${parsed.error.field}`);
  return parsed.changes;
};

test('a change holds any of status, note and tags, normalised; what it leaves out is left out', () => {
  expect(changes({ status: 'won' })).toEqual({ status: 'won' });
  expect(
    changes({
      note: '  Κάλεσε την Τρίτη\r\nστις 10  ',
      tags: [' VIP ', 'vip', 'έκθεση  2026', ''],
    }),
  ).toEqual({
    note: 'Κάλεσε την Τρίτη\nστις 10',
    tags: ['VIP', 'έκθεση 2026'],
  });
  // Emptying is a change: no note, no tags.
  expect(changes({ note: '', tags: [] })).toEqual({ note: '', tags: [] });
  expect(changes({ tags: splitTags('Πελάτης, ΠΕΛΆΤΗΣ,,  Νέος  ') })).toEqual({
    tags: ['Πελάτης', 'Νέος'],
  });
  expect(changes({ tags: splitTags('Πελάτης, Πελάτες') })).toEqual({
    tags: ['Πελάτης', 'Πελάτες'],
  });
  expect(joinTags(['a', 'b'])).toBe('a, b');
});

test('the limits: a note of 2,000 characters, 20 tags of 40 characters each', () => {
  // An emoji is one character however many UTF-16 units it takes.
  expect(changes({ note: '😀'.repeat(LEAD_NOTE_MAX) }).note).toHaveLength(LEAD_NOTE_MAX * 2);
  expect(refusal({ note: 'α'.repeat(LEAD_NOTE_MAX + 1) })).toEqual({
    field: 'note',
    message: LEAD_NOTE_TOO_LONG,
  });
  const many = Array.from({ length: LEAD_TAGS_MAX + 1 }, (_, i) => `t${i}`);
  expect(changes({ tags: many.slice(0, LEAD_TAGS_MAX) }).tags).toHaveLength(LEAD_TAGS_MAX);
  expect(refusal({ tags: many })).toEqual({ field: 'tags', message: LEAD_TAGS_TOO_MANY });
  // Duplicates are merged before they are counted.
  expect(changes({ tags: [...many.slice(0, LEAD_TAGS_MAX), 'T0'] }).tags).toHaveLength(
    LEAD_TAGS_MAX,
  );
  expect(changes({ tags: ['τ'.repeat(LEAD_TAG_MAX)] }).tags).toHaveLength(1);
  expect(refusal({ tags: ['τ'.repeat(LEAD_TAG_MAX + 1)] })).toEqual({
    field: 'tags',
    message: LEAD_TAG_TOO_LONG,
  });
  expect(LEAD_NOTE_TOO_LONG).toBe('Η σημείωση ξεπερνά τους 2.000 χαρακτήρες');
});

test('bad input is refused, naming the field', () => {
  expect(refusal({ status: 'σκουπίδι' })).toEqual({
    field: 'status',
    message: LEAD_STATUS_REFUSED,
  });
  expect(refusal({ note: 5 })).toEqual({ field: 'note', message: LEAD_NOTE_REFUSED });
  expect(refusal({ note: 'a\u202Eb' })).toEqual({ field: 'note', message: LEAD_NOTE_REFUSED });
  expect(refusal({ tags: 'VIP' })).toEqual({ field: 'tags', message: LEAD_TAGS_REFUSED });
  expect(refusal({ tags: ['VIP', 3] })).toEqual({ field: 'tags', message: LEAD_TAGS_REFUSED });
  expect(refusal({ tags: ['a,b'] })).toEqual({ field: 'tags', message: LEAD_TAG_CHARACTERS });
  expect(refusal({ tags: ['a\u0000b'] })?.field).toBe('tags');
  // A line break inside a tag is one more space, as any run of spaces.
  expect(changes({ tags: ['a\n b'] })).toEqual({ tags: ['a b'] });
  // The visitor's words are not the owner's to change.
  expect(refusal({ note: 'x', email: 'other@example.gr' })).toEqual({
    field: 'email',
    message: LEAD_FIELD_UNKNOWN,
  });
  expect(refusal({})).toEqual({ field: 'body', message: LEAD_CHANGES_EMPTY });
  expect(refusal(['note'])).toEqual({ field: 'body', message: LEAD_CHANGES_EMPTY });
  expect(refusal(null)).toEqual({ field: 'body', message: LEAD_CHANGES_EMPTY });
});

test('a stored contact’s workflow: anything missing or malformed shows as empty', () => {
  expect(leadWorkflowOf({})).toEqual({ status: 'new', note: '', tags: [] });
  expect(leadWorkflowOf({ status: 'lost', note: 7, tags: ['a', 2] })).toEqual({
    status: 'lost',
    note: '',
    tags: ['a'],
  });
});

test('the lead as receivers get it: what the visitor typed and the workflow, nothing internal', () => {
  const data = {
    name: 'Ελένη',
    email: 'eleni@example.gr',
    phone: '+30 691 000 0000',
    createdAt: Timestamp.fromDate(new Date('2026-11-20T10:00:00Z')),
    status: 'contacted',
    note: 'Κάλεσε',
    tags: ['VIP'],
    leadMail: { state: 'sent' },
    ownerUid: 'secret-uid',
  };
  expect(leadPayload('maria', 'c1', data)).toEqual({
    id: 'c1',
    card: 'maria',
    name: 'Ελένη',
    email: 'eleni@example.gr',
    phone: '+30 691 000 0000',
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'contacted',
    note: 'Κάλεσε',
    tags: ['VIP'],
  });
  expect(leadPayload('maria', 'c2', { name: 'Νίκος', email: 'n@example.gr' })).toEqual({
    id: 'c2',
    card: 'maria',
    name: 'Νίκος',
    email: 'n@example.gr',
    createdAt: null,
    status: 'new',
    note: '',
    tags: [],
  });
});
