// Joining and leaving a company through karta's own routes (helpers/company-api.ts): an
// invitation opened and accepted with and without a card (nothing of the template copied onto it),
// every refusal of a link (expired, revoked, used, another address, unverified, a taken name),
// roles and the last admin, removal and leaving (the card switched off, the person free to claim
// another, the old name still taken), and the admin's leads and stats, removed members' included.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { defaultConfig } from 'next/dist/server/config-shared';
import { COMPANY_FIELD, USERS_COLLECTION } from '@/lib/collections';
import { cardPaths, companyTag } from '@/lib/routes';
import { athensDay } from '@/lib/stats/day';
import { lastDays } from '@/lib/stats/days';
import { USERNAME_MESSAGES } from '@/lib/username';
import { adminDb } from '@/server/firebase/admin-app';
import { PATCH as edit } from '@/app/api/owner/cards/[username]/route';
import { POST as create } from '@/app/api/owner/companies/route';
import { PUT as saveTemplate } from '@/app/api/owner/companies/[id]/template/route';
import { POST as invite } from '@/app/api/owner/companies/[id]/invites/route';
import { DELETE as revoke } from '@/app/api/owner/companies/[id]/invites/[inviteId]/route';
import {
  DELETE as remove,
  PUT as setRole,
} from '@/app/api/owner/companies/[id]/members/[uid]/route';
import { GET as contacts } from '@/app/api/owner/companies/[id]/contacts/route';
import {
  DELETE as deleteLead,
  PATCH as setLeadStatus,
} from '@/app/api/owner/companies/[id]/contacts/[username]/[contactId]/route';
import {
  DELETE as deleteOwnContact,
  PATCH as setOwnStatus,
} from '@/app/api/owner/cards/[username]/contacts/[id]/route';
import { LEAD_STATUS_REFUSED } from '@/lib/lead-status';
import { COMPANY_LEAD_MESSAGE } from '@/lib/company-lead';
import { GET as stats } from '@/app/api/owner/companies/[id]/stats/route';
import { GET as openInvite, POST as accept } from '@/app/api/owner/invites/[token]/route';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';
import { eventually } from '../helpers/eventually';
import { appliedMarks, markedPaths } from '../helpers/next-request';
import { startOriginStandIn } from '../helpers/origin-stand-in';

const PROJECT = 'demo-karta-company-join';
const TEMPLATE = {
  companyName: { value: 'Studio Φως', locked: true },
  address: { value: 'Ερμού 10', locked: true },
  accentColor: { value: '#112233', locked: false },
  websiteLink: { value: 'https://studio.test', locked: false },
};

let maria: Account;
let kostas: Account;
let companyId: string;

companyApiFile(PROJECT);

beforeAll(async () => {
  [maria, kostas] = await Promise.all([account('maria@join.test'), account('kostas@join.test')]);
  expect(await claimCard(maria, 'maria-join', { firstName: 'Μαρία', lastName: 'Φωτίου' })).toBe(
    201,
  );
  expect(
    await claimCard(kostas, 'kostas-join', {
      firstName: 'Κώστας',
      lastName: 'Λάμπρου',
      address: 'Παλιά 1',
      accentColor: '#aaaaaa',
    }),
  ).toBe(201);
  const created = await send(
    create,
    '/api/owner/companies',
    {},
    {
      token: maria.token,
      json: { name: 'Studio Φως' },
    },
  );
  companyId = (created.body as { id: string }).id;
  expect((await putTemplate(TEMPLATE)).status).toBe(200);
});

/** Maria's save of the company's template, through its route. */
function putTemplate(fields: typeof TEMPLATE) {
  return send(
    saveTemplate,
    `/api/owner/companies/${companyId}/template`,
    { id: companyId },
    { token: maria.token, method: 'PUT', json: { fields } },
  );
}

const company = () => adminDb().doc(`companies/${companyId}`);
const card = async (username: string) => (await adminDb().doc(`users/${username}`).get()).data();

