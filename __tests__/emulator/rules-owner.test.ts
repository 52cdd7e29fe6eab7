// The owner's side of firestore.rules: browsers read, karta's server writes. The read matrix (the
// card's owner, another signed-in user, an anonymous visitor), every write the console used to
// make from the browser now refused for all three, the names the rules share with
// lib/collections.ts, and the largest requests left measured against Firestore's limit of 1,000
// expressions. The owner's writes themselves are tested through the server
// (__tests__/e2e/owner-api.test.ts); the visitor's contact in rules.test.ts.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  Bytes,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getCountFromServer,
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
  ADMINS_FIELD,
  CLAIMED_FIELD,
  COMPANIES_COLLECTION,
  COMPANY_FIELD,
  CONTACTS_COLLECTION,
  CREATED_FIELD,
  ERASED_AT_FIELD,
  ERASURES_COLLECTION,
  GOOGLE_OBJECTS_COLLECTION,
  INVITES_COLLECTION,
  JOINED_FIELD,
  MEMBERS_COLLECTION,
  MEMBER_UIDS_FIELD,
  NEW_CONTACT_MAIL_FIELD,
  OFF_FIELD,
  OWNERS_COLLECTION,
  OWNER_WRITES_COLLECTION,
  OWNER_FIELD,
  STATS_COLLECTION,
  UPDATED_FIELD,
  USERS_COLLECTION,
  DEPARTURES_COLLECTION,
  TEAMS_COLLECTION,
} from '@/lib/collections';
import {
  cardRef,
  contactRef,
  contactsOf,
  contactsSince,
  photoRef,
  statsDay,
  statsOf,
} from '../helpers/card-refs';
import {
  OTHER_UID as OTHER,
  OWNER_UID as OWNER,
  RULES_TEXT,
  rulesFile,
  type Role,
} from '../helpers/rules';
import { visitorContact } from '../helpers/visitor-contact';

const CARD = 'maria';
const CONTACT = 'seeded';
const CLAIMED_AT = Timestamp.fromMillis(Date.UTC(2025, 0, 1));

const ROLES: Role[] = ['owner', 'other', 'anonymous'];

const { dbAs, asServer, seed, measured } = rulesFile('demo-karta-owner-rules');

const uidOf = (role: Role) => (role === 'owner' ? OWNER : OTHER);

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

/** A day of counts after the claim's (2025-01-01 at Athens). */
const SINCE_CLAIM_DAY = '2025-07-14';

/** The owner's contacts as the console asks for them: those left since the claim, newest first. */
const ownContacts = (db: Firestore) => contactsSince(db, CARD, CLAIMED_AT);

/** A contact with every field the sheet writes: the most the rules check. */
const fullContact = (overrides: DocumentData = {}) =>
  visitorContact({ phone: '+30 691 234 5678', ...overrides });

// Seeded once: a refused write changes nothing, and the few tests that change data come last.
beforeAll(async () => {
  await seed(async (db) => {
    await setDoc(cardRef(db, CARD), {
      username: CARD,
      firstName: 'Μαρία',
      [OWNER_FIELD]: OWNER,
      [CLAIMED_FIELD]: CLAIMED_AT,
    });
    await setDoc(doc(db, OWNERS_COLLECTION, OWNER), { username: CARD });
    await setDoc(contactRef(db, CARD, CONTACT), {
      name: 'Νίκος',
      email: 'nikos@example.gr',
      createdAt: Timestamp.now(),
    });
    // Left for an earlier owner of the name, before the claim.
    await setDoc(contactRef(db, CARD, 'earlier'), {
      name: 'Πέτρος',
      email: 'petros@example.gr',
      createdAt: Timestamp.fromMillis(CLAIMED_AT.toMillis() - 1000),
    });
    await setDoc(statsDay(db, CARD, SINCE_CLAIM_DAY), { views: 3 });
    // Counted for an earlier owner of the name, before the claim.
    await setDoc(statsDay(db, CARD, '2024-12-31'), { views: 9 });
    await setDoc(photoRef(db, CARD), {
      bytes: Bytes.fromUint8Array(new Uint8Array(10)),
      contentType: 'image/webp',
      version: 'v1',
    });
    await setDoc(doc(db, ERASURES_COLLECTION, 'old'), { at: Timestamp.now() });
    // A card nobody owns yet (made by hand or by the seed).
    await setDoc(cardRef(db, 'kostas'), { username: 'kostas', firstName: 'Κώστας' });
  });
});

