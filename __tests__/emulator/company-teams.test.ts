// A company's teams through karta's own routes (helpers/company-api.ts): admins only; a team's
// overrides show on its members' cards as the card route renders them, and nobody else's; a
// change of them, of its members or its deletion is a new version of exactly its members' cards,
// each marked for regeneration; the company's name is no team's to set.
import { cardPaths } from '@/lib/routes';
import { TEAM_MESSAGES, type TeamsAnswer } from '@/lib/teams';
import { CARD_VERSION_HEADER } from '@/server/cdn/tags';
import { adminDb } from '@/server/firebase/admin-app';
import { GET as page } from '@/app/[username]/route';
import { GET as listTeams, POST as create } from '@/app/api/owner/companies/[id]/teams/route';
import {
  DELETE as remove,
  PUT as update,
} from '@/app/api/owner/companies/[id]/teams/[teamId]/route';
import { PATCH as editCard } from '@/app/api/owner/cards/[username]/route';
import { PUT as saveTemplate } from '@/app/api/owner/companies/[id]/template/route';
import { PUT as setMembers } from '@/app/api/owner/companies/[id]/teams/[teamId]/members/route';
import { account, send, type Account } from '../helpers/company-api';
import { stubCardAssets } from '../helpers/card-assets-stub';
import { companyApiFile } from '../helpers/company-api-file';
import { companyDocument, memberOf } from '../helpers/company-docs';
import { markedPaths } from '../helpers/next-request';

const PROJECT = 'demo-karta-company-teams';
const ID = 'studio-teams';
const THESSALONIKI = {
  address: { value: 'Τσιμισκή 45', locked: true },
  city: { value: 'Θεσσαλονίκη', locked: true, valueEn: 'Thessaloniki' },
  phoneNumber: { value: '2310 123 456', locked: true },
};

let maria: Account;
let kostas: Account;
let teamId: string;

companyApiFile(PROJECT);

const db = () => adminDb();

async function seedMember(who: Account, username: string) {
  await db()
    .doc(`users/${username}`)
    .set({ username, firstName: username, lastName: 'Δοκιμή', ownerUid: who.uid, ...memberOf(ID) });
}

beforeAll(async () => {
  stubCardAssets();
  [maria, kostas] = await Promise.all([account('maria@teams.test'), account('kostas@teams.test')]);
  await db()
    .doc(`companies/${ID}`)
    .set(
      companyDocument({
        name: 'Studio Φως',
        template: {
          address: { value: 'Ερμού 10', locked: true },
          city: { value: 'Αθήνα', locked: true },
          phoneNumber: { value: '210 123 4567', locked: true },
        },
        admins: [maria.uid],
        memberUids: [maria.uid, kostas.uid],
      }),
    );
  await seedMember(maria, 'maria-tm');
  await seedMember(kostas, 'kostas-tm');
  await db().doc('users/eva-tm').set({ username: 'eva-tm', firstName: 'Εύα', lastName: 'Α' });
});

const teamsPath = `/api/owner/companies/${ID}/teams`;
const createAs = (who: Account, json: object) =>
  send(create, teamsPath, { id: ID }, { token: who.token, json });
const updateAs = (who: Account, json: object) =>
  send(
    update,
    `${teamsPath}/${teamId}`,
    { id: ID, teamId },
    { token: who.token, method: 'PUT', json },
  );
const membersAs = (who: Account, usernames: string[]) =>
  send(
    setMembers,
    `${teamsPath}/${teamId}/members`,
    { id: ID, teamId },
    { token: who.token, method: 'PUT', json: { usernames } },
  );
const visit = (username: string) =>
  send(page as never, `/${username}`, { username }, { method: 'GET' });
const version = async (username: string) =>
  (await visit(username)).headers.get(CARD_VERSION_HEADER);

test('only an admin lists or writes teams: a member is 403 not-admin', async () => {
  expect(await createAs(kostas, { displayName: 'Χ', overrides: {} })).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  expect(
    await send(listTeams, teamsPath, { id: ID }, { token: kostas.token, method: 'GET' }),
  ).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  expect(await send(listTeams, teamsPath, { id: ID }, { method: 'GET' })).toMatchObject({
    status: 401,
  });
});

test('a team is judged: a name, and overrides of the fields a team may set', async () => {
  expect(await createAs(maria, { displayName: ' ', overrides: {} })).toMatchObject({
    status: 400,
    body: { field: 'displayName', error: TEAM_MESSAGES.name },
  });
  expect(
    await createAs(maria, {
      displayName: 'Θεσσαλονίκη',
      overrides: { companyName: { value: 'Άλλη', locked: true } },
    }),
  ).toMatchObject({ status: 400, body: { field: 'fields.companyName' } });
  const created = await createAs(maria, { displayName: 'Θεσσαλονίκη', overrides: THESSALONIKI });
  expect(created.status).toBe(201);
  teamId = (created.body as { id: string }).id;
});