/** Maria invites `email`: the token her invitation's mail carries. */
async function inviteToken(email: string, names: object = {}): Promise<string> {
  const sent = await send(
    invite,
    `/api/owner/companies/${companyId}/invites`,
    { id: companyId },
    {
      token: maria.token,
      json: { invites: [{ email, ...names }] },
    },
  );
  expect(sent.body).toMatchObject({ sent: 1 });
  const mails = await adminDb().collection('outbox').where('to', '==', email.toLowerCase()).get();
  const texts = mails.docs.map((doc) => doc.get('text') as string);
  // The welcome mails of claims and joins go to the same addresses: only invitations hold a token.
  const tokens = texts
    .map((text) => decodeURIComponent(/invite=(\S+)/.exec(text)?.[1] ?? ''))
    .filter((token) => token !== '');
  const used = new Set(usedTokens);
  const token = tokens.find((t) => !used.has(t)) as string;
  usedTokens.push(token);
  return token;
}
const usedTokens: string[] = [];

const acceptAs = (who: Account, token: string, json: object = {}) =>
  send(accept, `/api/owner/invites/${token}`, { token }, { token: who.token, json });

test('opening an invitation shows its company and names; a token of nothing is 404', async () => {
  const token = await inviteToken('viewer@join.test', { firstName: 'Βίκη', jobTitle: 'Λογίστρια' });
  const opened = await send(
    openInvite,
    `/api/owner/invites/${token}`,
    { token },
    { method: 'GET' },
  );
  expect(opened.status).toBe(200);
  expect(opened.body).toMatchObject({
    companyName: 'Studio Φως',
    email: 'viewer@join.test',
    firstName: 'Βίκη',
    jobTitle: 'Λογίστρια',
  });
  const bogus = `${companyId}.${'A'.repeat(43)}`;
  expect(
    await send(openInvite, '/api/owner/invites/x', { token: bogus }, { method: 'GET' }),
  ).toMatchObject({ status: 404, body: { error: 'no-invite' } });
});

test('accepting with a card: it joins, nothing of the template is copied onto it; the link is then used', async () => {
  const token = await inviteToken('kostas@join.test');
  expect(await acceptAs(kostas, token)).toMatchObject({
    status: 200,
    body: { username: 'kostas-join' },
  });
  const joined = await card('kostas-join');
  expect(joined).toMatchObject({
    companyId,
    accentColor: '#aaaaaa',
    address: 'Παλιά 1',
    ownerUid: kostas.uid,
  });
  expect(joined?.companyJoinedAt).toBeInstanceOf(Timestamp);
  // The defaults show on the card as it renders (lib/company.ts applyCompany), never stored.
  expect(joined?.websiteLink).toBeUndefined();
  expect(joined?.companyName).toBeUndefined();
  expect((await company().get()).get('memberUids')).toEqual([maria.uid, kostas.uid]);
  expect((await company().collection('members').doc(kostas.uid).get()).data()).toMatchObject({
    username: 'kostas-join',
    role: 'member',
    status: 'active',
    firstName: 'Κώστας',
    email: 'kostas@join.test',
  });
  expect(await acceptAs(kostas, token)).toMatchObject({ status: 410, body: { error: 'used' } });
  // Beside the invitation: one welcome mail for the claim, one for the join, naming the company.
  const mails = await adminDb().collection('outbox').where('to', '==', 'kostas@join.test').get();
  expect(mails.docs.map((doc) => doc.get('subject')).sort()).toEqual([
    'Η κάρτα σας στην εταιρεία «Studio Φως» στην karta',
    'Η ψηφιακή σας κάρτα στην karta είναι έτοιμη',
    'Πρόσκληση για ψηφιακή κάρτα στην karta',
  ]);

  // A member edits only the fields the template leaves free.
  const patch = (changes: object) =>
    send(
      edit,
      '/api/owner/cards/kostas-join',
      { username: 'kostas-join' },
      {
        token: kostas.token,
        method: 'PATCH',
        json: { changes },
      },
    );
  expect(await patch({ companyName: 'Δική μου' })).toMatchObject({
    status: 403,
    body: { error: 'locked', field: 'companyName' },
  });
  expect((await patch({ websiteLink: 'https://kostas.test' })).status).toBe(200);
  expect((await card('kostas-join'))?.companyName).toBeUndefined();
});