// ---------------------------------------------------------------------------------------------
// What a browser may read.

/** What a browser tries, who may, and the attempt as `db`, signed in as `role`. */
type Read = [
  operation: string,
  allowed: Role[],
  run: (db: Firestore, role: Role) => Promise<unknown>,
];
const NOBODY: Role[] = [];

const READS: Read[] = [
  ['read the card (users/maria)', ['owner'], (db) => getDoc(cardRef(db, CARD))],
  ['watch the card', ['owner'], (db) => watch(cardRef(db, CARD))],
  ['list the users collection', NOBODY, (db) => getDocs(collection(db, USERS_COLLECTION))],
  ["read another card (users/kostas, nobody's)", NOBODY, (db) => getDoc(cardRef(db, 'kostas'))],
  ['read one contact', ['owner'], (db) => getDoc(contactRef(db, CARD, CONTACT))],
  ['read a contact left before the claim', NOBODY, (db) => getDoc(contactRef(db, CARD, 'earlier'))],
  ['list the contacts since the claim', ['owner'], (db) => getDocs(ownContacts(db))],
  ['count the contacts since the claim', ['owner'], (db) => getCountFromServer(ownContacts(db))],
  [
    'list the contacts without asking for those since the claim',
    NOBODY,
    (db) => getDocs(query(contactsOf(db, CARD), orderBy(CREATED_FIELD, 'desc'))),
  ],
  ['watch the contacts (onSnapshot, newest first)', ['owner'], (db) => watch(ownContacts(db))],
  [
    'read a stats day since the claim',
    ['owner'],
    (db) => getDoc(statsDay(db, CARD, SINCE_CLAIM_DAY)),
  ],
  [
    'watch a stats day since the claim',
    ['owner'],
    (db) => watch(statsDay(db, CARD, SINCE_CLAIM_DAY)),
  ],
  ['read a stats day before the claim', NOBODY, (db) => getDoc(statsDay(db, CARD, '2024-12-31'))],
  // A rule cannot bound a list by document id: the console gets each day.
  ['list the stats', NOBODY, (db) => getDocs(statsOf(db, CARD))],
  ['read the photo document', NOBODY, (db) => getDoc(photoRef(db, CARD))],
  [
    'read owners/{own uid}',
    ['owner', 'other'],
    (db, role) => getDoc(doc(db, OWNERS_COLLECTION, uidOf(role))),
  ],
  [
    "read owners/{the card owner's uid}",
    ['owner'],
    (db) => getDoc(doc(db, OWNERS_COLLECTION, OWNER)),
  ],
  ['list owners', NOBODY, (db) => getDocs(collection(db, OWNERS_COLLECTION))],
  ['read an erasure entry', NOBODY, (db) => getDoc(doc(db, ERASURES_COLLECTION, 'old'))],
  // The server's count of the account's writes (lib/owner-writes.ts): no browser reads or resets it.
  [
    'read ownerWrites/{own uid}',
    NOBODY,
    (db, role) => getDoc(doc(db, OWNER_WRITES_COLLECTION, uidOf(role))),
  ],
  [
    'reset ownerWrites/{own uid}',
    NOBODY,
    (db, role) => setDoc(doc(db, OWNER_WRITES_COLLECTION, uidOf(role)), { start: 0, count: 0 }),
  ],
  // Which Google Wallet objects a card's links named (server/wallet/google-object-store.ts).
  [
    'read a Google Wallet object record',
    NOBODY,
    (db) => getDoc(doc(db, GOOGLE_OBJECTS_COLLECTION, 'x.y')),
  ],
  [
    'list the Google Wallet object records',
    NOBODY,
    (db) => getDocs(collection(db, GOOGLE_OBJECTS_COLLECTION)),
  ],
  [
    'leave a contact (a visitor’s create)',
    ROLES,
    (db) => addDoc(contactsOf(db, CARD), fullContact()),
  ],
];

describe.each(READS)('%s', (_operation, allowed, run) => {
  it.each(ROLES)('as %s', async (role) => {
    const attempt = run(dbAs(role), role);
    if (allowed.includes(role)) await assertSucceeds(attempt);
    else await assertFails(attempt);
  });
});

// ---------------------------------------------------------------------------------------------
// Every write the console made from the browser before its writes went through karta's server,
// as it made them: refused to everyone, the card's owner included.

const stamp = () => ({ [UPDATED_FIELD]: serverTimestamp() });

