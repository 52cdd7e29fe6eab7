// A lead's workflow (lib/lead-workflow.ts: status, note, tags) is written only through karta's
// server: firestore.rules let a visitor's create hold only what they typed, and let no browser
// update a contact, the card's owner and the company's admins included. The rules' list of a
// contact's fields is held to lib/ here.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  doc,
  getDoc,
  setDoc,
  Timestamp,
  updateDoc,
  type DocumentData,
} from 'firebase/firestore';
import { companyPath, CREATED_FIELD, LEAD_STATUS_FIELD } from '@/lib/collections';
import { LIMITS } from '@/lib/contact-form';
import { LEAD_NOTE_FIELD, LEAD_TAGS_FIELD } from '@/lib/lead-workflow';
import { cardRef, contactRef, contactsOf } from '../helpers/card-refs';
import { OWNER_UID, RULES_TEXT, rulesFile } from '../helpers/rules';
import { visitorContact } from '../helpers/visitor-contact';

const CARD = 'maria-wf';
const CONTACT = 'seeded';
const COMPANY = 'studio';
const ADMIN_UID = 'admin-uid';
const JOINED_AT = Timestamp.fromMillis(Date.UTC(2025, 0, 1));

const { dbAs, dbOf, asServer, seed } = rulesFile('demo-karta-lead-workflow-rules');

/** Every browser that might try: a visitor, the card's owner, the company's admin, anyone else. */
const BROWSERS = {
  visitor: () => dbAs('anonymous'),
  owner: () => dbAs('owner'),
  admin: () => dbOf(ADMIN_UID),
  other: () => dbAs('other'),
};

const WORKFLOW: Array<[string, DocumentData]> = [
  ['a status', { [LEAD_STATUS_FIELD]: 'won' }],
  ['a note', { [LEAD_NOTE_FIELD]: 'Κάλεσε την Τρίτη' }],
  ['tags', { [LEAD_TAGS_FIELD]: ['VIP'] }],
  ['an empty note', { [LEAD_NOTE_FIELD]: '' }],
  ['no tags', { [LEAD_TAGS_FIELD]: [] }],
];

beforeAll(async () => {
  await seed(async (db) => {
    await setDoc(cardRef(db, CARD), {
      username: CARD,
      ownerUid: OWNER_UID,
      companyId: COMPANY,
      companyJoinedAt: JOINED_AT,
    });
    await setDoc(doc(db, companyPath(COMPANY)), {
      name: 'Studio',
      admins: [ADMIN_UID],
      memberUids: [ADMIN_UID, OWNER_UID],
    });
    await setDoc(contactRef(db, CARD, CONTACT), {
      name: 'Νίκος',
      email: 'nikos@example.gr',
      [CREATED_FIELD]: Timestamp.now(),
    });
  });
});

describe.each(Object.entries(BROWSERS))('as %s', (_who, db) => {
  it.each(WORKFLOW)('a new contact with %s is refused', async (_what, fields) => {
    await assertFails(addDoc(contactsOf(db(), CARD), visitorContact(fields)));
  });

  it.each(WORKFLOW)('setting %s on a contact is refused', async (_what, fields) => {
    await assertFails(updateDoc(contactRef(db(), CARD, CONTACT), fields));
    await assertFails(setDoc(contactRef(db(), CARD, CONTACT), fields, { merge: true }));
  });
});

it('a visitor’s contact without them is still allowed, and the stored contact is unchanged', async () => {
  await assertSucceeds(addDoc(contactsOf(BROWSERS.visitor(), CARD), visitorContact()));
  const stored = await asServer(async (db) => (await getDoc(contactRef(db, CARD, CONTACT))).data());
  expect(Object.keys(stored ?? {}).sort()).toEqual(['createdAt', 'email', 'name']);
});

it('the rules’ fields of a contact are what the visitor types and its time, never the workflow’s', () => {
  const listed =
    /function isValidContact\(data\) \{\s*return data\.keys\(\)\.hasOnly\(\[([^\]]*)\]\)/.exec(
      RULES_TEXT,
    );
  const fields = listed?.[1].split(',').map((name) => name.trim().replace(/'/g, ''));
  expect(fields?.sort()).toEqual([...Object.keys(LIMITS), CREATED_FIELD].sort());
  for (const field of [LEAD_STATUS_FIELD, LEAD_NOTE_FIELD, LEAD_TAGS_FIELD]) {
    expect(fields).not.toContain(field);
  }
  // No browser updates a contact: its only write rule is the visitor's create.
  const contactRules = /match \/contacts\/\{contactId\} \{([^}]*)\}/.exec(RULES_TEXT)?.[1] ?? '';
  expect(contactRules.match(/allow [^:]*:/g)).toEqual(['allow create:', 'allow read:']);
});