let alice: Account;

test('accepting without a card: a username is required and must be free; the new card has the invitation’s names', async () => {
  alice = await account('alice@join.test');
  const token = await inviteToken('ALICE@join.test', {
    firstName: 'Alice',
    lastName: 'Smith',
    jobTitle: 'Designer',
  });
  expect(await acceptAs(alice, token)).toMatchObject({
    status: 400,
    body: { field: 'username', error: USERNAME_MESSAGES.format },
  });
  expect(await acceptAs(alice, token, { username: 'maria-join' })).toMatchObject({
    status: 409,
    body: { error: 'taken', field: 'username' },
  });
  expect(await acceptAs(alice, token, { username: 'alice-join' })).toMatchObject({
    status: 200,
    body: { username: 'alice-join' },
  });
  const made = await card('alice-join');
  expect(made).toMatchObject({
    username: 'alice-join',
    firstName: 'Alice',
    lastName: 'Smith',
    jobTitle: 'Designer',
    email: 'alice@join.test',
    ownerUid: alice.uid,
    companyId,
  });
  expect(made?.address).toBeUndefined();
  expect(made?.accentColor).toBeUndefined();
  expect(made?.claimedAt).toBeInstanceOf(Timestamp);
  expect((await adminDb().doc(`owners/${alice.uid}`).get()).data()).toEqual({
    username: 'alice-join',
  });
});

