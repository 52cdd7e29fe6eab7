import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  setDoc,
  Timestamp,
  updateDoc,
  type DocumentData,
} from 'firebase/firestore';
import { cardRef, contactRef, contactsOf } from '../helpers/card-refs';
import { rulesFile } from '../helpers/rules';
import { visitorContact } from '../helpers/visitor-contact';
import { USERS_COLLECTION, cardPath } from '@/lib/collections';
import { LEAD_STATUSES } from '@/lib/lead-status';

const PROFILE = 'maria';
const SEEDED_CONTACT = 'seeded';

const { dbAs, seed } = rulesFile('demo-karta-rules');
const visitorDb = () => dbAs('anonymous');
const signedInDb = () => dbAs('other');

function withoutKey(key: string): DocumentData {
  const contact = visitorContact();
  delete contact[key];
  return contact;
}

function leaveContact(data: DocumentData, username = PROFILE) {
  return addDoc(contactsOf(visitorDb(), username), data);
}

/** A syntactically valid address of exactly `length` characters. */
function emailOfLength(length: number): string {
  const domain = '@example.com';
  return 'a'.repeat(length - domain.length) + domain;
}

beforeEach(async () => {
  await seed(async (db) => {
    await setDoc(cardRef(db, PROFILE), { displayName: 'Maria Papadopoulou' });
    await setDoc(contactRef(db, PROFILE, SEEDED_CONTACT), {
      name: 'Earlier Visitor',
      email: 'earlier@example.com',
      createdAt: Timestamp.now(),
    });
  });
});

describe('creating a contact', () => {
  it.each<[string, DocumentData]>([
    ['name, email and createdAt only', visitorContact()],
    ['a phone number', visitorContact({ phone: '6912345678' })],
    ['an international phone with spaces', visitorContact({ phone: '+30 691 234 5678' })],
    ['a 20-character phone', visitorContact({ phone: '+' + '1'.repeat(19) })],
    ['a 100-character name', visitorContact({ name: 'x'.repeat(100) })],
    ['a Greek name', visitorContact({ name: 'Μαρία Παπαδοπούλου' })],
    // 100 two-byte characters: a byte-counting size() would reject this.
    ['a 100-character Greek name', visitorContact({ name: 'α'.repeat(100) })],
    // Beside the control characters refused below: the last character before C1, and an emoji.
    ['a name with ~, NBSP and an emoji', visitorContact({ name: 'Μαρία~\u00a0😀' })],
    // The neighbours of the separators' and bidirectional controls' ranges, refused below.
    ['a name with U+2027, U+202F and U+206A', visitorContact({ name: 'Μα\u2027ρί\u202Fα\u206A' })],
    ['an upper-case email', visitorContact({ email: 'MARIA@EXAMPLE.COM' })],
    ['a 254-character email', visitorContact({ email: emailOfLength(254) })],
  ])('is allowed with %s', async (_label, data) => {
    await assertSucceeds(leaveContact(data));
  });

  it.each<[string, DocumentData]>([
    ['a 101-character name', visitorContact({ name: 'x'.repeat(101) })],
    ['a 101-character Greek name', visitorContact({ name: 'α'.repeat(101) })],
    ['an empty name', visitorContact({ name: '' })],
    ['a numeric name', visitorContact({ name: 42 })],
    // Lists and maps have a size() too, so only the type check stops these.
    ['a list as name', visitorContact({ name: ['Maria'] })],
    ['a map as name', visitorContact({ name: { first: 'Maria' } })],
    // A line feed would hide a formula in the owner's CSV export (browser/owner/export.ts).
    ['a line feed in the name', visitorContact({ name: '=HYPERLINK("x")\nMaria' })],
    ['a tab in the name', visitorContact({ name: 'Maria\tP' })],
    ['a carriage return in the name', visitorContact({ name: 'Maria\r' })],
    ['a NUL in the name', visitorContact({ name: 'Maria\u0000' })],
    ['a unit separator (U+001F) in the name', visitorContact({ name: 'Maria\u001f' })],
    ['a DEL in the name', visitorContact({ name: 'Maria\u007f' })],
    ['a C1 next line (U+0085) in the name', visitorContact({ name: 'Maria\u0085' })],
    ['a C1 U+009F in the name', visitorContact({ name: 'Maria\u009f' })],
    // A right-to-left override would show the name reversed in the owner's mail and console.
    ['a right-to-left override (U+202E) in the name', visitorContact({ name: 'Μαρία \u202Eαπ' })],
    ['a left-to-right embedding (U+202A) in the name', visitorContact({ name: 'Μαρία\u202A' })],
    ['a first-strong isolate (U+2068) in the name', visitorContact({ name: '\u2068Μαρία' })],
    ['a pop directional isolate (U+2069) in the name', visitorContact({ name: 'Μαρία\u2069' })],
    ['a line separator (U+2028) in the name', visitorContact({ name: 'Μαρία\u2028Π' })],
    ['a paragraph separator (U+2029) in the name', visitorContact({ name: 'Μαρία\u2029Π' })],
    ['no name', withoutKey('name')],
    ['no email', withoutKey('email')],
    ['no createdAt', withoutKey('createdAt')],
    ['an email without @', visitorContact({ email: 'maria.example.com' })],
    ['an email without a top-level domain', visitorContact({ email: 'maria@example' })],
    ['an email with trailing text', visitorContact({ email: 'maria@example.com <x>' })],
    ['a 255-character email', visitorContact({ email: emailOfLength(255) })],
    ['a non-string email', visitorContact({ email: ['maria@example.com'] })],
    ['a phone with letters', visitorContact({ phone: '691 CALL ME' })],
    ['a phone with + in the middle', visitorContact({ phone: '30+6912345678' })],
    ['a phone that is only a +', visitorContact({ phone: '+' })],
    ['a phone of spaces', visitorContact({ phone: '   ' })],
    ['a 21-character phone', visitorContact({ phone: '+' + '1'.repeat(20) })],
    ['a numeric phone', visitorContact({ phone: 6912345678 })],
    ['an extra key', visitorContact({ company: 'ACME' })],
    // The lead's status is its owner's (lib/lead-status.ts), set only through karta's server.
    ...LEAD_STATUSES.map((status): [string, DocumentData] => [
      `a status (${status})`,
      visitorContact({ status }),
    ]),
    ['createdAt from Timestamp.now()', visitorContact({ createdAt: Timestamp.now() })],
    ['createdAt from a Date', visitorContact({ createdAt: new Date() })],
  ])('is denied with %s', async (_label, data) => {
    await assertFails(leaveContact(data));
  });

  it('is denied on a profile that does not exist', async () => {
    await assertFails(leaveContact(visitorContact(), 'nobody'));
  });

  it('is allowed via setDoc with a client-chosen new id, since that is still a create', async () => {
    const ref = contactRef(visitorDb(), PROFILE, 'my-own-id');
    await assertSucceeds(setDoc(ref, visitorContact()));
  });

  it('is denied via setDoc over an existing contact, since that is an update', async () => {
    const ref = contactRef(visitorDb(), PROFILE, SEEDED_CONTACT);
    await assertFails(setDoc(ref, visitorContact({ name: 'Overwritten' })));
  });
});

