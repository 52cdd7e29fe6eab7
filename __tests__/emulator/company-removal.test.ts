// Removal that keeps printed cards working (lib/company-removal.ts), through karta's own routes
// (helpers/company-api.ts): an admin removes a member forwarding their card to a colleague's, whose
// page, English page and vCard the old address then redirects to, under the old card's tags;
// changes and ends the forwarding; a switched-off card's vCard is the company's contact. Who ended
// a membership is kept («Αφαιρέθηκε» / «Αποχώρησε»), and the person's departure note says it.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { cardPaths, cardTag } from '@/lib/routes';
import { departurePath } from '@/lib/collections';
import { adminDb } from '@/server/firebase/admin-app';
import {
  DELETE as remove,
  PATCH as forward,
} from '@/app/api/owner/companies/[id]/members/[uid]/route';
import { GET as page } from '@/app/[username]/route';
import { GET as englishPage } from '@/app/[username]/en/route';
import { GET as vcard } from '@/app/[username]/vcard/route';
import { GET as englishVcard } from '@/app/[username]/en/vcard/route';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';
import { markedPaths } from '../helpers/next-request';

const PROJECT = 'demo-karta-company-removal';
const ID = 'studio-rm';

let maria: Account;
let kostas: Account;
let alice: Account;

companyApiFile(PROJECT);

const db = () => adminDb();
const JOINED = Timestamp.fromDate(new Date('2025-01-01T10:00:00Z'));

/** An active member `who` with the card `username`, seeded as accepting an invitation leaves it. */
async function seedMember(who: Account, username: string, role: 'admin' | 'member') {
  await db().doc(`users/${username}`).set({
    username,
    firstName: username,
    lastName: 'Δοκιμή',
    ownerUid: who.uid,
    claimedAt: JOINED,
    companyId: ID,
    companyJoinedAt: JOINED,
  });
  await db().doc(`owners/${who.uid}`).set({ username });
  await db().doc(`companies/${ID}/members/${who.uid}`).set({
    username,
    role,
    status: 'active',
    joinedAt: JOINED,
    firstName: username,
    lastName: 'Δοκιμή',
    email: who.email,
  });
}

beforeAll(async () => {
  [maria, kostas, alice] = await Promise.all([
    account('maria@removal.test'),
    account('kostas@removal.test'),
    account('alice@removal.test'),
  ]);
  await db()
    .doc(`companies/${ID}`)
    .set({
      name: 'Studio Φως',
      template: {
        phoneNumber: { value: '210 123 4567', locked: true },
        websiteLink: { value: 'https://studio.test', locked: false },
        city: { value: 'Αθήνα', locked: true },
      },
      admins: [maria.uid],
      memberUids: [maria.uid, kostas.uid, alice.uid],
      templateAt: JOINED,
    });
  await seedMember(maria, 'maria-rm', 'admin');
  await seedMember(kostas, 'kostas-rm', 'member');
  await seedMember(alice, 'alice-rm', 'member');
  await db().doc('users/eva-rm').set({ username: 'eva-rm', firstName: 'Εύα', lastName: 'Α' });
});

const memberPath = (uid: string) => `/api/owner/companies/${ID}/members/${uid}`;
const removeAs = (who: Account, uid: string, query = '', json?: object) =>
  send(
    remove,
    `${memberPath(uid)}${query}`,
    { id: ID, uid },
    {
      token: who.token,
      method: 'DELETE',
      json,
    },
  );
const forwardAs = (who: Account, uid: string, forwardTo: string | null) =>
  send(
    forward,
    memberPath(uid),
    { id: ID, uid },
    {
      token: who.token,
      method: 'PATCH',
      json: { forwardTo },
    },
  );

type Route = typeof page;
/** The card route's answer for `path` (its username the path's first segment). */
const visit = (route: Route, path: string) =>
  send(route as never, path, { username: path.split('/')[1] }, { method: 'GET' });

const data = async (path: string) => (await db().doc(path).get()).data();

test('an admin removes a member forwarding the card: the old address, its English page and vCards redirect to the colleague’s, under the old card’s tag', async () => {
  expect(await removeAs(maria, alice.uid, '?forwardTo=eva-rm')).toMatchObject({
    status: 400,
    body: { field: 'forwardTo' },
  });
  expect(await removeAs(maria, alice.uid, '?forwardTo=alice-rm')).toMatchObject({ status: 400 });
  expect((await data('users/alice-rm'))?.offAt).toBeUndefined();

  const before = markedPaths().length;
  expect((await removeAs(maria, alice.uid, '?forwardTo=kostas-rm')).status).toBe(200);
  expect(markedPaths(before)).toEqual(expect.arrayContaining(cardPaths('alice-rm')));
  const card = await data('users/alice-rm');
  expect(card).toMatchObject({ forwardTo: 'kostas-rm', companyId: ID });
  expect(card?.offAt).toBeInstanceOf(Timestamp);
  expect(card?.ownerUid).toBeUndefined();
  expect(await data(`companies/${ID}/members/${alice.uid}`)).toMatchObject({
    status: 'removed',
    removedBy: maria.uid,
    forwardTo: 'kostas-rm',
  });
  expect(await data(departurePath(alice.uid))).toMatchObject({
    companyName: 'Studio Φως',
    username: 'alice-rm',
    removed: true,
    forwardTo: 'kostas-rm',
  });

  for (const [route, path, location] of [
    [page, '/alice-rm', '/kostas-rm'],
    [englishPage, '/alice-rm/en', '/kostas-rm/en'],
    [vcard, '/alice-rm/vcard', '/kostas-rm/vcard'],
    [englishVcard, '/alice-rm/en/vcard', '/kostas-rm/en/vcard'],
  ] as const) {
    const answer = await visit(route, path);
    expect([path, answer.status, answer.headers.get('location')]).toEqual([path, 307, location]);
    expect(answer.headers.get('surrogate-key')).toContain(cardTag('alice-rm'));
  }
});

