// The companies' side of firestore.rules: an admin reads the contacts of every card of the company
// left since it joined, and its stats from the Athens day it joined; a member gets the company
// document and reads nothing of another member's; a removed member reads nothing of the company;
// only admins get and list the members and the invitations; nobody reads the logo or the outbox,
// and no browser writes any of it. No visitor leaves a contact on a switched-off card.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import {
  ADMINS_FIELD,
  CLAIMED_FIELD,
  COMPANIES_COLLECTION,
  COMPANY_FIELD,
  COMPANY_NAME_FIELD,
  INVITES_COLLECTION,
  JOINED_FIELD,
  MEMBERS_COLLECTION,
  MEMBER_UIDS_FIELD,
  OFF_FIELD,
  OUTBOX_COLLECTION,
  OWNER_FIELD,
  companyLogoPath,
  invitePath,
  memberPath,
} from '@/lib/collections';
import {
  cardRef,
  contactRef,
  contactsOf,
  contactsSince,
  statsDay,
  statsOf,
} from '../helpers/card-refs';
import { departurePath } from '@/lib/collections';
import { rulesFile } from '../helpers/rules';
import { visitorContact } from '../helpers/visitor-contact';

const { dbOf, dbAs, asServer, seed, measured } = rulesFile('demo-karta-company-rules');

const COMPANY = 'studio';
const OTHER_COMPANY = 'northwind';
const ADMIN = 'uid-maria';
const MEMBER = 'uid-kostas';
const OTHER_MEMBER = 'uid-alice';
/** Was an admin, then left: their card is switched off. */
const REMOVED = 'uid-petros';
/** The admin of another company. */
const OUTSIDER = 'uid-nikos';

const CLAIMED_AT = Timestamp.fromDate(new Date('2025-01-01T10:00:00Z'));
/** Kostas's card joined at 23:30 at Athens on 14 July 2025 (UTC+3): its Athens day is the 14th. */
const JOINED_AT = Timestamp.fromDate(new Date('2025-07-14T20:30:00Z'));
const before = (at: Timestamp, ms = 1000) => Timestamp.fromMillis(at.toMillis() - ms);
const after = (at: Timestamp, ms = 1000) => Timestamp.fromMillis(at.toMillis() + ms);

const companyRef = (db: Firestore, id = COMPANY) => doc(db, COMPANIES_COLLECTION, id);
const membersOf = (db: Firestore, id = COMPANY) =>
  collection(db, COMPANIES_COLLECTION, id, MEMBERS_COLLECTION);
const invitesOf = (db: Firestore, id = COMPANY) =>
  collection(db, COMPANIES_COLLECTION, id, INVITES_COLLECTION);

const member = (username: string, role: 'admin' | 'member', joinedAt: Timestamp) => ({
  username,
  role,
  status: 'active',
  joinedAt,
  firstName: username,
  lastName: 'Δοκιμή',
  email: `${username}@example.gr`,
});