const FORMER_WRITES: Array<[string, (db: Firestore, uid: string) => Promise<unknown>]> = [
  [
    'claim a free username (card + owners/{uid} in one batch)',
    (db, uid) => {
      const batch = writeBatch(db);
      batch.set(cardRef(db, 'eleni'), {
        username: 'eleni',
        firstName: 'Ελένη',
        [OWNER_FIELD]: uid,
        [CLAIMED_FIELD]: serverTimestamp(),
        ...stamp(),
      });
      batch.set(doc(db, OWNERS_COLLECTION, uid), { username: 'eleni' });
      return batch.commit();
    },
  ],
  ['edit a field', (db) => updateDoc(cardRef(db, CARD), { jobTitle: 'Πολεοδόμος', ...stamp() })],
  [
    'remove a field',
    (db) => updateDoc(cardRef(db, CARD), { firstName: deleteField(), ...stamp() }),
  ],
  [
    'upload the photo with the card that names it',
    (db) => {
      const batch = writeBatch(db);
      batch.set(photoRef(db, CARD), {
        bytes: Bytes.fromUint8Array(new Uint8Array(1000)),
        contentType: 'image/webp',
        version: 'v2',
      });
      batch.update(cardRef(db, CARD), {
        displayImage: `/${CARD}/photo/v2`,
        ...stamp(),
      });
      return batch.commit();
    },
  ],
  [
    'remove the photo',
    (db) => {
      const batch = writeBatch(db);
      batch.delete(photoRef(db, CARD));
      batch.update(cardRef(db, CARD), { displayImage: deleteField(), ...stamp() });
      return batch.commit();
    },
  ],
  ['delete a contact', (db) => deleteDoc(contactRef(db, CARD, CONTACT))],
  ['update a contact', (db) => updateDoc(contactRef(db, CARD, CONTACT), { name: 'Άλλος' })],
  [
    'turn new-contact e-mails off',
    (db, uid) => updateDoc(doc(db, OWNERS_COLLECTION, uid), { [NEW_CONTACT_MAIL_FIELD]: false }),
  ],
  [
    'erase the card (card, photo, owners/{uid} and the tombstone in one batch)',
    (db, uid) => {
      const batch = writeBatch(db);
      batch.delete(photoRef(db, CARD));
      batch.delete(cardRef(db, CARD));
      batch.delete(doc(db, OWNERS_COLLECTION, uid));
      batch.set(doc(db, ERASURES_COLLECTION, CARD), { [ERASED_AT_FIELD]: serverTimestamp() });
      return batch.commit();
    },
  ],
  ['delete the card alone', (db) => deleteDoc(cardRef(db, CARD))],
  ['write a stats day', (db) => setDoc(statsDay(db, CARD, '2025-07-15'), { views: 1 })],
  ['write any other path', (db) => setDoc(doc(db, 'other', 'doc'), { any: 'thing' })],
];

describe.each(FORMER_WRITES)('%s', (_name, run) => {
  it.each(ROLES)('is refused as %s', async (role) => {
    await assertFails(run(dbAs(role), uidOf(role)));
  });
});