test('a template save through its route marks every member card stale, then purges the CDN once by the company’s tag and asks its origin to recheck the company', async () => {
  const members = await adminDb()
    .collection(USERS_COLLECTION)
    .where(COMPANY_FIELD, '==', companyId)
    .get();
  const usernames = members.docs.map((doc) => doc.id).sort();
  expect(usernames).toEqual(['alice-join', 'kostas-join', 'maria-join']);
  // The route's origin (PORT) and CDN, as `next start` behind Varnish has them.
  const origin = await startOriginStandIn();
  const secret = 'company-join-revalidate';
  Object.assign(process.env, {
    PORT: String(origin.port),
    REVALIDATE_SECRET: secret,
    CDN_PROVIDER: 'varnish',
    VARNISH_PURGE_URL: `${origin.url}/purge`,
  });
  try {
    const since = appliedMarks().length;
    const saved = await putTemplate({
      ...TEMPLATE,
      accentColor: { value: '#223344', locked: false },
    });
    // The new default colour reaches Maria's and Alice's cards; Kostas keeps his own.
    expect(saved).toMatchObject({ status: 200, body: { members: 3, changed: 2 } });
    // Every answer of every member card, marked stale (kept served until regenerated), not expired.
    expect(markedPaths(since).sort()).toEqual(usernames.flatMap(cardPaths).sort());
    expect(
      new Set(
        appliedMarks()
          .slice(since)
          .map((mark) => mark.expire),
      ),
    ).toEqual(new Set([defaultConfig.cacheLife.max.expire]));
    // After the answer: the origin asked for the last path marked until the marks were applied,
    // then ONE purge by the company's tag, not one per card.
    const last = cardPaths(usernames.at(-1) as string).at(-1) as string;
    const purges = () => origin.received.filter((request) => request.method === 'PURGE');
    expect(origin.received[0]).toMatchObject({ method: 'GET', path: last });
    expect(purges().map((request) => request.headers['surrogate-key'])).toEqual([
      companyTag(companyId),
    ]);
    // Once every render begun before the marks has had its time: the recheck of the company.
    const recheck = await eventually(
      () => origin.received.find((request) => request.method === 'POST'),
      { what: 'the recheck of the company sent to its origin' },
    );
    expect(recheck).toMatchObject({
      path: '/api/revalidate',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(JSON.parse(recheck.body)).toEqual({ companyId, recheck: true });
  } finally {
    for (const name of ['PORT', 'REVALIDATE_SECRET', 'CDN_PROVIDER', 'VARNISH_PURGE_URL']) {
      delete process.env[name];
    }
    await origin.stop();
  }
});

test('an expired, a revoked link, one opened by another address or by an unverified account is refused and joins nothing', async () => {
  const eve = await account('eve@join.test');
  const expired = await inviteToken('eve@join.test');
  const invites = company().collection('invites');
  const pending = await invites.where('email', '==', 'eve@join.test').get();
  await pending.docs[0].ref.update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
  expect(await acceptAs(eve, expired, { username: 'eve-join' })).toMatchObject({
    status: 410,
    body: { error: 'expired' },
  });
  expect(
    await send(openInvite, '/api/owner/invites/x', { token: expired }, { method: 'GET' }),
  ).toMatchObject({ status: 410, body: { error: 'expired' } });

  const revoked = await inviteToken('eve@join.test');
  const [fresh] = (await invites.where('email', '==', 'eve@join.test').get()).docs.filter(
    (doc) => doc.id !== pending.docs[0].id,
  );
  const path = `/api/owner/companies/${companyId}/invites/${fresh.id}`;
  expect(
    (
      await send(
        revoke,
        path,
        { id: companyId, inviteId: fresh.id },
        { token: maria.token, method: 'DELETE' },
      )
    ).status,
  ).toBe(200);
  expect(await acceptAs(eve, revoked, { username: 'eve-join' })).toMatchObject({
    status: 410,
    body: { error: 'revoked' },
  });

  const another = await inviteToken('frank@join.test');
  expect(await acceptAs(eve, another, { username: 'eve-join' })).toMatchObject({
    status: 403,
    body: { error: 'wrong-address' },
  });
  const unverified = await account('gina@join.test', { verified: false });
  const gina = await inviteToken('gina@join.test');
  expect(await acceptAs(unverified, gina, { username: 'gina-join' })).toMatchObject({
    status: 403,
    body: { error: 'unverified' },
  });
  expect(await card('eve-join')).toBeUndefined();
  expect(await card('gina-join')).toBeUndefined();
  expect((await company().get()).get('memberUids')).toEqual([maria.uid, kostas.uid, alice.uid]);
});

const memberPath = (uid: string) => `/api/owner/companies/${companyId}/members/${uid}`;
const roleOf = (who: Account, uid: string, role: string) =>
  send(
    setRole,
    memberPath(uid),
    { id: companyId, uid },
    { token: who.token, method: 'PUT', json: { role } },
  );
const removeAs = (who: Account, uid: string) =>
  send(remove, memberPath(uid), { id: companyId, uid }, { token: who.token, method: 'DELETE' });

test('roles: the last admin can neither step down nor leave; a member cannot promote; an admin can', async () => {
  expect(await roleOf(maria, maria.uid, 'member')).toMatchObject({
    status: 409,
    body: { error: 'last-admin' },
  });
  expect(await removeAs(maria, maria.uid)).toMatchObject({
    status: 409,
    body: { error: 'last-admin' },
  });
  expect(await roleOf(alice, alice.uid, 'admin')).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  expect(await removeAs(alice, kostas.uid)).toMatchObject({ status: 403 });
  expect((await roleOf(maria, kostas.uid, 'admin')).status).toBe(200);
  expect((await company().get()).get('admins')).toEqual([maria.uid, kostas.uid]);
  expect((await company().collection('members').doc(kostas.uid).get()).get('role')).toBe('admin');
});

/** A visitor's contact on `username`, written `at` (the server's time when omitted). */
async function leaveContact(username: string, name: string, at?: Date): Promise<void> {
  await adminDb()
    .collection(`users/${username}/contacts`)
    .add({
      name,
      email: `${name.replace(/\W/g, '') || 'x'}@visitor.test`,
      createdAt: at ? Timestamp.fromDate(at) : FieldValue.serverTimestamp(),
    });
}

const leadsAs = (who: Account, query = '') =>
  send(
    contacts,
    `/api/owner/companies/${companyId}/contacts${query}`,
    { id: companyId },
    {
      token: who.token,
      method: 'GET',
    },
  );

test('the company’s leads: every member card’s since it joined, newest first, with its member; admins only; as CSV', async () => {
  await leaveContact('kostas-join', 'Πριν την εταιρεία', new Date('2020-01-01T00:00:00Z'));
  await leaveContact('kostas-join', 'Νίκος');
  await leaveContact('alice-join', '=HYPERLINK("x")');
  const leads = await leadsAs(maria);
  expect(leads.status).toBe(200);
  const list = (leads.body as { contacts: Array<Record<string, string>> }).contacts;
  expect(list.map((lead) => [lead.name, lead.username, lead.member])).toEqual([
    ['=HYPERLINK("x")', 'alice-join', 'Alice Smith'],
    ['Νίκος', 'kostas-join', 'Κώστας Λάμπρου'],
  ]);
  expect(await leadsAs(alice)).toMatchObject({ status: 403, body: { error: 'not-admin' } });

  const csv = await leadsAs(maria, '?format=csv');
  expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Όνομα,Email,Τηλέφωνο,Ημερομηνία,Κατάσταση,Σημείωση,Ετικέτες,Κάρτα,Μέλος');
  expect(lines[1]).toMatch(
    /^"'=HYPERLINK\(""x""\)",HYPERLINKx@visitor\.test,,\d{4}-\d\d-\d\d \d\d:\d\d,Νέα,,,alice-join,Alice Smith$/,
  );
  expect(lines[2]).toMatch(/^Νίκος,.*,Νέα,,,kostas-join,Κώστας Λάμπρου$/);
  expect(lines).toHaveLength(3);
});

test('a lead is the company’s: the member whose card it came to cannot delete it, through either route; an admin deletes it through the company’s route', async () => {
  await leaveContact('alice-join', 'Ελένη');
  const leadId = async (username: string, name: string) =>
    (await adminDb().collection(`users/${username}/contacts`).where('name', '==', name).get())
      .docs[0].id;
  const id = await leadId('alice-join', 'Ελένη');
  const ownDelete = (who: Account, username: string, contactId: string) =>
    send(
      deleteOwnContact,
      `/api/owner/cards/${username}/contacts/${contactId}`,
      { username, id: contactId },
      { token: who.token, method: 'DELETE' },
    );
  expect(await ownDelete(alice, 'alice-join', id)).toMatchObject({
    status: 403,
    body: { error: 'company-lead', message: COMPANY_LEAD_MESSAGE },
  });
  const listed = async () =>
    ((await leadsAs(maria)).body as { contacts: Array<{ id: string }> }).contacts.map((c) => c.id);
  expect(await listed()).toContain(id);

  // A contact Kostas's card had before it joined (after his claim) stays his to delete.
  const joinedAt = ((await card('kostas-join'))?.companyJoinedAt as Timestamp).toMillis();
  await leaveContact('kostas-join', 'Δικός του', new Date(joinedAt - 1));
  const earlier = await leadId('kostas-join', 'Δικός του');
  expect((await ownDelete(kostas, 'kostas-join', earlier)).status).toBe(200);

  const companyDelete = (who: Account, username: string, contactId: string) =>
    send(
      deleteLead,
      `/api/owner/companies/${companyId}/contacts/${username}/${contactId}`,
      { id: companyId, username, contactId },
      { token: who.token, method: 'DELETE' },
    );
  expect(await companyDelete(alice, 'alice-join', id)).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  expect(await companyDelete(maria, 'alice-own-none', id)).toMatchObject({
    status: 404,
    body: { error: 'no-contact' },
  });
  expect((await companyDelete(maria, 'alice-join', id)).status).toBe(200);
  expect(await listed()).not.toContain(id);
});

test('a lead’s status: the member sets it on their own card, an admin on any member card, no one else; a visitor cannot; the files carry it', async () => {
  await leaveContact('alice-join', 'Σταύρος');
  const id = (
    await adminDb().collection('users/alice-join/contacts').where('name', '==', 'Σταύρος').get()
  ).docs[0].id;
  const stored = async () =>
    (await adminDb().doc(`users/alice-join/contacts/${id}`).get()).get('status') as unknown;
  const own = (who: Account, json: unknown, contactId = id) =>
    send(
      setOwnStatus,
      `/api/owner/cards/alice-join/contacts/${contactId}`,
      { username: 'alice-join', id: contactId },
      { token: who.token, method: 'PATCH', json },
    );
  const asAdmin = (who: Account, json: unknown, username = 'alice-join') =>
    send(
      setLeadStatus,
      `/api/owner/companies/${companyId}/contacts/${username}/${id}`,
      { id: companyId, username, contactId: id },
      { token: who.token, method: 'PATCH', json },
    );

  expect(await own(alice, { status: 'contacted' })).toMatchObject({
    status: 200,
    body: { status: 'contacted' },
  });
  expect(await stored()).toBe('contacted');
  expect(await asAdmin(maria, { status: 'won' })).toMatchObject({ status: 200 });
  expect(await stored()).toBe('won');
  const listed = (await leadsAs(maria)).body as { contacts: Array<{ id: string; status: string }> };
  expect(listed.contacts.find((c) => c.id === id)?.status).toBe('won');
  const csv = (await leadsAs(maria, '?format=csv')).text;
  expect(csv).toMatch(/\r\nΣταύρος,.*,Κερδισμένη,,,alice-join,Alice Smith\r\n/);

  // Refused, and nothing changed: another member, through either route; a status that is none.
  expect(await own(kostas, { status: 'lost' })).toMatchObject({
    status: 403,
    body: { error: 'not-owner' },
  });
  expect(await asAdmin(alice, { status: 'lost' })).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  expect(await own(alice, { status: 'σκουπίδι' })).toMatchObject({
    status: 400,
    body: { field: 'status', error: LEAD_STATUS_REFUSED },
  });
  expect(await asAdmin(maria, {})).toMatchObject({ status: 400, body: { field: 'body' } });
  expect(await own(alice, { status: 'lost' }, 'no-such-lead')).toMatchObject({
    status: 404,
    body: { error: 'no-contact' },
  });
  expect(await asAdmin(maria, { status: 'lost' }, 'kostas-join')).toMatchObject({
    status: 404,
    body: { error: 'no-contact' },
  });
  expect(await stored()).toBe('won');
});

test('the company’s stats: each member’s views, saves and exchanges over 7 and 30 days from the day it joined, and the sums', async () => {
  const days = lastDays(athensDay(Date.now()), 41);
  const [day40, day25, day20, day10, today] = [days[0], days[15], days[20], days[30], days[40]];
  // Kostas's card joined 20 days ago: what it counted 25 days ago was not the company's.
  await adminDb()
    .doc('users/kostas-join')
    .update({
      companyJoinedAt: Timestamp.fromDate(new Date(`${day20}T12:00:00Z`)),
    });
  const write = (username: string, day: string, counts: object) =>
    adminDb().doc(`users/${username}/stats/${day}`).set(counts);
  await Promise.all([
    write('kostas-join', today, { views: 3, saves: 1, exchanges: 2, shares: 9 }),
    write('kostas-join', day10, { views: 5, saves: 2 }),
    write('kostas-join', day25, { views: 100 }),
    write('kostas-join', day40, { views: 1000 }),
    write('alice-join', today, { views: 1, exchanges: 1 }),
    write('alice-join', day10, { views: 50 }),
  ]);
  const answer = await send(
    stats,
    `/api/owner/companies/${companyId}/stats`,
    { id: companyId },
    {
      token: maria.token,
      method: 'GET',
    },
  );
  expect(answer.status).toBe(200);
  const body = answer.body as {
    members: Array<{ username: string; status: string; d7: object; d30: object }>;
    company: object;
  };
  const byName = Object.fromEntries(body.members.map((m) => [m.username, m]));
  expect(byName['kostas-join']).toMatchObject({
    status: 'active',
    d7: { views: 3, saves: 1, exchanges: 2 },
    d30: { views: 8, saves: 3, exchanges: 2 },
  });
  // Alice joined today: her card's count of 10 days ago was before.
  expect(byName['alice-join']).toMatchObject({
    d7: { views: 1, saves: 0, exchanges: 1 },
    d30: { views: 1, saves: 0, exchanges: 1 },
  });
  expect(body.company).toEqual({
    d7: { views: 4, saves: 1, exchanges: 3 },
    d30: { views: 9, saves: 3, exchanges: 3 },
  });
  expect(
    await send(
      stats,
      `/api/owner/companies/${companyId}/stats`,
      { id: companyId },
      {
        token: alice.token,
        method: 'GET',
      },
    ),
  ).toMatchObject({ status: 403, body: { error: 'not-admin' } });
});

test('removal: the card is switched off and ownerless, the person may claim a new card, the old name stays taken, the leads stay the company’s; re-invited, they join again', async () => {
  expect((await removeAs(maria, alice.uid)).status).toBe(200);
  const off = await card('alice-join');
  expect(off?.offAt).toBeInstanceOf(Timestamp);
  expect(off?.ownerUid).toBeUndefined();
  expect(off?.companyId).toBe(companyId);
  expect((await adminDb().doc(`owners/${alice.uid}`).get()).exists).toBe(false);
  expect((await company().collection('members').doc(alice.uid).get()).data()).toMatchObject({
    status: 'removed',
  });
  expect((await company().get()).get('memberUids')).toEqual([maria.uid, kostas.uid]);
  expect(await leadsAs(alice)).toMatchObject({ status: 403 });

  const someone = await account('someone@join.test');
  expect(await claimCard(someone, 'alice-join', { firstName: 'Άλλη' })).toBe(409);
  expect(await claimCard(alice, 'alice-own', { firstName: 'Alice' })).toBe(201);

  const names = (await leadsAs(maria)).body as {
    contacts: Array<{ username: string; member: string }>;
  };
  expect(names.contacts.map((lead) => [lead.username, lead.member])).toContainEqual([
    'alice-join',
    'Alice Smith',
  ]);

  const token = await inviteToken('alice@join.test');
  expect(await acceptAs(alice, token)).toMatchObject({
    status: 200,
    body: { username: 'alice-own' },
  });
  expect((await company().collection('members').doc(alice.uid).get()).data()).toMatchObject({
    username: 'alice-own',
    status: 'active',
    formerCards: ['alice-join'],
  });
  const again = (await leadsAs(maria)).body as { contacts: Array<{ username: string }> };
  expect(again.contacts.map((lead) => lead.username)).toContain('alice-join');
});

test('leaving: a member removes themself, and their card is switched off', async () => {
  expect((await removeAs(kostas, kostas.uid)).status).toBe(200);
  expect((await card('kostas-join'))?.offAt).toBeInstanceOf(Timestamp);
  expect((await company().get()).get('admins')).toEqual([maria.uid]);
  expect((await adminDb().doc(`owners/${kostas.uid}`).get()).exists).toBe(false);
  expect(await removeAs(kostas, kostas.uid)).toMatchObject({
    status: 404,
    body: { error: 'no-member' },
  });
});
