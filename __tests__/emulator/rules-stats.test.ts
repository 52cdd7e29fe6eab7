// firestore.rules for a card's daily counts (users/{username}/stats/{day}): its owner reads them
// from the Athens day of their claim on, one day at a time, nobody else does, and no client writes
// them, the owner included; only the server's firebase-admin (server/stats/writer.ts) does.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  deleteDoc,
  getDoc,
  documentId,
  getDocs,
  increment,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { cardRef, statsDay, statsOf } from '../helpers/card-refs';
import { OTHER_UID, OWNER_UID, rulesFile } from '../helpers/rules';
import { lastDays } from '@/browser/owner/stats-summary';
import { CLAIMED_FIELD, OWNER_FIELD } from '@/lib/collections';
import { athensDay } from '@/lib/stats/day';

const CARD = 'maria';
const DAY = '2025-07-14';

const { dbAs, asServer, seed } = rulesFile('demo-karta-stats-rules');

const statsDoc = (db: Firestore, day = DAY) => statsDay(db, CARD, day);

beforeEach(async () => {
  await seed(async (db) => {
    await setDoc(cardRef(db, CARD), {
      username: CARD,
      firstName: 'Μαρία',
      [OWNER_FIELD]: OWNER_UID,
    });
    // The other role owns a card of its own: being an owner is not enough.
    await setDoc(cardRef(db, 'nikos'), { username: 'nikos', [OWNER_FIELD]: OTHER_UID });
    await setDoc(statsDoc(db), { views: 12, qrViews: 3, enViews: 5, saves: 2 });
  });
});

test('the owner of a card made by the operator (no claim) reads any day, one at a time', async () => {
  const owner = dbAs('owner');
  const day = await assertSucceeds(getDoc(statsDoc(owner)));
  expect(day.data()).toEqual({ views: 12, qrViews: 3, enViews: 5, saves: 2 });
  await assertSucceeds(getDoc(statsDoc(owner, '1970-01-01')));
});

// A rule cannot bound a list by document id, so none is allowed: the console gets each day.
test('nobody lists the days, even a range of them, the owner included', async () => {
  const days = statsOf(dbAs('owner'), CARD);
  await assertFails(getDocs(days));
  await assertFails(getDocs(query(days, where(documentId(), '>=', DAY))));
});

/** The day before `day` (YYYY-MM-DD), by the calendar. */
const dayBefore = (day: string) => lastDays(day, 2)[0];

async function claimAt(at: Date, uid = OWNER_UID): Promise<void> {
  await asServer((db) =>
    setDoc(cardRef(db, CARD), {
      username: CARD,
      [OWNER_FIELD]: uid,
      [CLAIMED_FIELD]: Timestamp.fromDate(at),
    }),
  );
}

test('a name claimed again: its new owner reads the counts from the claim’s day on, not before', async () => {
  // The last owner's counts, the day before the claim, and the claim's own day.
  await asServer(async (db) => {
    await setDoc(statsDoc(db, '2025-07-13'), { views: 40 });
    await setDoc(statsDoc(db, '2025-07-15'), { views: 1 });
  });
  await claimAt(new Date('2025-07-14T09:30:00Z'), OTHER_UID);
  const newOwner = dbAs('other');
  await assertFails(getDoc(statsDoc(newOwner, '2025-07-13')));
  await assertFails(getDoc(statsDoc(newOwner, '2024-12-31')));
  expect((await assertSucceeds(getDoc(statsDoc(newOwner, DAY)))).get('views')).toBe(12);
  expect((await assertSucceeds(getDoc(statsDoc(newOwner, '2025-07-15')))).get('views')).toBe(1);
  await assertSucceeds(getDoc(statsDoc(newOwner, '2026-01-01')));
  // The last owner is no longer the card's.
  await assertFails(getDoc(statsDoc(dbAs('owner'), DAY)));
});

// The rules work out the Athens day of the claim themselves (they know no time zones): around
// Athens' midnights and the switches to and from summer time, they agree with lib/stats/day.ts.
test.each([
  '2025-07-14T20:59:59.999Z', // 23:59 in summer (UTC+3)
  '2025-07-14T21:00:00.000Z', // 00:00 the next day
  '2025-01-14T21:59:59.999Z', // 23:59 in winter (UTC+2)
  '2025-01-14T22:00:00.000Z',
  '2025-03-29T21:59:59.999Z', // the night before summer time starts, 30 March 2025
  '2025-03-29T22:00:00.000Z',
  '2025-03-30T00:59:59.999Z', // 02:59 winter time, the last minute before the switch
  '2025-03-30T01:00:00.000Z', // 04:00 summer time
  '2025-03-30T20:59:59.999Z',
  '2025-03-30T21:00:00.000Z',
  '2025-10-25T20:59:59.999Z', // summer time's last evening
  '2025-10-26T00:59:59.999Z', // 03:59 summer time, then back to 03:00 winter time
  '2025-10-26T01:00:00.000Z',
  '2025-10-26T21:59:59.999Z',
  '2025-10-26T22:00:00.000Z',
  '2026-03-28T21:30:00.000Z', // 2026's switch is on Sunday 29 March
  '2026-03-29T01:00:00.000Z',
  '2024-10-27T00:30:00.000Z', // 2024's is on Sunday 27 October
  '2024-02-29T12:00:00.000Z', // a leap day
  '2025-12-31T21:59:59.999Z', // New Year's Eve, then New Year at Athens
  '2025-12-31T22:00:00.000Z',
])('a claim at %s: its owner reads its Athens day on, not the day before', async (instant) => {
  const at = new Date(instant);
  await claimAt(at);
  const claimDay = athensDay(at);
  const owner = dbAs('owner');
  await assertSucceeds(getDoc(statsDoc(owner, claimDay)));
  await assertFails(getDoc(statsDoc(owner, dayBefore(claimDay))));
});

test.each(['other', 'anonymous'] as const)(
  '%s can neither read a day nor list them',
  async (role) => {
    const db = dbAs(role);
    await assertFails(getDoc(statsDoc(db)));
    await assertFails(getDocs(statsOf(db, CARD)));
  },
);

describe.each(['owner', 'other', 'anonymous'] as const)('%s writes nothing', (role) => {
  test('create a day', async () => {
    await assertFails(setDoc(statsDoc(dbAs(role), '2025-07-15'), { views: 1 }));
  });
  test('update a day (an increment, as the server writes it)', async () => {
    await assertFails(updateDoc(statsDoc(dbAs(role)), { views: increment(1) }));
    await assertFails(updateDoc(statsDoc(dbAs(role)), { enViews: increment(1) }));
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
    expect((await getDoc(statsDoc(db))).data()).toEqual({
      views: 12,
      qrViews: 3,
      enViews: 5,
      saves: 2,
    });
    expect((await getDoc(statsDoc(db, '2025-07-15'))).exists()).toBe(false);
  });
});