test('its members show its address, the others the company’s; only its members’ cards are marked', async () => {
  const otherBefore = await version('maria-tm');
  const before = await version('kostas-tm');
  expect(await membersAs(maria, ['kostas-tm', 'eva-tm'])).toMatchObject({
    status: 400,
    body: { field: 'usernames' },
  });
  const since = markedPaths().length;
  expect(await membersAs(maria, ['kostas-tm'])).toMatchObject({ status: 200 });
  expect(markedPaths(since)).toEqual(cardPaths('kostas-tm'));
  const kostasCard = await visit('kostas-tm');
  expect(kostasCard.text).toContain('Τσιμισκή 45');
  expect(kostasCard.text).not.toContain('Ερμού 10');
  expect(kostasCard.headers.get(CARD_VERSION_HEADER)).not.toBe(before);
  const mariaCard = await visit('maria-tm');
  expect(mariaCard.text).toContain('Ερμού 10');
  expect(mariaCard.text).not.toContain('Τσιμισκή');
  expect(mariaCard.headers.get(CARD_VERSION_HEADER)).toBe(otherBefore);
  expect(
    await send(listTeams, teamsPath, { id: ID }, { token: maria.token, method: 'GET' }),
  ).toMatchObject({
    status: 200,
    body: {
      teams: [
        {
          id: teamId,
          displayName: 'Θεσσαλονίκη',
          overrides: THESSALONIKI,
          members: [{ username: 'kostas-tm' }],
        },
      ],
    },
  });
});

test('a change of its overrides is a new version of its members’ cards alone, with no write to them', async () => {
  const card = await db().doc('users/kostas-tm').get();
  const [before, other] = [await version('kostas-tm'), await version('maria-tm')];
  const since = markedPaths().length;
  const overrides = { ...THESSALONIKI, address: { value: 'Εγνατία 100', locked: true } };
  expect(await updateAs(maria, { displayName: 'Θεσσαλονίκη', overrides })).toMatchObject({
    status: 200,
  });
  expect(markedPaths(since)).toEqual(cardPaths('kostas-tm'));
  const after = await visit('kostas-tm');
  expect(after.text).toContain('Εγνατία 100');
  expect(after.headers.get(CARD_VERSION_HEADER)).not.toBe(before);
  expect(after.headers.get(CARD_VERSION_HEADER)?.split(':')[0]).toBe(before?.split(':')[0]);
  expect((await db().doc('users/kostas-tm').get()).updateTime).toEqual(card.updateTime);
  expect(await version('maria-tm')).toBe(other);
  // A rename alone changes no card.
  const renamed = markedPaths().length;
  expect(await updateAs(maria, { displayName: 'Βόρεια Ελλάδα' })).toMatchObject({ status: 200 });
  expect(markedPaths(renamed)).toEqual([]);
});

test('a field the team locks is the team’s: its member’s edit of it is 403 locked', async () => {
  const website = { value: 'https://thessaloniki.studio.test', locked: true };
  const listed = await send(
    listTeams,
    teamsPath,
    { id: ID },
    { token: maria.token, method: 'GET' },
  );
  const { overrides } = (listed.body as TeamsAnswer).teams[0];
  expect(
    await updateAs(maria, { overrides: { ...overrides, websiteLink: website } }),
  ).toMatchObject({ status: 200 });
  const edit = (changes: object) =>
    send(
      editCard,
      '/api/owner/cards/kostas-tm',
      { username: 'kostas-tm' },
      { token: kostas.token, method: 'PATCH', json: { changes } },
    );
  expect(await edit({ websiteLink: 'https://kostas.test' })).toMatchObject({
    status: 403,
    body: { error: 'locked', field: 'websiteLink' },
  });
  // The company locks no website: a member of no team sets their own.
  expect(
    await send(
      editCard,
      '/api/owner/cards/maria-tm',
      { username: 'maria-tm' },
      {
        token: maria.token,
        method: 'PATCH',
        json: { changes: { websiteLink: 'https://maria.test' } },
      },
    ),
  ).toMatchObject({ status: 200 });
});

test('a template save counts the cards it changes: a field the team overrides changes none of its members’', async () => {
  const saved = await send(
    saveTemplate,
    `/api/owner/companies/${ID}/template`,
    { id: ID },
    {
      token: maria.token,
      method: 'PUT',
      json: {
        fields: {
          address: { value: 'Ερμού 12', locked: true },
          city: { value: 'Αθήνα', locked: true },
          phoneNumber: { value: '210 123 4567', locked: true },
        },
      },
    },
  );
  expect(saved).toMatchObject({ status: 200, body: { changed: 1 } });
  expect((await visit('kostas-tm')).text).toContain('Εγνατία 100');
  expect((await visit('maria-tm')).text).toContain('Ερμού 12');
});

test('deleting the team: its members’ cards show the company’s again', async () => {
  const since = markedPaths().length;
  const removeAs = (who: Account) =>
    send(
      remove,
      `${teamsPath}/${teamId}`,
      { id: ID, teamId },
      { token: who.token, method: 'DELETE' },
    );
  expect(await removeAs(kostas)).toMatchObject({ status: 403 });
  expect(await removeAs(maria)).toMatchObject({ status: 200 });
  expect(markedPaths(since)).toEqual(cardPaths('kostas-tm'));
  expect((await visit('kostas-tm')).text).toContain('Ερμού 12');
  expect((await db().doc('users/kostas-tm').get()).get('teamId')).toBeUndefined();
  expect(await updateAs(maria, { displayName: 'Χ' })).toMatchObject({
    status: 404,
    body: { error: 'no-team' },
  });
});
