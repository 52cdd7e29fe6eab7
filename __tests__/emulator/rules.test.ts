import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type DocumentData,
} from 'firebase/firestore';
import { rulesFile } from '../helpers/rules';

// Its own project id, so clearFirestore() cannot wipe data other emulator test files rely on.
const PROJECT_ID = 'demo-karta-rules';
const PROFILE = 'maria';
const SEEDED_CONTACT = 'seeded';

const { dbAs, asServer, clear } = rulesFile(PROJECT_ID);
const visitorDb = () => dbAs('anonymous');
const signedInDb = () => dbAs('other');

function validContact(overrides: DocumentData = {}): DocumentData {
  return {
    name: 'Maria Papadopoulou',
    email: 'maria@example.com',
    createdAt: serverTimestamp(),
    ...overrides,
  };
}

function withoutKey(key: string): DocumentData {
  const contact = validContact();
  delete contact[key];
  return contact;
}

function leaveContact(data: DocumentData, username = PROFILE) {
  return addDoc(collection(visitorDb(), 'users', username, 'contacts'), data);
}

/** A syntactically valid address of exactly `length` characters. */
function emailOfLength(length: number): string {
  const domain = '@example.com';
  return 'a'.repeat(length - domain.length) + domain;
}

beforeEach(async () => {
  await clear();
  await asServer(async (db) => {
    await setDoc(doc(db, 'users', PROFILE), { displayName: 'Maria Papadopoulou' });
    await setDoc(doc(db, 'users', PROFILE, 'contacts', SEEDED_CONTACT), {
      name: 'Earlier Visitor',
      email: 'earlier@example.com',
      createdAt: Timestamp.now(),
    });
  });
});

describe('creating a contact', () => {
  it.each<[string, DocumentData]>([
    ['name, email and createdAt only', validContact()],
    ['a phone number', validContact({ phone: '6912345678' })],
    ['an international phone with spaces', validContact({ phone: '+30 691 234 5678' })],
    ['a 20-character phone', validContact({ phone: '+' + '1'.repeat(19) })],
    ['a 100-character name', validContact({ name: 'x'.repeat(100) })],
    ['a Greek name', validContact({ name: 'Μαρία Παπαδοπούλου' })],
    // 100 two-byte characters: a byte-counting size() would reject this.
    ['a 100-character Greek name', validContact({ name: 'α'.repeat(100) })],
    // Beside the control characters refused below: the last character before C1, and an emoji.
    ['a name with ~, NBSP and an emoji', validContact({ name: 'Μαρία~\u00a0😀' })],
    // The neighbours of the separators' and bidirectional controls' ranges, refused below.
    ['a name with U+2027, U+202F and U+206A', validContact({ name: 'Μα\u2027ρί\u202Fα\u206A' })],
    ['an upper-case email', validContact({ email: 'MARIA@EXAMPLE.COM' })],
    ['a 254-character email', validContact({ email: emailOfLength(254) })],
  ])('is allowed with %s', async (_label, data) => {
    await assertSucceeds(leaveContact(data));
  });

  it.each<[string, DocumentData]>([
    ['a 101-character name', validContact({ name: 'x'.repeat(101) })],
    ['a 101-character Greek name', validContact({ name: 'α'.repeat(101) })],
    ['an empty name', validContact({ name: '' })],
    ['a numeric name', validContact({ name: 42 })],
    // Lists and maps have a size() too, so only the type check stops these.
    ['a list as name', validContact({ name: ['Maria'] })],
    ['a map as name', validContact({ name: { first: 'Maria' } })],
    // A line feed would hide a formula in the owner's CSV export (browser/owner/export.ts).
    ['a line feed in the name', validContact({ name: '=HYPERLINK("x")\nMaria' })],
    ['a tab in the name', validContact({ name: 'Maria\tP' })],
    ['a carriage return in the name', validContact({ name: 'Maria\r' })],
    ['a NUL in the name', validContact({ name: 'Maria\u0000' })],
    ['a unit separator (U+001F) in the name', validContact({ name: 'Maria\u001f' })],
    ['a DEL in the name', validContact({ name: 'Maria\u007f' })],
    ['a C1 next line (U+0085) in the name', validContact({ name: 'Maria\u0085' })],
    ['a C1 U+009F in the name', validContact({ name: 'Maria\u009f' })],
    // A right-to-left override would show the name reversed in the owner's mail and console.
    ['a right-to-left override (U+202E) in the name', validContact({ name: 'Μαρία \u202Eαπ' })],
    ['a left-to-right embedding (U+202A) in the name', validContact({ name: 'Μαρία\u202A' })],
    ['a first-strong isolate (U+2068) in the name', validContact({ name: '\u2068Μαρία' })],
    ['a pop directional isolate (U+2069) in the name', validContact({ name: 'Μαρία\u2069' })],
    ['a line separator (U+2028) in the name', validContact({ name: 'Μαρία\u2028Π' })],
    ['a paragraph separator (U+2029) in the name', validContact({ name: 'Μαρία\u2029Π' })],
    ['no name', withoutKey('name')],
    ['no email', withoutKey('email')],
    ['no createdAt', withoutKey('createdAt')],
    ['an email without @', validContact({ email: 'maria.example.com' })],
    ['an email without a top-level domain', validContact({ email: 'maria@example' })],
    ['an email with trailing text', validContact({ email: 'maria@example.com <x>' })],
    ['a 255-character email', validContact({ email: emailOfLength(255) })],
    ['a non-string email', validContact({ email: ['maria@example.com'] })],
    ['a phone with letters', validContact({ phone: '691 CALL ME' })],
    ['a phone with + in the middle', validContact({ phone: '30+6912345678' })],
    ['a phone that is only a +', validContact({ phone: '+' })],
    ['a phone of spaces', validContact({ phone: '   ' })],
    ['a 21-character phone', validContact({ phone: '+' + '1'.repeat(20) })],
    ['a numeric phone', validContact({ phone: 6912345678 })],
    ['an extra key', validContact({ company: 'ACME' })],
    ['createdAt from Timestamp.now()', validContact({ createdAt: Timestamp.now() })],
    ['createdAt from a Date', validContact({ createdAt: new Date() })],
  ])('is denied with %s', async (_label, data) => {
    await assertFails(leaveContact(data));
  });

  it('is denied on a profile that does not exist', async () => {
    await assertFails(leaveContact(validContact(), 'nobody'));
  });

  it('is allowed via setDoc with a client-chosen new id, since that is still a create', async () => {
    const ref = doc(visitorDb(), 'users', PROFILE, 'contacts', 'my-own-id');
    await assertSucceeds(setDoc(ref, validContact()));
  });

  it('is denied via setDoc over an existing contact, since that is an update', async () => {
    const ref = doc(visitorDb(), 'users', PROFILE, 'contacts', SEEDED_CONTACT);
    await assertFails(setDoc(ref, validContact({ name: 'Overwritten' })));
  });
});