it('leaves the data as the server wrote it', async () => {
  for (const role of ROLES) {
    for (const [, run] of FORMER_WRITES) await run(dbAs(role), uidOf(role)).catch(() => {});
  }
  await asServer(async (db) => {
    expect((await getDoc(cardRef(db, CARD))).data()).toEqual({
      username: CARD,
      firstName: 'Μαρία',
      [OWNER_FIELD]: OWNER,
      [CLAIMED_FIELD]: CLAIMED_AT,
    });
    expect((await getDoc(doc(db, OWNERS_COLLECTION, OWNER))).data()).toEqual({ username: CARD });
    expect((await getDoc(contactRef(db, CARD, CONTACT))).get('name')).toBe('Νίκος');
    expect((await getDoc(photoRef(db, CARD))).get('version')).toBe('v1');
    expect((await getDoc(cardRef(db, 'eleni'))).exists()).toBe(false);
    expect((await getDoc(doc(db, ERASURES_COLLECTION, CARD))).exists()).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// The rules name what lib/collections.ts names.

it('names the collections and the fields it checks as lib/collections.ts does', () => {
  const names = (pattern: RegExp) => [...new Set(RULES_TEXT.match(pattern))].sort();
  expect(names(/(?<=match \/)\w+(?=\/\{\w+\} \{)/g)).toEqual(
    [
      USERS_COLLECTION,
      CONTACTS_COLLECTION,
      STATS_COLLECTION,
      OWNERS_COLLECTION,
      COMPANIES_COLLECTION,
      MEMBERS_COLLECTION,
      INVITES_COLLECTION,
      DEPARTURES_COLLECTION,
      TEAMS_COLLECTION,
    ].sort(),
  );
  expect(names(/(?<=\/documents\/)\w+(?=\/\$\()/g)).toEqual(
    [USERS_COLLECTION, COMPANIES_COLLECTION].sort(),
  );
  for (const check of [
    `resource.data.${OWNER_FIELD} == request.auth.uid`,
    `card(username).${OWNER_FIELD} == request.auth.uid`,
    `data.${CREATED_FIELD} >= claimTime(`,
    `card(username).get('${CLAIMED_FIELD}', timestamp.value(0))`,
    `data.${CREATED_FIELD} == request.time`,
    `'${COMPANY_FIELD}' in card(username)`,
    `card(username).${COMPANY_FIELD})`,
    `data.${CREATED_FIELD} >= card(username).${JOINED_FIELD}`,
    `athensDay(card(username).${JOINED_FIELD})`,
    `!('${OFF_FIELD}' in card(username))`,
    `request.auth.uid in resource.data.${ADMINS_FIELD}`,
    `request.auth.uid in resource.data.${MEMBER_UIDS_FIELD}`,
    `.data.${ADMINS_FIELD};`,
  ]) {
    expect(RULES_TEXT).toContain(check);
  }
  // Nothing is written from a browser but a contact.
  expect(RULES_TEXT.match(/allow [^:]*:/g)?.sort()).toEqual(
    [
      'allow create:',
      ...Array<string>(5).fill('allow get:'),
      ...Array<string>(4).fill('allow read:'),
    ].sort(),
  );
});

// ---------------------------------------------------------------------------------------------
// Firestore evaluates at most 1,000 expressions for a request. The emulator stops there ("the
// maximum of 1000 expressions to evaluate has been reached") but tells no request its count, so
// the limit itself measures: a chain of terms that costs nothing else shows where it is reached,
// and the same chain in front of the largest requests left shows how much room they leave.

const PADDING_TERM = 'request.time != null';

function padding(name: string, terms: number): string {
  const chunks: string[] = [];
  // Forty terms a function: one long expression is refused as too complex when the rules load.
  for (let i = 0; i * 40 < terms; i++) {
    const chunk = Array.from({ length: Math.min(40, terms - i * 40) }, () => PADDING_TERM);
    chunks.push(`function ${name}${i}() { return ${chunk.join(' && ')}; }`);
  }
  const calls = chunks.map((_, i) => `${name}${i}()`).join(' && ');
  return `${chunks.join('\n')}\nfunction ${name}() { return ${calls}; }`;
}

/** Above the limit alone: each term costs more than 1,000 / LIMIT_TERMS expressions. */
const LIMIT_TERMS = 170;
/** Under it alone, and in front of the requests below: at least 130 × 1,000 / 170 ≈ 765. */
const HEADROOM_TERMS = 130;

function paddedRules(): string {
  const withCalls = RULES_TEXT.replace(
    'allow create: if isLiveCard(username)',
    'allow create: if headroom() && isLiveCard(username)',
  )
    .replace(
      'allow read: if (isCardOwner(username) &&',
      'allow read: if headroom() && (isCardOwner(username) &&',
    )
    .replace(
      'allow get: if (isCardOwner(username) && day >=',
      'allow get: if headroom() && (isCardOwner(username) && day >=',
    );
  expect(withCalls.match(/headroom\(\) &&/g)).toHaveLength(3);
  return withCalls.replace(
    'match /databases/{database}/documents {',
    `match /databases/{database}/documents {
      ${padding('headroom', HEADROOM_TERMS)}
      ${padding('overflow', LIMIT_TERMS)}
      match /headroom/{id} { allow get: if headroom(); }
      match /overflow/{id} { allow get: if overflow(); }`,
  );
}

const padded = rulesFile('demo-karta-rules-headroom', paddedRules());

describe("the largest requests left, against Firestore's 1,000 expressions", () => {
  beforeEach(async () => {
    await padded.asServer(async (db) => {
      await setDoc(cardRef(db, CARD), {
        username: CARD,
        [OWNER_FIELD]: OWNER,
        [CLAIMED_FIELD]: CLAIMED_AT,
      });
      await setDoc(contactRef(db, CARD, CONTACT), {
        name: 'Νίκος',
        email: 'n@example.gr',
        createdAt: Timestamp.now(),
      });
    });
  });

  it(`reaches the limit with ${LIMIT_TERMS} terms alone, not with ${HEADROOM_TERMS}`, async () => {
    await assertSucceeds(getDoc(doc(padded.dbAs('other'), 'headroom', 'x')));
    await expect(getDoc(doc(padded.dbAs('other'), 'overflow', 'x'))).rejects.toThrow(
      /maximum of 1000 expressions/,
    );
  });

  it(`leaves room for ${HEADROOM_TERMS} terms beside the largest contact a visitor can leave`, async () => {
    const largest = () =>
      fullContact({ name: 'α'.repeat(100), email: `${'a'.repeat(243)}@example.gr` });
    await measured('a contact create', () =>
      addDoc(contactsOf(dbAs('anonymous'), CARD), largest()),
    );
    await assertSucceeds(addDoc(contactsOf(padded.dbAs('anonymous'), CARD), largest()));
  });

  it(`leaves room for ${HEADROOM_TERMS} terms beside the owner's contacts, live and counted`, async () => {
    await measured("the owner's contacts query", () => getDocs(ownContacts(dbAs('owner'))));
    const db = padded.dbAs('owner');
    await assertSucceeds(getDocs(ownContacts(db)));
    await assertSucceeds(watch(ownContacts(db)));
    await assertSucceeds(getCountFromServer(ownContacts(db)));
  });

  it(`leaves room for ${HEADROOM_TERMS} terms beside a stats day, whose claim day the rules work out`, async () => {
    await measured("the owner's stats day", () =>
      getDoc(statsDay(dbAs('owner'), CARD, SINCE_CLAIM_DAY)),
    );
    const db = padded.dbAs('owner');
    await assertSucceeds(getDoc(statsDay(db, CARD, SINCE_CLAIM_DAY)));
    await assertSucceeds(watch(statsDay(db, CARD, SINCE_CLAIM_DAY)));
  });

  // The card is a member card here, read by its company's admin: the owner's test fails first.
  it(`leaves room for ${HEADROOM_TERMS} terms beside an admin's contacts and stats day of a member card`, async () => {
    const admin = 'admin-uid';
    await padded.asServer(async (db) => {
      await updateDoc(cardRef(db, CARD), {
        [COMPANY_FIELD]: 'studio',
        [JOINED_FIELD]: CLAIMED_AT,
      });
      await setDoc(doc(db, COMPANIES_COLLECTION, 'studio'), {
        [ADMINS_FIELD]: [admin],
        [MEMBER_UIDS_FIELD]: [admin, OWNER],
      });
    });
    const db = padded.dbOf(admin);
    await assertSucceeds(getDocs(ownContacts(db)));
    await assertSucceeds(watch(ownContacts(db)));
    await assertSucceeds(getDoc(statsDay(db, CARD, SINCE_CLAIM_DAY)));
  });
});

// ---------------------------------------------------------------------------------------------
// Last, as they change the seeded data: the server reclaims the name, then erases the card.

it('shows a name claimed again by another owner only the contacts left since', async () => {
  // The server's claim of the name by the other account, after the first owner's erasure.
  const reclaimed = Timestamp.now();
  await asServer((db) =>
    setDoc(cardRef(db, CARD), {
      username: CARD,
      [OWNER_FIELD]: OTHER,
      [CLAIMED_FIELD]: reclaimed,
    }),
  );
  await assertSucceeds(addDoc(contactsOf(dbAs('anonymous'), CARD), fullContact()));
  const since = query(contactsOf(dbAs('other'), CARD), where(CREATED_FIELD, '>=', reclaimed));
  expect((await getDocs(since)).docs.map((d) => d.get('name'))).toEqual(['Ελένη']);
  await assertFails(getDoc(contactRef(dbAs('other'), CARD, CONTACT)));
  await assertFails(getDocs(ownContacts(dbAs('other'))));
  await assertFails(getDocs(ownContacts(dbAs('owner'))));
});

it('refuses a contact on a card that is gone', async () => {
  await asServer((db) => deleteDoc(cardRef(db, CARD)));
  await assertFails(addDoc(contactsOf(dbAs('anonymous'), CARD), fullContact()));
});
