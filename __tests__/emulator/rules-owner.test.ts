// The owner's side of firestore.rules: the full matrix (the card's owner, another signed-in user,
// an anonymous visitor × every operation), and the card's field validation held together with
// lib/profile.ts, which the console's editor uses.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  Bytes,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  DocumentReference,
  type DocumentData,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  PHOTO_PATH_LIKE_PATTERN,
  PHOTO_PATH_PATTERN,
  PHOTO_VERSION_PATTERN,
} from '@/lib/card-photo';
import {
  CARD_EMAIL_PATTERN,
  CARD_FIELD_RULES,
  CARD_IMAGE_PATTERN,
  CARD_LINK_PATTERN,
  CARD_PHONE_PATTERN,
  CARD_PHOTO_PATTERN,
  EDITABLE_FIELDS,
  THUMBNAIL_MAX_CHARS,
  cardValueProblem,
  type EditableField,
} from '@/lib/profile';
import {
  CLAIMED_FIELD,
  CONTACTS_COLLECTION,
  CREATED_FIELD,
  ERASED_AT_FIELD,
  ERASURES_COLLECTION,
  NEW_CONTACT_MAIL_FIELD,
  OWNED_CARD_FIELD,
  OWNERS_COLLECTION,
  OWNER_FIELD,
  PHOTO_COLLECTION,
  PHOTO_DOC_ID,
  STATS_COLLECTION,
  UPDATED_FIELD,
  USERS_COLLECTION,
} from '@/lib/collections';
import { deleteCardAndData } from '@/browser/owner/card';
import {
  CLAIMABLE_USERNAME_PATTERN,
  RESERVED_USERNAMES,
  claimProblem,
  isValidUsername,
} from '@/lib/username';
import {
  OTHER_UID as OTHER,
  OWNER_UID as OWNER,
  RULES_TEXT,
  rulesFile,
  type Role,
} from '../helpers/rules';

// Its own project id, so clearFirestore() cannot wipe data other emulator test files rely on.
const PROJECT_ID = 'demo-karta-owner-rules';
const CARD = 'maria';
const CONTACT = 'seeded';

const ROLES: Role[] = ['owner', 'other', 'anonymous'];

const { dbAs, asServer: seed, clear } = rulesFile(PROJECT_ID);

function uidOf(role: Role): string {
  return role === 'owner' ? OWNER : OTHER;
}

function exists(pathSegments: string): Promise<boolean> {
  return seed(async (db) => (await getDoc(doc(db, pathSegments))).exists());
}

/** Resolves on the first snapshot, rejects on a denial: what a live listener gets. */
function watch(target: Query | DocumentReference): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      stop();
      resolve();
    };
    // Two overloads, one per kind of target.
    const stop =
      target instanceof DocumentReference
        ? onSnapshot(target, done, reject)
        : onSnapshot(target, done, reject);
  });
}

/**
 * A claim as the console makes it (browser/owner/card.ts claimCard): the card, with the claim's time
 * and the change marker, and the owners/{uid} index entry in one batch.
 */
function claim(db: Firestore, uid: string, username: string, fields: DocumentData = {}) {
  const batch = writeBatch(db);
  const card: DocumentData = {
    username,
    [OWNER_FIELD]: uid,
    [CLAIMED_FIELD]: serverTimestamp(),
    [UPDATED_FIELD]: serverTimestamp(),
    firstName: 'Νέα',
    ...fields,
  };
  // A field given as undefined is left out.
  for (const [key, value] of Object.entries(card)) if (value === undefined) delete card[key];
  batch.set(doc(db, 'users', username), card);
  batch.set(doc(db, 'owners', uid), { username });
  return batch.commit();
}

/** An edit as the console makes it (saveCard): the changes and the change marker. */
function edit(db: Firestore, username: string, changes: DocumentData) {
  return updateDoc(doc(db, 'users', username), { ...changes, [UPDATED_FIELD]: serverTimestamp() });
}

