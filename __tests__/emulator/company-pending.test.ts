// Joining in a few taps, through karta's own routes: an invitation's link tells its holder whether
// the invited address has an account and a free username made of the invited names (ELOT 743);
// the signed-in account's verified address lists its open invitations and accepts one without the
// link, while another account cannot accept them by their ids; a Greek username is refused with
// its own message.
import { Timestamp } from 'firebase-admin/firestore';
import { latinOnlyMessage } from '@/lib/username';
import { adminDb } from '@/server/firebase/admin-app';
import { POST as create } from '@/app/api/owner/companies/route';
import { POST as invite } from '@/app/api/owner/companies/[id]/invites/route';
import { GET as openInvite } from '@/app/api/owner/invites/[token]/route';
import { GET as listPending, POST as acceptPending } from '@/app/api/owner/invites/route';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';

const PROJECT = 'demo-karta-company-pending';

let maria: Account;
let companyId: string;

companyApiFile(PROJECT);

beforeAll(async () => {
  maria = await account('maria@pending.test');
  expect(await claimCard(maria, 'maria-pending', { firstName: 'Μαρία', lastName: 'Φωτίου' })).toBe(
    201,
  );
  const created = await send(
    create,
    '/api/owner/companies',
    {},
    { token: maria.token, json: { name: 'Studio Φως' } },
  );
  companyId = (created.body as { id: string }).id;
});

/** Maria invites `email` with `names`: the token her invitation's mail carries. */
async function inviteToken(email: string, names: object = {}): Promise<string> {
  const sent = await send(
    invite,
    `/api/owner/companies/${companyId}/invites`,
    { id: companyId },
    { token: maria.token, json: { invites: [{ email, ...names }] } },
  );
  expect(sent.body).toMatchObject({ sent: 1 });
  const mails = await adminDb().collection('outbox').where('to', '==', email).get();
  const token = mails.docs
    .map((doc) => decodeURIComponent(/invite=(\S+)/.exec(doc.get('text') as string)?.[1] ?? ''))
    .find((found) => found !== '');
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

const open = (token: string) =>
  send(openInvite, `/api/owner/invites/${token}`, { token }, { method: 'GET' });
const pendingOf = (who: Account | { token?: string }) =>
  send(listPending, '/api/owner/invites', {}, { method: 'GET', token: who.token });
const acceptAs = (who: Account, json: object) =>
  send(acceptPending, '/api/owner/invites', {}, { token: who.token, json });

test('the link tells its holder whether the address has an account, and a free username made of the names', async () => {
  const fresh = await open(
    await inviteToken('sofia@pending.test', { firstName: 'Σοφία', lastName: 'Αλεξίου' }),
  );
  expect(fresh).toMatchObject({
    status: 200,
    body: {
      email: 'sofia@pending.test',
      hasAccount: false,
      suggestedUsername: 'sofia.alexiou',
    },
  });

  // A card holds the plain name: the next number is suggested. An account exists: sign in.
  const taken = await account('sofia.alexiou@pending.test');
  expect(await claimCard(taken, 'sofia.alexiou', { firstName: 'Σ', lastName: 'Α' })).toBe(201);
  const numbered = await open(
    await inviteToken('sofia.alexiou@pending.test', { firstName: 'Σοφία', lastName: 'Αλεξίου' }),
  );
  expect(numbered.body).toMatchObject({ hasAccount: true, suggestedUsername: 'sofia.alexiou2' });

  // No names: the address's first part.
  const unnamed = await open(await inviteToken('dimitris.k@pending.test'));
  expect(unnamed.body).toMatchObject({ hasAccount: false, suggestedUsername: 'dimitris.k' });
});

test('a verified account lists its open invitations and accepts one without the link; nobody else can', async () => {
  await inviteToken('nikos@pending.test', {
    firstName: 'Νίκος',
    lastName: 'Θεοδώρου',
    jobTitle: 'Γραφίστας',
  });
  const nikos = await account('nikos@pending.test');
  const listed = await pendingOf(nikos);
  expect(listed).toMatchObject({
    status: 200,
    body: {
      invites: [
        {
          companyId,
          companyName: 'Studio Φως',
          email: 'nikos@pending.test',
          firstName: 'Νίκος',
          jobTitle: 'Γραφίστας',
          suggestedUsername: 'nikos.theodorou',
        },
      ],
    },
  });
  const [pending] = (listed.body as { invites: Array<{ inviteId: string }> }).invites;
  const ids = { companyId, inviteId: pending.inviteId };

  // Another verified account, holding the ids, is refused: the invitation is to nikos's address.
  const eve = await account('eve@pending.test');
  expect(await pendingOf(eve)).toMatchObject({ status: 200, body: { invites: [] } });
  expect(await acceptAs(eve, { ...ids, username: 'eve-steals' })).toMatchObject({
    status: 403,
    body: { error: 'wrong-address' },
  });
  expect((await adminDb().doc('users/eve-steals').get()).exists).toBe(false);

  // Signed out, unverified, or naming no invitation: refused.
  expect((await pendingOf({})).status).toBe(401);
  const unverified = await account('nikos2@pending.test', { verified: false });
  expect(await pendingOf(unverified)).toMatchObject({
    status: 403,
    body: { error: 'unverified' },
  });
  expect(await acceptAs(nikos, { companyId, inviteId: 'x/y' })).toMatchObject({
    status: 404,
    body: { error: 'no-invite' },
  });

  // A Greek username is refused with its own message, naming its Latin spelling.
  expect(await acceptAs(nikos, { ...ids, username: 'νίκος' })).toMatchObject({
    status: 400,
    body: { field: 'username', error: latinOnlyMessage('νίκος') },
  });
  expect(latinOnlyMessage('νίκος')).toMatch(/π\.χ\. nikos$/);

  expect(await acceptAs(nikos, { ...ids, username: 'nikos.theodorou' })).toMatchObject({
    status: 200,
    body: { username: 'nikos.theodorou' },
  });
  expect((await adminDb().doc('users/nikos.theodorou').get()).data()).toMatchObject({
    companyId,
    firstName: 'Νίκος',
    lastName: 'Θεοδώρου',
    ownerUid: nikos.uid,
  });
  expect(await pendingOf(nikos)).toMatchObject({ status: 200, body: { invites: [] } });
});

test('revoked and expired invitations are not listed', async () => {
  await inviteToken('anna@pending.test', { firstName: 'Άννα' });
  const anna = await account('anna@pending.test');
  const invites = adminDb().collection(`companies/${companyId}/invites`);
  const [stored] = (await invites.where('email', '==', 'anna@pending.test').get()).docs;
  expect((await pendingOf(anna)).body).toMatchObject({ invites: [{ inviteId: stored.id }] });
  await stored.ref.update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
  expect((await pendingOf(anna)).body).toEqual({ invites: [] });
  await stored.ref.update({
    expiresAt: Timestamp.fromMillis(Date.now() + 60_000),
    status: 'revoked',
  });
  expect((await pendingOf(anna)).body).toEqual({ invites: [] });
});
