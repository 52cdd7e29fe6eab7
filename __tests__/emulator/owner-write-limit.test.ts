// The per-account limit on owner writes (lib/owner-writes.ts, server/owner/write-limit.ts) on the
// real Firestore emulator, through the server's own edit and claim with the clock given to them:
// the write beyond the limit in a window is a 429 with its Retry-After and writes nothing, a new
// window allows again, and the count is the account's whatever its card. Each call runs as its
// route runs it, its card's revalidation included (helpers/next-request.ts);
// e2e/owner-api.test.ts sends the same edits over HTTP.
import { ownerWritesPath } from '@/lib/collections';
import { OWNER_WRITES_PER_WINDOW, OWNER_WRITE_WINDOW_MS } from '@/lib/owner-writes';
import { adminDb } from '@/server/firebase/admin-app';
import { claimCard as claim, saveCard as save } from '@/server/owner/card';
import { OwnerError } from '@/server/owner/respond';
import { asRoute } from '../helpers/next-request';

const claimCard = asRoute('/api/owner/cards/route', claim);
const saveCard = asRoute('/api/owner/cards/[username]/route', save);

const STAMP = Date.now().toString(36);
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

const owner = (uid: string) => ({ uid, emailVerified: true });

async function refusal(write: Promise<void>): Promise<OwnerError> {
  const caught = await write.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(caught instanceof OwnerError)) throw new Error(`not refused: ${String(caught)}`);
  return caught;
}

test('the edit beyond the limit in a minute is a 429 with Retry-After, and none of it is written; the next minute allows again', async () => {
  const uid = `limit-${STAMP}`;
  const username = `limit-${STAMP}`;
  await claimCard(owner(uid), { username, fields: { firstName: 'Όριο' } }, T0);
  const card = adminDb().doc(`users/${username}`);

  // The claim was the window's first write; the edits fill it, 20 s apart in all.
  for (let i = 2; i <= OWNER_WRITES_PER_WINDOW; i++) {
    await saveCard(owner(uid), username, { changes: { jobTitle: `Θέση ${i}` } }, T0 + 20_000);
  }
  expect((await card.get()).get('jobTitle')).toBe(`Θέση ${OWNER_WRITES_PER_WINDOW}`);
  const before = (await card.get()).data();

  const refused = await refusal(
    saveCard(
      owner(uid),
      username,
      { changes: { jobTitle: 'Μία ακόμη', city: 'Λάρισα' } },
      T0 + 20_000,
    ),
  );
  expect([refused.status, refused.body, refused.headers]).toEqual([
    429,
    { error: 'too-many' },
    { 'retry-after': '40' },
  ]);
  expect((await card.get()).data()).toEqual(before);
  expect((await adminDb().doc(ownerWritesPath(uid)).get()).data()).toEqual({
    start: T0,
    count: OWNER_WRITES_PER_WINDOW,
  });

  // The last second of the window still refuses; its end allows.
  const last = await refusal(
    saveCard(owner(uid), username, { changes: { city: 'Λάρισα' } }, T0 + OWNER_WRITE_WINDOW_MS - 1),
  );
  expect(last.headers).toEqual({ 'retry-after': '1' });
  await saveCard(owner(uid), username, { changes: { city: 'Λάρισα' } }, T0 + OWNER_WRITE_WINDOW_MS);
  expect((await card.get()).get('city')).toBe('Λάρισα');
  expect((await adminDb().doc(ownerWritesPath(uid)).get()).data()).toEqual({
    start: T0 + OWNER_WRITE_WINDOW_MS,
    count: 1,
  });
});

test('a refused edit (not the owner’s card, a bad field) does not count; another account has its own window', async () => {
  const uid = `limit-b-${STAMP}`;
  const username = `limit-b-${STAMP}`;
  await claimCard(owner(uid), { username, fields: { firstName: 'Βήτα' } }, T0);
  const stranger = owner(`limit-c-${STAMP}`);
  for (let i = 0; i < OWNER_WRITES_PER_WINDOW + 5; i++) {
    expect(
      (await refusal(saveCard(stranger, username, { changes: { city: 'Χ' } }, T0))).status,
    ).toBe(403);
  }
  expect((await adminDb().doc(ownerWritesPath(stranger.uid)).get()).exists).toBe(false);
  // The stored photo's own path without the photo is refused inside the transaction.
  const photoless = { displayImage: `/${username}/photo/v1` };
  expect((await refusal(saveCard(owner(uid), username, { changes: photoless }, T0))).status).toBe(
    400,
  );
  expect((await adminDb().doc(ownerWritesPath(uid)).get()).data()).toEqual({ start: T0, count: 1 });
});

test('a claim counts too, and beyond the limit is a 429 that claims nothing', async () => {
  const uid = `limit-d-${STAMP}`;
  await adminDb().doc(ownerWritesPath(uid)).set({ start: T0, count: OWNER_WRITES_PER_WINDOW });
  const username = `limit-d-${STAMP}`;
  const refused = await refusal(
    claimCard(owner(uid), { username, fields: { firstName: 'Δέλτα' } }, T0 + 59_000),
  );
  expect([refused.status, refused.headers]).toEqual([429, { 'retry-after': '1' }]);
  expect((await adminDb().doc(`users/${username}`).get()).exists).toBe(false);
  expect((await adminDb().doc(`owners/${uid}`).get()).exists).toBe(false);
});