/** The owner's contacts as the console asks for them: those left since the claim, newest first. */
async function ownContacts(db: Firestore, username = CARD): Promise<Query> {
  let since = Timestamp.fromMillis(0);
  await seed(async (admin) => {
    const claimedAt: unknown = (await getDoc(doc(admin, 'users', username))).get(CLAIMED_FIELD);
    if (claimedAt instanceof Timestamp) since = claimedAt;
  });
  return query(
    collection(db, 'users', username, 'contacts'),
    where('createdAt', '>=', since),
    orderBy('createdAt', 'desc'),
  );
}

/** Erasure by the console's own function (deleteCardAndData), as `db`'s user. */
function deleteCard(db: Firestore, uid: string, username: string): Promise<void> {
  return deleteCardAndData(uid, username, db);
}

const photoRef = (db: Firestore, username = CARD) => doc(db, 'users', username, 'photo', 'current');

interface PhotoDoc {
  bytes: Bytes;
  contentType: string;
  version: string;
}

function photoOf(size: number, contentType = 'image/webp', version = 'v2'): PhotoDoc {
  return { bytes: Bytes.fromUint8Array(new Uint8Array(size).fill(7)), contentType, version };
}

/** An upload as the console makes it: the photo with the card that names it, in one batch. */
function upload(db: Firestore, photo: PhotoDoc | DocumentData, username = CARD, version?: string) {
  const batch = writeBatch(db);
  batch.set(photoRef(db, username), photo);
  batch.update(doc(db, 'users', username), {
    displayImage: `/${username}/photo/${version ?? (photo.version as string)}`,
    thumbnailBase64: '/9j/4AAQ',
    [UPDATED_FIELD]: serverTimestamp(),
  });
  return batch.commit();
}

/** Removal as the console does it: the photo and the two fields, in one batch. */
function removePhoto(db: Firestore) {
  const batch = writeBatch(db);
  batch.delete(photoRef(db));
  batch.update(doc(db, 'users', CARD), {
    displayImage: deleteField(),
    thumbnailBase64: deleteField(),
    [UPDATED_FIELD]: serverTimestamp(),
  });
  return batch.commit();
}

/** The card showing its stored photo, version v1. */
function seedPhoto() {
  return seed(async (db) => {
    await setDoc(photoRef(db), photoOf(1000, 'image/jpeg', 'v1'));
    await updateDoc(doc(db, 'users', CARD), { displayImage: `/${CARD}/photo/v1` });
  });
}

beforeEach(async () => {
  await clear();
  await seed(async (db) => {
    await setDoc(doc(db, 'users', CARD), {
      username: CARD,
      firstName: 'Μαρία',
      jobTitle: 'Αρχιτέκτονας',
      // A hand-made value the owner's rules would not accept today: editing other fields must
      // still work.
      displayImage: 'demo/maria.jpg',
      [OWNER_FIELD]: OWNER,
    });
    await setDoc(doc(db, 'owners', OWNER), { username: CARD });
    await setDoc(doc(db, 'users', CARD, 'contacts', CONTACT), {
      name: 'Νίκος',
      email: 'nikos@example.gr',
      createdAt: Timestamp.now(),
    });
    // A card nobody owns yet (made by hand or by the seed).
    await setDoc(doc(db, 'users', 'kostas'), { username: 'kostas', firstName: 'Κώστας' });
  });
});

// ---------------------------------------------------------------------------------------------
// The matrix. Each row: an operation, and whether each role may do it.

interface Row {
  operation: string;
  allowed: Record<Role, boolean>;
  run: (db: Firestore, role: Role) => Promise<unknown>;
}

const only = (role: Role | null): Record<Role, boolean> => ({
  owner: role === 'owner',
  other: role === 'other',
  anonymous: role === 'anonymous',
});
const everyone = { owner: true, other: true, anonymous: true };
const nobody = only(null);

const contactRef = (db: Firestore) => doc(db, 'users', CARD, 'contacts', CONTACT);
const contactsOf = (db: Firestore) => collection(db, 'users', CARD, 'contacts');