describe('existing contacts', () => {
  it('cannot be read anonymously', async () => {
    await assertFails(getDoc(doc(visitorDb(), 'users', PROFILE, 'contacts', SEEDED_CONTACT)));
  });

  it('cannot be read when signed in', async () => {
    await assertFails(getDoc(doc(signedInDb(), 'users', PROFILE, 'contacts', SEEDED_CONTACT)));
  });

  it('cannot be listed', async () => {
    await assertFails(getDocs(collection(visitorDb(), 'users', PROFILE, 'contacts')));
  });

  it('cannot be updated', async () => {
    const ref = doc(visitorDb(), 'users', PROFILE, 'contacts', SEEDED_CONTACT);
    await assertFails(updateDoc(ref, { name: 'Changed' }));
  });

  it('cannot be deleted', async () => {
    await assertFails(deleteDoc(doc(visitorDb(), 'users', PROFILE, 'contacts', SEEDED_CONTACT)));
  });
});

describe('profiles', () => {
  it('cannot be read by clients', async () => {
    await assertFails(getDoc(doc(visitorDb(), 'users', PROFILE)));
    await assertFails(getDoc(doc(signedInDb(), 'users', PROFILE)));
  });

  it('cannot be written by clients', async () => {
    await assertFails(setDoc(doc(visitorDb(), 'users', PROFILE), { displayName: 'Forged' }));
    await assertFails(setDoc(doc(signedInDb(), 'users', 'newcomer'), { displayName: 'Forged' }));
  });

  it('cannot be listed by clients', async () => {
    await assertFails(getDocs(collection(visitorDb(), 'users')));
  });
});

describe('any other path', () => {
  it('is closed to clients', async () => {
    await assertFails(setDoc(doc(visitorDb(), 'other', 'doc'), { any: 'thing' }));
    await assertFails(getDoc(doc(signedInDb(), 'users', PROFILE, 'private', 'x')));
  });
});
