// firestore.rules for a card's daily counts (users/{username}/stats/{day}): its owner reads them,
// nobody else does, and no client writes them, the owner included; only the server's
// firebase-admin (server/stats/writer.ts) does.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { OTHER_UID, OWNER_UID, rulesFile } from '../helpers/rules';
import { OWNER_FIELD, STATS_COLLECTION } from '@/lib/collections';

// Its own project id, so clearFirestore() cannot wipe data other emulator test files rely on.
const PROJECT_ID = 'demo-karta-stats-rules';
const CARD = 'maria';
const DAY = '2025-07-14';

const { dbAs, asServer, clear } = rulesFile(PROJECT_ID);

const statsDoc = (db: Firestore, day = DAY) => doc(db, 'users', CARD, STATS_COLLECTION, day);

beforeEach(async () => {
  await clear();
  await asServer(async (db) => {
    await setDoc(doc(db, 'users', CARD), {
      username: CARD,
      firstName: 'Μαρία',
      [OWNER_FIELD]: OWNER_UID,
    });
    // The other role owns a card of its own: being an owner is not enough.
    await setDoc(doc(db, 'users', 'nikos'), { username: 'nikos', [OWNER_FIELD]: OTHER_UID });
    await setDoc(statsDoc(db), { views: 12, qrViews: 3, saves: 2 });
  });
});

test('the owner reads a day and lists the days', async () => {
  const owner = dbAs('owner');
  const day = await assertSucceeds(getDoc(statsDoc(owner)));
  expect(day.data()).toEqual({ views: 12, qrViews: 3, saves: 2 });
  const days = await assertSucceeds(getDocs(collection(owner, 'users', CARD, STATS_COLLECTION)));
  expect(days.docs.map((d) => d.id)).toEqual([DAY]);
});

test.each(['other', 'anonymous'] as const)(
  '%s can neither read a day nor list them',
  async (role) => {
    const db = dbAs(role);
    await assertFails(getDoc(statsDoc(db)));
    await assertFails(getDocs(collection(db, 'users', CARD, STATS_COLLECTION)));
  },
);

describe.each(['owner', 'other', 'anonymous'] as const)('%s writes nothing', (role) => {
  test('create a day', async () => {
    await assertFails(setDoc(statsDoc(dbAs(role), '2025-07-15'), { views: 1 }));
  });
  test('update a day (an increment, as the server writes it)', async () => {
    await assertFails(updateDoc(statsDoc(dbAs(role)), { views: increment(1) }));
  });
  test('overwrite a day', async () => {
    await assertFails(setDoc(statsDoc(dbAs(role)), { views: 1000 }));
  });
  test('delete a day', async () => {
    await assertFails(deleteDoc(statsDoc(dbAs(role))));
  });
});

test('the counts are as the server left them', async () => {
  await asServer(async (db) => {
    expect((await getDoc(statsDoc(db))).data()).toEqual({ views: 12, qrViews: 3, saves: 2 });
    expect((await getDoc(statsDoc(db, '2025-07-15'))).exists()).toBe(false);
  });
});