const MATRIX: Row[] = [
  {
    operation: 'read the card (users/maria)',
    allowed: only('owner'),
    run: (db) => getDoc(doc(db, 'users', CARD)),
  },
  {
    operation: 'watch the card',
    allowed: only('owner'),
    run: (db) => watch(doc(db, 'users', CARD)),
  },
  {
    operation: 'list the users collection',
    allowed: nobody,
    run: (db) => getDocs(collection(db, 'users')),
  },
  {
    operation: "read another card (users/kostas, nobody's)",
    allowed: nobody,
    run: (db) => getDoc(doc(db, 'users', 'kostas')),
  },
  {
    operation: 'read one contact',
    allowed: only('owner'),
    run: (db) => getDoc(contactRef(db)),
  },
  {
    operation: 'list the contacts',
    allowed: only('owner'),
    run: async (db) => getDocs(await ownContacts(db)),
  },
  {
    operation: 'list the contacts without asking for those since the claim',
    allowed: nobody,
    run: (db) => getDocs(query(contactsOf(db), orderBy('createdAt', 'desc'))),
  },
  {
    operation: 'watch the contacts (onSnapshot, newest first)',
    allowed: only('owner'),
    run: async (db) => watch(await ownContacts(db)),
  },
  {
    operation: 'delete a contact',
    allowed: only('owner'),
    run: (db) => deleteDoc(contactRef(db)),
  },
  {
    operation: 'update a contact',
    allowed: nobody,
    run: (db) => updateDoc(contactRef(db), { name: 'Άλλος' }),
  },
  {
    operation: 'leave a contact (a visitor’s create)',
    allowed: everyone,
    run: (db) =>
      addDoc(contactsOf(db), {
        name: 'Ελένη',
        email: 'eleni@example.gr',
        createdAt: serverTimestamp(),
      }),
  },
  {
    operation: 'update the card’s jobTitle (valid)',
    allowed: only('owner'),
    run: (db) => edit(db, CARD, { jobTitle: 'Πολεοδόμος' }),
  },
  {
    operation: 'update the card without the change marker (updatedAt)',
    allowed: nobody,
    run: (db) => updateDoc(doc(db, 'users', CARD), { jobTitle: 'Πολεοδόμος' }),
  },
  {
    operation: 'update the card with a change time of its own (updatedAt)',
    allowed: nobody,
    run: (db) =>
      updateDoc(doc(db, 'users', CARD), {
        jobTitle: 'Πολεοδόμος',
        [UPDATED_FIELD]: Timestamp.now(),
      }),
  },
  {
    operation: 'change the claim time (claimedAt)',
    allowed: nobody,
    run: (db) => edit(db, CARD, { [CLAIMED_FIELD]: Timestamp.fromMillis(0) }),
  },
  {
    operation: 'remove a field of the card',
    allowed: only('owner'),
    run: (db) => edit(db, CARD, { jobTitle: deleteField() }),
  },
  {
    operation: 'update the card with a javascript: link',
    allowed: nobody,
    run: (db) => edit(db, CARD, { websiteLink: 'javascript:alert(1)' }),
  },
  {
    operation: 'change username',
    allowed: nobody,
    run: (db) => edit(db, CARD, { username: 'maria2' }),
  },
  {
    operation: 'remove username',
    allowed: nobody,
    run: (db) => edit(db, CARD, { username: deleteField() }),
  },
  {
    operation: 'change the owner',
    allowed: nobody,
    run: (db) => edit(db, CARD, { [OWNER_FIELD]: OTHER }),
  },
  {
    operation: 'remove the owner',
    allowed: nobody,
    run: (db) => edit(db, CARD, { [OWNER_FIELD]: deleteField() }),
  },
  {
    operation: 'add a field the card does not have (isAdmin)',
    allowed: nobody,
    run: (db) => edit(db, CARD, { isAdmin: true }),
  },
  {
    operation: 'replace the whole card (set without its owner)',
    allowed: nobody,
    run: (db) => setDoc(doc(db, 'users', CARD), { username: CARD, firstName: 'Άλλη' }),
  },
  {
    operation: 'edit a card nobody owns (users/kostas)',
    allowed: nobody,
    run: (db) => edit(db, 'kostas', { jobTitle: 'Κλέφτης' }),
  },
  {
    operation: 'delete the card with its contacts and index entry',
    allowed: only('owner'),
    run: (db, role) => deleteCard(db, uidOf(role), CARD),
  },
  {
    operation: 'delete the card and its index entry without its erasure entry',
    allowed: nobody,
    run: (db, role) => {
      const batch = writeBatch(db);
      batch.delete(doc(db, 'users', CARD));
      batch.delete(doc(db, 'owners', uidOf(role)));
      return batch.commit();
    },
  },
  {
    operation: 'write an erasure entry for a card that stays',
    allowed: nobody,
    run: (db) => setDoc(doc(db, ERASURES_COLLECTION, CARD), { at: serverTimestamp() }),
  },
  {
    operation: 'read an erasure entry',
    allowed: nobody,
    run: async (db) => {
      await seed((admin) =>
        setDoc(doc(admin, ERASURES_COLLECTION, 'old'), { at: Timestamp.now() }),
      );
      return getDoc(doc(db, ERASURES_COLLECTION, 'old'));
    },
  },
  {
    operation: 'delete the card but keep the index entry',
    allowed: nobody,
    run: (db) => deleteDoc(doc(db, 'users', CARD)),
  },
  {
    operation: 'delete the index entry but keep the card',
    allowed: nobody,
    run: (db, role) => deleteDoc(doc(db, 'owners', uidOf(role))),
  },
  {
    operation: 'read owners/{own uid}',
    allowed: { owner: true, other: true, anonymous: false },
    run: (db, role) => getDoc(doc(db, 'owners', uidOf(role))),
  },
  {
    operation: "read owners/{the card owner's uid}",
    allowed: only('owner'),
    run: (db) => getDoc(doc(db, 'owners', OWNER)),
  },
  {
    operation: 'turn new-contact mails off in owners/{own uid}',
    // The other account has no entry to update.
    allowed: only('owner'),
    run: (db, role) =>
      updateDoc(doc(db, 'owners', uidOf(role)), { [NEW_CONTACT_MAIL_FIELD]: false }),
  },
  {
    operation: 'turn them on in owners/{own uid}',
    allowed: only('owner'),
    run: (db, role) =>
      updateDoc(doc(db, 'owners', uidOf(role)), { [NEW_CONTACT_MAIL_FIELD]: true }),
  },
  {
    operation: "turn them off in owners/{the card owner's uid}",
    allowed: only('owner'),
    run: (db) => updateDoc(doc(db, 'owners', OWNER), { [NEW_CONTACT_MAIL_FIELD]: false }),
  },
  {
    operation: 'set newContactMail to something other than true or false',
    allowed: nobody,
    run: (db, role) =>
      updateDoc(doc(db, 'owners', uidOf(role)), { [NEW_CONTACT_MAIL_FIELD]: 'no' }),
  },
  {
    operation: 'point owners/{own uid} at another card while changing the switch',
    allowed: nobody,
    run: (db, role) =>
      updateDoc(doc(db, 'owners', uidOf(role)), {
        username: 'kostas',
        [NEW_CONTACT_MAIL_FIELD]: true,
      }),
  },
  {
    operation: 'claim a free username (card + index in one batch)',
    // The owner already has a card: one per account.
    allowed: only('other'),
    run: (db, role) => claim(db, uidOf(role), 'eleni'),
  },
  {
    operation: 'claim without the claim time (claimedAt)',
    allowed: nobody,
    run: (db, role) => claim(db, uidOf(role), 'eleni', { [CLAIMED_FIELD]: undefined }),
  },
  {
    operation: 'claim with a claim time of its own (claimedAt at the epoch)',
    allowed: nobody,
    run: (db, role) =>
      claim(db, uidOf(role), 'eleni', { [CLAIMED_FIELD]: Timestamp.fromMillis(0) }),
  },
  {
    operation: 'claim a taken username (maria)',
    allowed: nobody,
    run: (db, role) => claim(db, uidOf(role), CARD),
  },
  {
    operation: 'claim a username nobody owns but that exists (kostas)',
    allowed: nobody,
    run: (db, role) => claim(db, uidOf(role), 'kostas'),
  },
  {
    operation: 'claim a reserved username (account)',
    allowed: nobody,
    run: (db, role) => claim(db, uidOf(role), 'account'),
  },
  {
    operation: 'claim for someone else (ownerUid of another account)',
    allowed: nobody,
    run: (db, role) => claim(db, role === 'owner' ? OTHER : OWNER, 'eleni'),
  },
  {
    operation: 'create a card without its index entry',
    allowed: nobody,
    run: (db, role) =>
      setDoc(doc(db, 'users', 'eleni'), {
        username: 'eleni',
        [OWNER_FIELD]: uidOf(role),
      }),
  },
  {
    operation: 'point the index entry at an existing card',
    allowed: nobody,
    run: (db, role) => setDoc(doc(db, 'owners', uidOf(role)), { username: 'kostas' }),
  },
  {
    operation: 'upload the card’s photo (photo, displayImage, thumbnail in one batch)',
    allowed: only('owner'),
    run: (db) => upload(db, photoOf(50_000)),
  },
  {
    operation: 'replace the card’s photo',
    allowed: only('owner'),
    run: async (db) => {
      await seedPhoto();
      return upload(db, photoOf(50_000, 'image/jpeg', 'v2'));
    },
  },
  {
    operation: 'write the photo alone (the card does not name it)',
    allowed: nobody,
    run: (db) => setDoc(photoRef(db), photoOf(1000)),
  },
  {
    operation: 'upload a photo whose version the card does not name',
    allowed: nobody,
    run: (db) => upload(db, photoOf(1000, 'image/webp', 'v2'), CARD, 'v3'),
  },
  {
    operation: 'upload a photo over the size limit',
    allowed: nobody,
    run: (db) => upload(db, photoOf(PHOTO_MAX_BYTES + 1)),
  },
  {
    operation: 'upload a photo of another type (image/gif)',
    allowed: nobody,
    run: (db) => upload(db, photoOf(1000, 'image/gif')),
  },
  {
    operation: 'upload a photo with a field the rules do not know',
    allowed: nobody,
    run: (db) => upload(db, { ...photoOf(1000), owner: 'x' }),
  },
  {
    operation: 'upload a photo to a card nobody owns (users/kostas)',
    allowed: nobody,
    run: (db) => upload(db, photoOf(1000), 'kostas'),
  },
  {
    operation: 'read the photo document',
    allowed: nobody,
    run: async (db) => {
      await seedPhoto();
      return getDoc(photoRef(db));
    },
  },
  {
    operation: 'remove the photo (photo, displayImage, thumbnail in one batch)',
    allowed: only('owner'),
    run: async (db) => {
      await seedPhoto();
      return removePhoto(db);
    },
  },
  {
    operation: 'delete the photo while the card still shows it',
    allowed: nobody,
    run: async (db) => {
      await seedPhoto();
      return deleteDoc(photoRef(db));
    },
  },
  {
    operation: 'point the card at another card’s photo (/nikos/photo/v1)',
    allowed: nobody,
    run: (db) => edit(db, CARD, { displayImage: '/nikos/photo/v1' }),
  },
  {
    operation: 'any other path',
    allowed: nobody,
    run: (db) => setDoc(doc(db, 'other', 'doc'), { any: 'thing' }),
  },
];