// Seeded once: a refused request changes nothing, and the tests that change data come last.
beforeAll(async () => {
  await seed(async (db) => {
    await setDoc(companyRef(db), {
      [COMPANY_NAME_FIELD]: 'Studio Φως',
      template: { address: { value: 'Ερμού 45, 10563 Αθήνα', locked: true } },
      [ADMINS_FIELD]: [ADMIN],
      [MEMBER_UIDS_FIELD]: [ADMIN, MEMBER, OTHER_MEMBER],
      templateAt: CLAIMED_AT,
      createdAt: CLAIMED_AT,
    });
    await setDoc(companyRef(db, OTHER_COMPANY), {
      [COMPANY_NAME_FIELD]: 'Northwind',
      template: {},
      [ADMINS_FIELD]: [OUTSIDER],
      [MEMBER_UIDS_FIELD]: [OUTSIDER],
      templateAt: CLAIMED_AT,
      createdAt: CLAIMED_AT,
    });
    const joined = (uid: string, joinedAt: Timestamp, company = COMPANY) => ({
      [OWNER_FIELD]: uid,
      [CLAIMED_FIELD]: CLAIMED_AT,
      [COMPANY_FIELD]: company,
      [JOINED_FIELD]: joinedAt,
    });
    await setDoc(cardRef(db, 'maria'), { username: 'maria', ...joined(ADMIN, CLAIMED_AT) });
    await setDoc(cardRef(db, 'kostas'), { username: 'kostas', ...joined(MEMBER, JOINED_AT) });
    await setDoc(cardRef(db, 'alice'), { username: 'alice', ...joined(OTHER_MEMBER, JOINED_AT) });
    await setDoc(cardRef(db, 'nikos'), {
      username: 'nikos',
      ...joined(OUTSIDER, CLAIMED_AT, OTHER_COMPANY),
    });
    // Petros left: his card is switched off, has no owner, and stays the company's.
    await setDoc(cardRef(db, 'petros'), {
      username: 'petros',
      [CLAIMED_FIELD]: CLAIMED_AT,
      [COMPANY_FIELD]: COMPANY,
      [JOINED_FIELD]: JOINED_AT,
      [OFF_FIELD]: after(JOINED_AT, 86_400_000),
    });
    // A personal card, of no company.
    await setDoc(cardRef(db, 'eva'), { username: 'eva', [OWNER_FIELD]: 'uid-eva' });

    for (const username of ['kostas', 'alice', 'petros']) {
      await setDoc(contactRef(db, username, 'before'), {
        name: 'Πριν',
        email: 'before@example.gr',
        createdAt: before(JOINED_AT),
      });
      await setDoc(contactRef(db, username, 'since'), {
        name: 'Μετά',
        email: 'since@example.gr',
        createdAt: after(JOINED_AT),
      });
      for (const day of ['2025-07-13', '2025-07-14', '2025-07-15']) {
        await setDoc(statsDay(db, username, day), { views: 1 });
      }
    }
    await setDoc(contactRef(db, 'eva', 'one'), {
      name: 'Ένας',
      email: 'one@example.gr',
      createdAt: after(JOINED_AT),
    });
    await setDoc(statsDay(db, 'eva', '2025-07-15'), { views: 1 });

    await setDoc(doc(db, memberPath(COMPANY, ADMIN)), member('maria', 'admin', CLAIMED_AT));
    await setDoc(doc(db, memberPath(COMPANY, MEMBER)), member('kostas', 'member', JOINED_AT));
    await setDoc(doc(db, memberPath(COMPANY, OTHER_MEMBER)), member('alice', 'member', JOINED_AT));
    await setDoc(doc(db, memberPath(COMPANY, REMOVED)), {
      ...member('petros', 'admin', JOINED_AT),
      status: 'removed',
      removedAt: after(JOINED_AT, 86_400_000),
    });
    await setDoc(doc(db, invitePath(COMPANY, 'a1b2')), {
      email: 'eleni@example.com',
      status: 'pending',
      createdAt: CLAIMED_AT,
      expiresAt: after(CLAIMED_AT, 7 * 86_400_000),
      invitedBy: ADMIN,
    });
    await setDoc(doc(db, companyLogoPath(COMPANY)), {
      contentType: 'image/png',
      version: 'v1',
    });
    await setDoc(doc(db, departurePath(REMOVED)), {
      companyName: 'Studio Φως',
      username: 'petros',
      removed: false,
      at: after(JOINED_AT, 86_400_000),
    });
    await setDoc(doc(db, OUTBOX_COLLECTION, 'mail-1'), {
      to: 'eleni@example.com',
      subject: 'Πρόσκληση',
      text: 'token',
      createdAt: CLAIMED_AT,
    });
  });
});

describe('the company document', () => {
  it.each([ADMIN, MEMBER, OTHER_MEMBER])('is read by %s, an admin or a member', async (uid) => {
    const company = await assertSucceeds(getDoc(companyRef(dbOf(uid))));
    expect(company.get(COMPANY_NAME_FIELD)).toBe('Studio Φως');
  });

  it('is not read by a removed member, the admin of another company, or a visitor', async () => {
    await assertFails(getDoc(companyRef(dbOf(REMOVED))));
    await assertFails(getDoc(companyRef(dbOf(OUTSIDER))));
    await assertFails(getDoc(companyRef(dbAs('anonymous'))));
    // Another company's, by this one's admin.
    await assertFails(getDoc(companyRef(dbOf(ADMIN), OTHER_COMPANY)));
  });

  it('is listed by nobody, not even an admin among its members', async () => {
    const companies = collection(dbOf(ADMIN), COMPANIES_COLLECTION);
    await assertFails(getDocs(companies));
    await assertFails(getDocs(query(companies, where(ADMINS_FIELD, 'array-contains', ADMIN))));
  });
});

describe.each([
  ['members', membersOf, (db: Firestore) => doc(db, memberPath(COMPANY, MEMBER))],
  ['invitations', invitesOf, (db: Firestore) => doc(db, invitePath(COMPANY, 'a1b2'))],
])('the %s', (_name, list, one) => {
  it('are listed and read by an admin', async () => {
    expect((await assertSucceeds(getDocs(list(dbOf(ADMIN))))).size).toBeGreaterThan(0);
    await assertSucceeds(getDoc(one(dbOf(ADMIN))));
  });

  it.each([
    ['a member', MEMBER],
    ['a removed member', REMOVED],
    ["another company's admin", OUTSIDER],
  ])('are neither listed nor read by %s', async (_who, uid) => {
    await assertFails(getDocs(list(dbOf(uid))));
    await assertFails(getDoc(one(dbOf(uid))));
  });

  it('are not read by a visitor', async () => {
    await assertFails(getDocs(list(dbAs('anonymous'))));
  });
});

