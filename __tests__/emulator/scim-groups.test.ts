// SCIM /Groups (server/scim/groups.ts) through the SCIM route, in process, against the run's
// emulators (helpers/company-api.ts): a group is a team of the company, its members directory
// users whose cards join it. Requests as Microsoft Entra ID sends them (POST, `filter=displayName
// eq` with excludedAttributes=members, "Add" of members, "Remove" with a value filter, "Replace" of
// displayName) and as Okta does (replace of members, PUT); an unknown member is 400 invalidValue;
// another company's token sees nothing; DELETE takes its members' cards back to the template.
import { Timestamp } from 'firebase-admin/firestore';
import { TEAM_FIELD, TEAM_OVERRIDES_FIELD, TEAM_UPDATED_FIELD } from '@/lib/collections';
import { SCIM_SCHEMAS } from '@/lib/scim';
import { adminDb } from '@/server/firebase/admin-app';
import { storeScimToken } from '@/server/scim/token';
import { GET as page } from '@/app/[username]/route';
import { send } from '../helpers/company-api';
import { stubCardAssets } from '../helpers/card-assets-stub';
import { companyApiFile } from '../helpers/company-api-file';
import { scimRequest, type ScimMethod } from '../helpers/scim-api';

const PROJECT = 'demo-karta-scim-groups';
const ID = 'studio-groups';
const OTHER = 'other-groups';
const TOKEN = `karta_scim_${'g'.repeat(43)}`;
const OTHER_TOKEN = `karta_scim_${'h'.repeat(43)}`;
const PATCH_OP = SCIM_SCHEMAS.patch;

companyApiFile(PROJECT);

const db = () => adminDb();
const scim = (method: ScimMethod, path: string, json?: unknown, as = TOKEN) =>
  scimRequest(as, method, path, json === undefined ? {} : { json });

const visit = (username: string) =>
  send(page as never, `/${username}`, { username }, { method: 'GET' });
const teamOf = async (username: string) =>
  (await db().doc(`users/${username}`).get()).get(TEAM_FIELD) as string | undefined;

interface Created {
  id: string;
  username: string;
}
const users: Created[] = [];
let groupId: string;

async function provision(userName: string, givenName: string): Promise<Created> {
  const created = await scim('POST', 'Users', {
    schemas: [SCIM_SCHEMAS.user],
    userName,
    name: { givenName, familyName: 'Δοκιμή' },
    emails: [{ type: 'work', primary: true, value: userName }],
    active: true,
  });
  expect(created.status).toBe(201);
  const id = (created.body as { id: string }).id;
  const username = (await db().doc(`companies/${ID}/directoryUsers/${id}`).get()).get(
    'username',
  ) as string;
  return { id, username };
}

beforeAll(async () => {
  stubCardAssets();
  const JOINED = Timestamp.fromDate(new Date('2025-01-01T10:00:00Z'));
  await db()
    .doc(`companies/${ID}`)
    .set({
      name: 'Studio Φως',
      template: { address: { value: 'Ερμού 10', locked: true } },
      admins: [],
      memberUids: [],
      templateAt: JOINED,
    });
  await db()
    .doc(`companies/${OTHER}`)
    .set({ name: 'Άλλη', template: {}, admins: [], memberUids: [] });
  await storeScimToken(ID, 'test', TOKEN);
  await storeScimToken(OTHER, 'test', OTHER_TOKEN);
  users.push(await provision('anna@groups.test', 'Άννα'));
  users.push(await provision('nikos@groups.test', 'Νίκος'));
});

test('Entra ID creates a group, finds it by displayName in any case, and adds a member', async () => {
  const created = await scim('POST', 'Groups', {
    schemas: [SCIM_SCHEMAS.group],
    externalId: 'entra-g-1',
    displayName: 'Θεσσαλονίκη',
    members: [],
  });
  expect(created.status).toBe(201);
  groupId = (created.body as { id: string }).id;
  expect(created.headers.get('location')).toMatch(new RegExp(`/scim/v2/Groups/${groupId}$`));
  expect(created.body).toMatchObject({
    schemas: [SCIM_SCHEMAS.group],
    displayName: 'Θεσσαλονίκη',
    externalId: 'entra-g-1',
    members: [],
    meta: { resourceType: 'Group' },
  });
  const same = await scim(
    'GET',
    `Groups?filter=${encodeURIComponent('DisplayName eq "ΘΕΣΣΑΛΟΝΊΚΗ"')}&excludedAttributes=members`,
  );
  expect(same.body).toMatchObject({ totalResults: 1, Resources: [{ id: groupId }] });
  expect((same.body as { Resources: object[] }).Resources[0]).not.toHaveProperty('members');
  const byExternal = await scim(
    'GET',
    `Groups?filter=${encodeURIComponent('externalId eq "entra-g-1"')}`,
  );
  expect(byExternal.body).toMatchObject({ totalResults: 1 });

  const added = await scim('PATCH', `Groups/${groupId}`, {
    schemas: [PATCH_OP],
    Operations: [{ op: 'Add', path: 'members', value: [{ value: users[0].id }] }],
  });
  expect(added.status).toBe(200);
  expect(added.body).toMatchObject({ members: [{ value: users[0].id }] });
  expect(await teamOf(users[0].username)).toBe(groupId);
  expect(await teamOf(users[1].username)).toBeUndefined();
});