describe.each(MATRIX)('$operation', ({ allowed, run }) => {
  it.each(ROLES)('as %s', async (role) => {
    const attempt = run(dbAs(role), role);
    if (allowed[role]) await assertSucceeds(attempt);
    else await assertFails(attempt);
  });
});

describe('what the allowed operations leave behind', () => {
  it('deleting the card removes its contacts, the card and the index entry', async () => {
    await deleteCard(dbAs('owner'), OWNER, CARD);
    expect(await exists(`users/${CARD}`)).toBe(false);
    expect(await exists(`users/${CARD}/contacts/${CONTACT}`)).toBe(false);
    expect(await exists(`owners/${OWNER}`)).toBe(false);
    // The account may then claim a card again.
    await assertSucceeds(claim(dbAs('owner'), OWNER, 'maria-nea'));
  });

  it('deleting the card leaves erasures/{username} with the time of the erasure', async () => {
    const before = Date.now();
    await deleteCard(dbAs('owner'), OWNER, CARD);
    await seed(async (db) => {
      const at: unknown = (await getDoc(doc(db, ERASURES_COLLECTION, CARD))).get('at');
      expect(at).toBeInstanceOf(Timestamp);
      expect((at as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 1000);
    });
  });

  it('a name erased and claimed again shows its new owner only what was left since', async () => {
    await deleteCard(dbAs('owner'), OWNER, CARD);
    // A contact that raced the erasure: written before the card went, after the owner's deletes.
    const raced = 'raced';
    await seed((db) =>
      setDoc(doc(db, 'users', CARD, 'contacts', raced), {
        name: 'Πέτρος',
        email: 'petros@example.gr',
        createdAt: Timestamp.now(),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await assertSucceeds(claim(dbAs('other'), OTHER, CARD));
    await assertSucceeds(
      addDoc(contactsOf(dbAs('anonymous')), {
        name: 'Ελένη',
        email: 'eleni@example.gr',
        createdAt: serverTimestamp(),
      }),
    );
    const mine = await getDocs(await ownContacts(dbAs('other')));
    expect(mine.docs.map((d) => d.get('name'))).toEqual(['Ελένη']);
    await assertFails(getDoc(doc(dbAs('other'), 'users', CARD, 'contacts', raced)));
    await assertFails(deleteDoc(doc(dbAs('other'), 'users', CARD, 'contacts', raced)));
    await assertFails(
      getDocs(query(contactsOf(dbAs('other')), where('createdAt', '>=', Timestamp.fromMillis(0)))),
    );
  });

  it('deleting the card takes its photo with it', async () => {
    await upload(dbAs('owner'), photoOf(1000));
    await deleteCard(dbAs('owner'), OWNER, CARD);
    expect(await exists(`users/${CARD}/photo/current`)).toBe(false);
  });

  it('a refused upload leaves the card and its old photo as they were', async () => {
    await seedPhoto();
    await assertFails(upload(dbAs('owner'), photoOf(PHOTO_MAX_BYTES + 1)));
    let stored: DocumentData | undefined;
    await seed(async (db) => {
      stored = (await getDoc(doc(db, 'users', CARD))).data();
      expect((await getDoc(photoRef(db))).get('version')).toBe('v1');
    });
    expect(stored?.displayImage).toBe(`/${CARD}/photo/v1`);
    expect(stored).not.toHaveProperty('thumbnailBase64');
  });

  it('a visitor cannot leave a contact on a deleted card', async () => {
    await deleteCard(dbAs('owner'), OWNER, CARD);
    await assertFails(
      addDoc(contactsOf(dbAs('anonymous')), {
        name: 'Ελένη',
        email: 'eleni@example.gr',
        createdAt: serverTimestamp(),
      }),
    );
  });

  it("the owner of another card cannot read or delete this card's contacts", async () => {
    await assertSucceeds(claim(dbAs('other'), OTHER, 'eleni'));
    await assertFails(getDocs(await ownContacts(dbAs('other'))));
    await assertFails(deleteDoc(contactRef(dbAs('other'))));
  });

  it('a claimed card can be read back and edited by its owner only', async () => {
    await assertSucceeds(claim(dbAs('other'), OTHER, 'eleni', { jobTitle: 'Γιατρός' }));
    await assertSucceeds(getDoc(doc(dbAs('other'), 'users', 'eleni')));
    await assertSucceeds(edit(dbAs('other'), 'eleni', { city: 'Πάτρα' }));
    await assertFails(edit(dbAs('owner'), 'eleni', { city: 'Βόλος' }));
  });
});

// ---------------------------------------------------------------------------------------------
// One source per rule: the console validates with lib/profile.ts and lib/username.ts; the rules
// must judge every sample the same way.

const LINK_SAMPLES = [
  'https://www.example.gr/',
  'http://example.gr:8080/a?b=c#d',
  'HTTPS://EXAMPLE.GR',
  'javascript:alert(1)',
  'ftp://example.gr/',
  'https://user@evil.example/',
  'https://example.gr/a b',
  'https://example.gr/α',
  '//example.gr/a',
  'www.example.gr',
];

const SAMPLES: Record<string, unknown[]> = {
  text: ['Αρχιτέκτονας', '😀', 42, ['a'], { a: 1 }, true],
  email: ['maria@example.gr', 'MARIA@EXAMPLE.GR', 'maria@example', 'maria', 'a b@example.gr'],
  phone: ['+30 691 234 5678', '2101234567', '+', '30+69', '691-234', 'abc', ' '],
  link: LINK_SAMPLES,
  image: [
    ...LINK_SAMPLES,
    '/demo/maria.jpg',
    '/\\evil.example',
    'demo/maria.jpg',
    '/',
    // The card's own photo path, and others' however written (displayImage only).
    `/${CARD}/photo/Ab_-9`,
    '/nikos/photo/Ab_-9',
    `/${CARD}/photo/Ab?x=1`,
    `/${CARD}/photo/`,
    '/nikos\\photo\\Ab',
    '/nikos/./PHOTO/Ab',
    '/n%69kos/photo/Ab',
    '/demo/photo-of-maria.jpg',
  ],
  photo: ['/9j/4AAQSkZJRg==', 'abc=', 'not base64!', 'data:image/jpeg;base64,/9j/', 'a===', '='],
};

function atLength(rule: { kind: string; max: number }, length: number): string {
  switch (rule.kind) {
    case 'email':
      return 'a'.repeat(length - '@example.gr'.length) + '@example.gr';
    case 'phone':
      return '1'.repeat(length);
    case 'link':
    case 'image':
      return 'https://example.gr/' + 'a'.repeat(length - 'https://example.gr/'.length);
    case 'photo':
      return 'A'.repeat(length);
    default:
      // Greek: two UTF-8 bytes each, so a byte-counting limit would show.
      return 'α'.repeat(length);
  }
}

function samplesFor(field: EditableField): unknown[] {
  const rule = CARD_FIELD_RULES[field];
  return [
    atLength(rule, rule.max),
    atLength(rule, rule.max + 1),
    '',
    42,
    ...(SAMPLES[rule.kind] ?? []),
  ];
}

describe.each(EDITABLE_FIELDS)('the owner editing %s', (field) => {
  it('is judged by the rules exactly as by cardValueProblem', async () => {
    const db = dbAs('owner');
    const verdicts: Array<[unknown, string, string]> = [];
    for (const value of samplesFor(field)) {
      const expected = cardValueProblem(field, value, CARD) === null ? 'allowed' : 'denied';
      let actual = 'allowed';
      try {
        await edit(db, CARD, { [field]: value });
      } catch {
        actual = 'denied';
      }
      verdicts.push([typeof value === 'string' ? value.slice(0, 40) : value, expected, actual]);
    }
    expect(verdicts.filter(([, expected, actual]) => expected !== actual)).toEqual([]);
    // Both outcomes occurred, so the samples really tested the limit and the pattern.
    expect(new Set(verdicts.map(([, expected]) => expected))).toEqual(
      new Set(['allowed', 'denied']),
    );
  });
});

describe('the rules file and the TypeScript rules', () => {
  it('holds each pattern of lib/profile.ts and lib/username.ts verbatim', () => {
    for (const pattern of [
      CARD_EMAIL_PATTERN,
      CARD_PHONE_PATTERN,
      CARD_LINK_PATTERN,
      CARD_IMAGE_PATTERN,
      CARD_PHOTO_PATTERN,
      CLAIMABLE_USERNAME_PATTERN,
    ]) {
      const quoted = [`'${pattern}'`, `'(?i)${pattern}'`];
      expect([pattern, quoted.some((text) => RULES_TEXT.includes(text))]).toEqual([pattern, true]);
    }
    expect(RULES_TEXT).toContain(`'thumbnailBase64', ${THUMBNAIL_MAX_CHARS},`);
  });

  it('holds the photo’s limits and paths of lib/card-photo.ts', () => {
    for (const pattern of [PHOTO_PATH_PATTERN, PHOTO_VERSION_PATTERN]) {
      expect(RULES_TEXT).toContain(`'${pattern}'`);
    }
    expect(RULES_TEXT).toContain(`'(?i)${PHOTO_PATH_LIKE_PATTERN}'`);
    expect(RULES_TEXT).toContain(`data.bytes.size() <= ${PHOTO_MAX_BYTES}`);
    const types = /data\.contentType in \[([^\]]*)\]/.exec(RULES_TEXT)?.[1];
    expect(types?.match(/'[^']+'/g)?.map((quoted) => quoted.slice(1, -1))).toEqual([
      ...PHOTO_CONTENT_TYPES,
    ]);
  });

  it.each<[string, number, string, boolean]>([
    ['at the limit', PHOTO_MAX_BYTES, 'image/jpeg', true],
    ['one byte over', PHOTO_MAX_BYTES + 1, 'image/jpeg', false],
    ['empty', 0, 'image/webp', false],
    ['a PNG', 1000, 'image/png', false],
    ...PHOTO_CONTENT_TYPES.map((type): [string, number, string, boolean] => [
      type,
      1000,
      type,
      true,
    ]),
  ])('judges a photo %s as lib/card-photo.ts says', async (_name, size, type, allowed) => {
    const attempt = upload(dbAs('owner'), photoOf(size, type));
    if (allowed) await assertSucceeds(attempt);
    else await assertFails(attempt);
  });

  it('lists the editable fields of lib/profile.ts, in order', () => {
    const listed = /function editableFields\(\) \{\s*return \[([^\]]*)\]/.exec(RULES_TEXT)?.[1];
    expect(listed?.match(/'[^']+'/g)?.map((quoted) => quoted.slice(1, -1))).toEqual(
      EDITABLE_FIELDS,
    );
  });

  it("names the owner's mail switch as lib/collections.ts does", () => {
    expect(RULES_TEXT).toContain(`affectedKeys().hasOnly(['${NEW_CONTACT_MAIL_FIELD}'])`);
    expect(RULES_TEXT).toContain(`request.resource.data.${NEW_CONTACT_MAIL_FIELD} is bool`);
  });

  it('names the collections and the fields it checks as lib/collections.ts does', () => {
    const names = (pattern: RegExp) => [...new Set(RULES_TEXT.match(pattern))].sort();
    expect(names(/(?<=match \/)\w+(?=\/\{\w+\} \{)/g)).toEqual(
      [
        USERS_COLLECTION,
        CONTACTS_COLLECTION,
        STATS_COLLECTION,
        PHOTO_COLLECTION,
        OWNERS_COLLECTION,
        ERASURES_COLLECTION,
      ].sort(),
    );
    expect(names(/(?<=\/documents\/)\w+(?=\/\$\()/g)).toEqual(
      [USERS_COLLECTION, OWNERS_COLLECTION, ERASURES_COLLECTION].sort(),
    );
    for (const check of [
      `photoId == '${PHOTO_DOC_ID}'`,
      `data.${OWNER_FIELD} == request.auth.uid`,
      `data.${CLAIMED_FIELD} == request.time`,
      `.data.get('${CLAIMED_FIELD}', timestamp.value(0))`,
      `data.${UPDATED_FIELD} == request.time`,
      `data.${CREATED_FIELD} == request.time`,
      `data.${ERASED_AT_FIELD} == request.time`,
      `data.keys().hasOnly(['${OWNED_CARD_FIELD}'])`,
    ]) {
      expect(RULES_TEXT).toContain(check);
    }
  });

  it('reserves the words of lib/username.ts', () => {
    const listed = /!\(username in \[([^\]]*)\]\)/.exec(RULES_TEXT)?.[1];
    expect(listed?.match(/'[^']+'/g)?.map((quoted) => quoted.slice(1, -1))).toEqual(
      RESERVED_USERNAMES,
    );
  });

  it.each(['account', 'api', 'privacy', 'demo', 'icons', 'help', 'static', 'terms'])(
    'refuses a claim of the reserved %j, as claimProblem does',
    async (username) => {
      expect(isValidUsername(username)).toBe(false);
      expect(claimProblem(username)).not.toBeNull();
      await assertFails(claim(dbAs('other'), OTHER, username));
    },
  );

  it.each([
    ['eleni', true],
    ['el', false],
    ['Eleni', false],
    ['eleni-', false],
    ['ελένη', false],
    ['e.l_e-ni9', true],
    ['a'.repeat(30), true],
    ['a'.repeat(31), false],
  ])('judges the claim of %j like claimProblem', async (username, allowed) => {
    expect(claimProblem(username) === null).toBe(allowed);
    const attempt = claim(dbAs('other'), OTHER, username);
    if (allowed) await assertSucceeds(attempt);
    else await assertFails(attempt);
  });
});
