// What an account leaves behind, through karta's own routes (helpers/company-api.ts): a removed
// person's departure note goes when they make a new card by accepting another invitation, as when
// they claim one; an erasure deletes the account's rate-limit counts once they no longer bind, and
// keeps those that still do, so that erasing and claiming again resets no limit.
import { Timestamp } from 'firebase-admin/firestore';
import { accountInviteQuotaPath, departurePath, ownerWritesPath } from '@/lib/collections';
import { athensDay } from '@/lib/stats/day';
import { newInviteToken } from '@/server/company/invite-token';
import { adminDb } from '@/server/firebase/admin-app';
import { DELETE as erase } from '@/app/api/owner/cards/[username]/route';
import { POST as accept } from '@/app/api/owner/invites/[token]/route';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';

const PROJECT = 'demo-karta-account-traces';
const ID = 'studio-traces';
const JOINED = Timestamp.fromDate(new Date('2025-01-01T10:00:00Z'));

let maria: Account;

companyApiFile(PROJECT);

const db = () => adminDb();
const data = async (path: string) => (await db().doc(path).get()).data();

beforeAll(async () => {
  maria = await account('maria@traces.test');
  await db()
    .doc(`companies/${ID}`)
    .set({ name: 'Studio Φως', template: {}, admins: [maria.uid], memberUids: [maria.uid] });
  await db().doc('users/maria-tr').set({
    username: 'maria-tr',
    firstName: 'Μαρία',
    lastName: 'Δοκιμή',
    ownerUid: maria.uid,
    claimedAt: JOINED,
    companyId: ID,
    companyJoinedAt: JOINED,
  });
});

/** An invitation of the company to `email`, as an admin's sending stores it: its link's token. */
async function invitation(email: string): Promise<string> {
  const { token, inviteId } = newInviteToken(ID);
  await db()
    .doc(`companies/${ID}/invites/${inviteId}`)
    .set({
      email,
      firstName: 'Κώστας',
      lastName: 'Δοκιμή',
      status: 'pending',
      invitedBy: maria.uid,
      createdAt: Timestamp.now(),
      expiresAt: Timestamp.fromMillis(Date.now() + 24 * 3600 * 1000),
    });
  return token;
}

test('a removed person who makes a new card by accepting another invitation loses the departure note', async () => {
  const kostas = await account('kostas@traces.test');
  // Removed from another company: no card, and the note of how it ended.
  await db()
    .doc(departurePath(kostas.uid))
    .set({ companyId: 'old-company', companyName: 'Παλιά', username: 'kostas-old', at: JOINED });
  const token = await invitation(kostas.email);
  expect(
    await send(
      accept,
      `/api/owner/invites/${token}`,
      { token },
      {
        token: kostas.token,
        json: { username: 'kostas-tr' },
      },
    ),
  ).toMatchObject({ status: 200, body: { username: 'kostas-tr' } });
  expect(await data('users/kostas-tr')).toMatchObject({ ownerUid: kostas.uid, companyId: ID });
  expect(await data(departurePath(kostas.uid))).toBeUndefined();
});

const eraseAs = (who: Account, username: string) =>
  send(erase, `/api/owner/cards/${username}`, { username }, { token: who.token, method: 'DELETE' });

test('an erasure deletes the account’s rate-limit counts that no longer bind', async () => {
  const eva = await account('eva@traces.test');
  expect(await claimCard(eva, 'eva-tr', { firstName: 'Εύα', lastName: 'Δοκιμή' })).toBe(201);
  // A window of writes long over, and invitations counted on a day long past.
  await db()
    .doc(ownerWritesPath(eva.uid))
    .set({ start: Date.now() - 3_600_000, count: 30 });
  await db().doc(accountInviteQuotaPath(eva.uid)).set({ day: '2025-01-01', count: 100 });
  expect((await eraseAs(eva, 'eva-tr')).status).toBe(200);
  expect(await data('users/eva-tr')).toBeUndefined();
  expect(await data(ownerWritesPath(eva.uid))).toBeUndefined();
  expect(await data(accountInviteQuotaPath(eva.uid))).toBeUndefined();
});

test('counts that still bind are kept: erasing and claiming again resets no limit', async () => {
  const nikos = await account('nikos@traces.test');
  expect(await claimCard(nikos, 'nikos-tr', { firstName: 'Νίκος', lastName: 'Δοκιμή' })).toBe(201);
  const today = { day: athensDay(Date.now()), count: 100 };
  await db().doc(accountInviteQuotaPath(nikos.uid)).set(today);
  expect((await eraseAs(nikos, 'nikos-tr')).status).toBe(200);
  expect(await data(ownerWritesPath(nikos.uid))).toMatchObject({ count: 1 });
  expect(await data(accountInviteQuotaPath(nikos.uid))).toEqual(today);
  expect(await claimCard(nikos, 'nikos-tr2', { firstName: 'Νίκος', lastName: 'Δοκιμή' })).toBe(201);
  expect(await data(ownerWritesPath(nikos.uid))).toMatchObject({ count: 2 });
});