test('the admin changes the forwarding, then ends it: the card is switched off and its vCard is the company’s contact', async () => {
  expect(await forwardAs(kostas, alice.uid, 'maria-rm')).toMatchObject({ status: 403 });
  expect(await forwardAs(maria, kostas.uid, 'maria-rm')).toMatchObject({
    status: 404,
    body: { error: 'no-member' },
  });
  expect((await forwardAs(maria, alice.uid, 'maria-rm')).status).toBe(200);
  expect((await visit(page, '/alice-rm')).headers.get('location')).toBe('/maria-rm');
  expect(await data(departurePath(alice.uid))).toMatchObject({ forwardTo: 'maria-rm' });

  expect((await forwardAs(maria, alice.uid, null)).status).toBe(200);
  expect((await data('users/alice-rm'))?.forwardTo).toBeUndefined();
  expect((await data(`companies/${ID}/members/${alice.uid}`))?.forwardTo).toBeUndefined();
  expect((await data(departurePath(alice.uid)))?.forwardTo).toBeUndefined();

  const saved = await visit(vcard, '/alice-rm/vcard');
  expect(saved.status).toBe(200);
  expect(saved.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
  expect(saved.text).toContain('FN:Studio Φως');
  expect(saved.text).toContain('ORG:Studio Φως');
  expect(saved.text).toContain('TEL;TYPE=WORK,VOICE:+302101234567');
  expect(saved.text).toContain('URL:https://studio.test');
  expect(saved.text).not.toContain('alice-rm');
  expect(saved.headers.get('content-disposition')).toContain('Studio');
});

test('leaving is told apart from removal, and only an admin forwards', async () => {
  expect(await removeAs(kostas, kostas.uid, '', { forwardTo: 'maria-rm' })).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  expect((await removeAs(kostas, kostas.uid)).status).toBe(200);
  expect(await data(`companies/${ID}/members/${kostas.uid}`)).toMatchObject({
    status: 'removed',
    removedBy: kostas.uid,
  });
  expect(await data(departurePath(kostas.uid))).toMatchObject({
    username: 'kostas-rm',
    removed: false,
  });
  // Forwarding to a card that is itself switched off is refused.
  expect(await forwardAs(maria, alice.uid, 'kostas-rm')).toMatchObject({ status: 400 });
});

test('the departure note goes once its person claims a card again: nothing of it is kept longer', async () => {
  expect(await data(departurePath(kostas.uid))).toBeDefined();
  expect(await claimCard(kostas, 'kostas-new-rm', { firstName: 'Κώστας' })).toBe(201);
  expect(await data(departurePath(kostas.uid))).toBeUndefined();
});

test('a card forwarding to a member who is removed in turn follows them: one hop to a live card, or switched off, never a chain', async () => {
  const [nikos, eleni, petros] = await Promise.all([
    account('nikos@removal.test'),
    account('eleni@removal.test'),
    account('petros@removal.test'),
  ]);
  await seedMember(nikos, 'nikos-rm', 'member');
  await seedMember(eleni, 'eleni-rm', 'member');
  await seedMember(petros, 'petros-rm', 'member');
  await db()
    .doc(`companies/${ID}`)
    .update({ memberUids: FieldValue.arrayUnion(nikos.uid, eleni.uid, petros.uid) });
  const location = async (username: string) =>
    (await visit(page, `/${username}`)).headers.get('location');

  expect((await removeAs(maria, nikos.uid, '?forwardTo=eleni-rm')).status).toBe(200);
  expect(await location('nikos-rm')).toBe('/eleni-rm');

  // Eleni forwarded to Petros: Nikos's card now forwards to Petros too, and is purged.
  const before = markedPaths().length;
  expect((await removeAs(maria, eleni.uid, '?forwardTo=petros-rm')).status).toBe(200);
  expect(markedPaths(before)).toEqual(
    expect.arrayContaining([...cardPaths('eleni-rm'), ...cardPaths('nikos-rm')]),
  );
  expect(await location('eleni-rm')).toBe('/petros-rm');
  expect(await location('nikos-rm')).toBe('/petros-rm');
  expect(await data(`companies/${ID}/members/${nikos.uid}`)).toMatchObject({
    forwardTo: 'petros-rm',
  });
  expect(await data(departurePath(nikos.uid))).toMatchObject({ forwardTo: 'petros-rm' });

  // Petros leaves (switched off): both cards forwarding to his are switched off with it.
  const then = markedPaths().length;
  expect((await removeAs(petros, petros.uid)).status).toBe(200);
  expect(markedPaths(then)).toEqual(
    expect.arrayContaining([...cardPaths('nikos-rm'), ...cardPaths('eleni-rm')]),
  );
  for (const [username, uid] of [
    ['nikos-rm', nikos.uid],
    ['eleni-rm', eleni.uid],
  ]) {
    expect((await data(`users/${username}`))?.forwardTo).toBeUndefined();
    expect((await data(`companies/${ID}/members/${uid}`))?.forwardTo).toBeUndefined();
    expect((await data(departurePath(uid)))?.forwardTo).toBeUndefined();
    // Switched off: no redirect; its vCard is the company's contact (its page the 410 page).
    const saved = await visit(vcard, `/${username}/vcard`);
    expect([saved.status, saved.headers.get('location')]).toEqual([200, null]);
    expect(saved.text).toContain('ORG:Studio Φως');
  }
});
