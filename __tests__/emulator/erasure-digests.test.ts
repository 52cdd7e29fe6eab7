// A card's hours of lead mail (leadDigests, which name the newest visitors until mailed) against
// the real emulator: the owner's erasure (server/owner/card.ts) leaves none of the card's, and the
// clean-up after an erasure or a removal (daemon/cleanup/orphans.ts) deletes one that appears
// after it, keeping only those of the card's claim now.
import { deleteApp, getApps } from 'firebase-admin/app';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { deleteOrphans } from '@/daemon/cleanup/orphans';
import { claimOf, type CardClaim } from '@/daemon/mail/card-claim';
import {
  CLAIMED_FIELD,
  DIGEST_USERNAME_FIELD,
  LEAD_DIGESTS_COLLECTION,
  OWNER_FIELD,
  cardPath,
} from '@/lib/collections';
import { adminDb } from '@/server/firebase/admin-app';
import { claimCard as claim, eraseCard as erase } from '@/server/owner/card';
import { asRoute } from '../helpers/next-request';

// As their routes call them: the card's revalidation runs in Next's request scope.
const claimCard = asRoute('/api/owner/cards/route', claim);
const eraseCard = asRoute('/api/owner/cards/[username]/route', erase);

const HOUR = 3600_000;
const owner = (uid: string) => ({ uid, emailVerified: true });

beforeAll(() => {
  // A project of its own on the run's emulator (server/firebase/admin-app.ts reads it lazily).
  process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = 'demo-karta-erasure-digests';
});

afterAll(async () => {
  await Promise.all(getApps().map((app) => deleteApp(app)));
});

const digestIds = async (username: string) =>
  (
    await adminDb()
      .collection(LEAD_DIGESTS_COLLECTION)
      .where(DIGEST_USERNAME_FIELD, '==', username)
      .get()
  ).docs
    .map((doc) => doc.id)
    .sort();

/** An hour of `username`'s lead mail as the lead mailer writes it, counted under `claim`. */
async function digest(
  username: string,
  hoursAgo: number,
  claim: CardClaim | undefined,
  extra: DocumentData = {},
): Promise<string> {
  const start = Math.floor(Date.now() / HOUR - hoursAgo) * HOUR;
  const id = `${username}_${start}`;
  await adminDb()
    .doc(`${LEAD_DIGESTS_COLLECTION}/${id}`)
    .set({
      [DIGEST_USERNAME_FIELD]: username,
      ...(claim ? { cardClaim: claim } : {}),
      start: Timestamp.fromMillis(start),
      end: Timestamp.fromMillis(start + HOUR),
      singles: 5,
      count: 2,
      newest: [{ name: 'Πρώην', email: 'earlier@example.gr', createdAt: Timestamp.now() }],
      open: true,
      ...extra,
    });
  return id;
}

async function claimNow(username: string): Promise<CardClaim> {
  return claimOf((await adminDb().doc(cardPath(username)).get()).data())!;
}

test('the owner’s erasure deletes every hour of the card’s lead mail, open or mailed, and no other card’s', async () => {
  await claimCard(owner('uid-nora'), { username: 'nora', fields: { firstName: 'Νόρα' } });
  const claim = await claimNow('nora');
  await digest('nora', 0, claim);
  await digest('nora', 1, claim);
  for (let hoursAgo = 2; hoursAgo < 6; hoursAgo++) {
    await digest('nora', hoursAgo, claim, { open: false, newest: null, sentAt: Timestamp.now() });
  }
  await claimCard(owner('uid-otto'), { username: 'otto', fields: {} });
  const others = [await digest('otto', 0, await claimNow('otto'))];
  expect(await digestIds('nora')).toHaveLength(6);

  await eraseCard(owner('uid-nora'), 'nora');
  expect(await digestIds('nora')).toEqual([]);
  expect(await digestIds('otto')).toEqual(others);
});

test('the clean-up after an erasure deletes a digest written after it, and keeps the new claim’s', async () => {
  await claimCard(owner('uid-pia-1'), { username: 'pia', fields: {} });
  const earlier = await claimNow('pia');
  await eraseCard(owner('uid-pia-1'), 'pia');
  // A mailer that was behind writes the earlier owner's hour after the erasure.
  await digest('pia', 0, earlier);
  expect(await deleteOrphans(adminDb(), 'pia')).toMatchObject({ digests: 1 });
  expect(await digestIds('pia')).toEqual([]);

  // Claimed again by another account: only the new claim's hours stay.
  await digest('pia', 1, earlier);
  await claimCard(owner('uid-pia-2'), { username: 'pia', fields: {} });
  const kept = [await digest('pia', -1, await claimNow('pia'))];
  // One that names no claim: the earlier claim's if its hour began before the new claim.
  await digest('pia', 2, undefined);
  kept.push(await digest('pia', -2, undefined));
  expect(await deleteOrphans(adminDb(), 'pia')).toMatchObject({ digests: 2 });
  expect(await digestIds('pia')).toEqual(kept.sort());
});

test('a card removed by hand: the clean-up deletes every digest of it', async () => {
  await adminDb()
    .doc(cardPath('quin'))
    .set({ firstName: 'Κουίν', [OWNER_FIELD]: 'uid-quin', [CLAIMED_FIELD]: Timestamp.now() });
  const claim = await claimNow('quin');
  await digest('quin', 0, claim);
  await digest('quin', 3, claim, { open: false, newest: null });
  // While the card is there, its own claim's hours are not orphans.
  expect(await deleteOrphans(adminDb(), 'quin')).toMatchObject({ digests: 0 });
  await adminDb().doc(cardPath('quin')).delete();
  expect(await deleteOrphans(adminDb(), 'quin')).toMatchObject({ digests: 2 });
  expect(await digestIds('quin')).toEqual([]);
});