test('a departure note is read by its own account alone, and written by no browser', async () => {
  await assertSucceeds(getDoc(doc(dbOf(REMOVED), departurePath(REMOVED))));
  await assertFails(getDoc(doc(dbOf(ADMIN), departurePath(REMOVED))));
  await assertFails(getDoc(doc(dbAs('anonymous'), departurePath(REMOVED))));
  await assertFails(setDoc(doc(dbOf(REMOVED), departurePath(REMOVED)), { removed: true }));
});

test('nobody reads the logo document or the outbox (the server serves and sends them)', async () => {
  for (const uid of [ADMIN, MEMBER]) {
    await assertFails(getDoc(doc(dbOf(uid), companyLogoPath(COMPANY))));
    await assertFails(getDoc(doc(dbOf(uid), OUTBOX_COLLECTION, 'mail-1')));
    await assertFails(getDocs(collection(dbOf(uid), OUTBOX_COLLECTION)));
  }
  await assertFails(getDocs(collection(dbAs('anonymous'), OUTBOX_COLLECTION)));
});

describe("a member card's contacts", () => {
  it('are read by an admin from the moment the card joined, one by one, listed and live', async () => {
    const db = dbOf(ADMIN);
    await assertSucceeds(getDoc(contactRef(db, 'kostas', 'since')));
    const listed = await assertSucceeds(getDocs(contactsSince(db, 'kostas', JOINED_AT)));
    expect(listed.docs.map((d) => d.id)).toEqual(['since']);
  });

  it('are not read by an admin from before the card joined', async () => {
    const db = dbOf(ADMIN);
    await assertFails(getDoc(contactRef(db, 'kostas', 'before')));
    await assertFails(getDocs(contactsSince(db, 'kostas', before(JOINED_AT))));
    await assertFails(getDocs(contactsOf(db, 'kostas')));
  });

  it("are still their owner's, since the claim", async () => {
    const db = dbOf(MEMBER);
    await assertSucceeds(getDoc(contactRef(db, 'kostas', 'before')));
    await assertSucceeds(getDocs(contactsSince(db, 'kostas', CLAIMED_AT)));
  });

  it("are not read by another member, nor another member's by them", async () => {
    await assertFails(getDoc(contactRef(dbOf(OTHER_MEMBER), 'kostas', 'since')));
    await assertFails(getDocs(contactsSince(dbOf(OTHER_MEMBER), 'kostas', JOINED_AT)));
    await assertFails(getDoc(contactRef(dbOf(MEMBER), 'alice', 'since')));
    await assertFails(getDoc(contactRef(dbOf(MEMBER), 'maria', 'since')));
  });

  it("are not read by another company's admin", async () => {
    await assertFails(getDoc(contactRef(dbOf(OUTSIDER), 'kostas', 'since')));
    await assertFails(getDocs(contactsSince(dbOf(OUTSIDER), 'kostas', JOINED_AT)));
  });

  it("of a card of no company are not an admin's", async () => {
    await assertFails(getDoc(contactRef(dbOf(ADMIN), 'eva', 'one')));
  });
});

describe('a switched-off card (its owner left)', () => {
  it('keeps its contacts readable by the admins, since it joined', async () => {
    const db = dbOf(ADMIN);
    await assertSucceeds(getDoc(contactRef(db, 'petros', 'since')));
    await assertSucceeds(getDocs(contactsSince(db, 'petros', JOINED_AT)));
    await assertSucceeds(getDoc(statsDay(db, 'petros', '2025-07-15')));
    await assertFails(getDoc(contactRef(db, 'petros', 'before')));
  });

  it('shows the member who left nothing: card, contacts, stats, company', async () => {
    const db = dbOf(REMOVED);
    await assertFails(getDoc(cardRef(db, 'petros')));
    await assertFails(getDoc(contactRef(db, 'petros', 'since')));
    await assertFails(getDocs(contactsSince(db, 'petros', CLAIMED_AT)));
    await assertFails(getDoc(statsDay(db, 'petros', '2025-07-15')));
    await assertFails(getDoc(contactRef(db, 'kostas', 'since')));
  });

  it('takes no contact from a visitor, while a live member card does', async () => {
    await assertFails(addDoc(contactsOf(dbAs('anonymous'), 'petros'), visitorContact()));
    await assertSucceeds(addDoc(contactsOf(dbAs('anonymous'), 'alice'), visitorContact()));
  });
});