test('its members’ cards show the team’s overrides, the others the company’s', async () => {
  await db()
    .doc(`companies/${ID}/teams/${groupId}`)
    .update({
      [TEAM_OVERRIDES_FIELD]: { address: { value: 'Τσιμισκή 45', locked: true } },
      [TEAM_UPDATED_FIELD]: Timestamp.now(),
    });
  expect((await visit(users[0].username)).text).toContain('Τσιμισκή 45');
  expect((await visit(users[1].username)).text).toContain('Ερμού 10');
});

test('an unknown member is 400 invalidValue and changes nothing', async () => {
  const refused = await scim('PATCH', `Groups/${groupId}`, {
    schemas: [PATCH_OP],
    Operations: [{ op: 'Add', path: 'members', value: [{ value: 'f'.repeat(32) }] }],
  });
  expect(refused).toMatchObject({
    status: 400,
    body: { schemas: [SCIM_SCHEMAS.error], status: '400', scimType: 'invalidValue' },
  });
  expect(await teamOf(users[0].username)).toBe(groupId);
});

test('Entra ID removes a member with a value filter and renames with "Replace"', async () => {
  const patched = await scim('PATCH', `Groups/${groupId}`, {
    schemas: [PATCH_OP],
    Operations: [
      { op: 'Remove', path: `members[value eq "${users[0].id}"]` },
      { op: 'Replace', path: 'displayName', value: 'Βόρεια Ελλάδα' },
    ],
  });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({ displayName: 'Βόρεια Ελλάδα', members: [] });
  expect(await teamOf(users[0].username)).toBeUndefined();
  expect((await visit(users[0].username)).text).toContain('Ερμού 10');
});

test('Okta replaces the members, then PUTs the group', async () => {
  const replaced = await scim('PATCH', `Groups/${groupId}`, {
    schemas: [PATCH_OP],
    Operations: [
      {
        op: 'replace',
        path: 'members',
        value: users.map(({ id, username }) => ({ value: id, display: username })),
      },
      { op: 'replace', value: { id: groupId, displayName: 'Θεσσαλονίκη' } },
    ],
  });
  expect(replaced.status).toBe(200);
  expect(replaced.body).toMatchObject({ displayName: 'Θεσσαλονίκη' });
  expect(await teamOf(users[0].username)).toBe(groupId);
  expect(await teamOf(users[1].username)).toBe(groupId);
  const put = await scim('PUT', `Groups/${groupId}`, {
    schemas: [SCIM_SCHEMAS.group],
    displayName: 'Θεσσαλονίκη',
    members: [{ value: users[1].id }],
  });
  expect(put.status).toBe(200);
  expect(await teamOf(users[0].username)).toBeUndefined();
  expect(await teamOf(users[1].username)).toBe(groupId);
  const read = await scim('GET', `Groups/${groupId}`);
  expect(read.body).toMatchObject({ id: groupId, members: [{ value: users[1].id }] });
});

test('another company’s token sees no group of this one', async () => {
  expect((await scim('GET', `Groups/${groupId}`, undefined, OTHER_TOKEN)).status).toBe(404);
  expect((await scim('GET', 'Groups', undefined, OTHER_TOKEN)).body).toMatchObject({
    totalResults: 0,
  });
  expect((await scim('DELETE', `Groups/${groupId}`, undefined, OTHER_TOKEN)).status).toBe(404);
  expect(await teamOf(users[1].username)).toBe(groupId);
});

test('DELETE: 204, the group is gone and its members’ cards show the company’s again', async () => {
  expect((await scim('DELETE', `Groups/${groupId}`)).status).toBe(204);
  expect((await scim('GET', `Groups/${groupId}`)).status).toBe(404);
  expect(await teamOf(users[1].username)).toBeUndefined();
  expect((await visit(users[1].username)).text).toContain('Ερμού 10');
});