describe('existing contacts', () => {
  it('cannot be read anonymously', async () => {
    await assertFails(getDoc(contactRef(visitorDb(), PROFILE, SEEDED_CONTACT)));
  });

  it('cannot be read when signed in', async () => {
    await assertFails(getDoc(contactRef(signedInDb(), PROFILE, SEEDED_CONTACT)));
  });

  it('cannot be listed', async () => {
    await assertFails(getDocs(contactsOf(visitorDb(), PROFILE)));
  });

  it('cannot be updated', async () => {
    const ref = contactRef(visitorDb(), PROFILE, SEEDED_CONTACT);
    await assertFails(updateDoc(ref, { name: 'Changed' }));
  });

  it('cannot be deleted', async () => {
    await assertFails(deleteDoc(contactRef(visitorDb(), PROFILE, SEEDED_CONTACT)));
  });
});

describe('profiles', () => {
  it('cannot be read by clients', async () => {
    await assertFails(getDoc(cardRef(visitorDb(), PROFILE)));
    await assertFails(getDoc(cardRef(signedInDb(), PROFILE)));
  });

  it('cannot be written by clients', async () => {
    await assertFails(setDoc(cardRef(visitorDb(), PROFILE), { displayName: 'Forged' }));
    await assertFails(setDoc(cardRef(signedInDb(), 'newcomer'), { displayName: 'Forged' }));
  });

  it('cannot be listed by clients', async () => {
    await assertFails(getDocs(collection(visitorDb(), USERS_COLLECTION)));
  });
});

describe('any other path', () => {
  it('is closed to clients', async () => {
    await assertFails(setDoc(doc(visitorDb(), 'other', 'doc'), { any: 'thing' }));
    await assertFails(getDoc(doc(signedInDb(), cardPath(PROFILE), 'private', 'x')));
  });
});