describe("a member card's stats", () => {
  it('are read by an admin from the Athens day the card joined on, one day at a time', async () => {
    const db = dbOf(ADMIN);
    await assertSucceeds(getDoc(statsDay(db, 'kostas', '2025-07-14')));
    await assertSucceeds(getDoc(statsDay(db, 'kostas', '2025-07-15')));
    await assertFails(getDoc(statsDay(db, 'kostas', '2025-07-13')));
    await assertFails(getDocs(statsOf(db, 'kostas')));
  });

  it('are not read by another member, a removed member, or another company’s admin', async () => {
    for (const uid of [OTHER_MEMBER, REMOVED, OUTSIDER]) {
      await assertFails(getDoc(statsDay(dbOf(uid), 'kostas', '2025-07-15')));
    }
    await assertFails(getDoc(statsDay(dbOf(MEMBER), 'alice', '2025-07-15')));
    await assertFails(getDoc(statsDay(dbOf(ADMIN), 'eva', '2025-07-15')));
  });
});

test("an admin does not read a member's card document (the server serves the company's view)", async () => {
  await assertFails(getDoc(cardRef(dbOf(ADMIN), 'kostas')));
  await assertSucceeds(getDoc(cardRef(dbOf(MEMBER), 'kostas')));
});

describe('no browser writes any of it, an admin included', () => {
  const db = () => dbOf(ADMIN);
  it.each<[string, () => Promise<unknown>]>([
    ['create a company', () => setDoc(companyRef(db(), 'new'), { name: 'Νέα', admins: [ADMIN] })],
    ['save the template', () => updateDoc(companyRef(db()), { template: {} })],
    ['add an admin', () => updateDoc(companyRef(db()), { [ADMINS_FIELD]: [ADMIN, MEMBER] })],
    ['delete the company', () => deleteDoc(companyRef(db()))],
    [
      'write a member',
      () => setDoc(doc(db(), memberPath(COMPANY, 'x')), member('x', 'admin', CLAIMED_AT)),
    ],
    [
      'remove a member',
      () => updateDoc(doc(db(), memberPath(COMPANY, MEMBER)), { status: 'removed' }),
    ],
    ['invite', () => addDoc(invitesOf(db()), { email: 'x@example.gr', status: 'pending' })],
    [
      'revoke an invitation',
      () => updateDoc(doc(db(), invitePath(COMPANY, 'a1b2')), { status: 'revoked' }),
    ],
    ['upload the logo', () => setDoc(doc(db(), companyLogoPath(COMPANY)), { version: 'v2' })],
    ['queue a mail', () => addDoc(collection(db(), OUTBOX_COLLECTION), { to: 'x@example.gr' })],
    [
      "join a member's card",
      () => updateDoc(cardRef(dbOf(MEMBER), 'kostas'), { [COMPANY_FIELD]: OTHER_COMPANY }),
    ],
    ["delete a member card's contact", () => deleteDoc(contactRef(db(), 'kostas', 'since'))],
    // The company's lead, by the member it came to (the server refuses them too: company-join).
    [
      "delete one's own card's lead, as a member",
      () => deleteDoc(contactRef(dbOf(MEMBER), 'kostas', 'since')),
    ],
    [
      "rewrite one's own card's lead, as a member",
      () => updateDoc(contactRef(dbOf(MEMBER), 'kostas', 'since'), { name: 'Άλλος' }),
    ],
  ])('%s: refused', async (_name, write) => {
    await assertFails(write());
  });
});

test('the largest requests: the admin’s contacts query and stats day', async () => {
  await measured("an admin's contacts query of a member card", () =>
    getDocs(contactsSince(dbOf(ADMIN), 'kostas', JOINED_AT)),
  );
  await measured("an admin's stats day of a member card", () =>
    getDoc(statsDay(dbOf(ADMIN), 'kostas', '2025-07-15')),
  );
});

// Last, as they change the seeded data.

test('an admin who is removed reads nothing more of the company', async () => {
  await asServer((db) =>
    updateDoc(companyRef(db), { [ADMINS_FIELD]: [MEMBER], [MEMBER_UIDS_FIELD]: [MEMBER] }),
  );
  const db = dbOf(ADMIN);
  await assertFails(getDoc(companyRef(db)));
  await assertFails(getDocs(membersOf(db)));
  await assertFails(getDoc(contactRef(db, 'kostas', 'since')));
  await assertFails(getDoc(statsDay(db, 'kostas', '2025-07-15')));
  // The member made admin in their place reads the company's leads.
  await assertSucceeds(getDocs(membersOf(dbOf(MEMBER))));
  await assertSucceeds(getDoc(contactRef(dbOf(MEMBER), 'alice', 'since')));
});
