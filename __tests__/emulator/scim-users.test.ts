// The SCIM 2.0 service (server/scim/, app/scim/v2/) through its own route, in process, against
// the run's Firestore emulator and the file's Auth emulator (helpers/company-api.ts): requests as
// Microsoft Entra ID and Okta document them (Entra's create with the enterprise extension,
// `filter=userName eq`, `"op":"Replace"` with `"False"`; Okta's PUT and `{"op":"replace",
// "value":{"active":false}}`), every refusal (401, 404, 409 uniqueness, 400 invalidSyntax and
// invalidValue), the card each user gets, the invitation bound to that user, deprovisioning (410,
// leads kept), reactivation and deletion, the console's token, settings and request log.
import { Timestamp } from 'firebase-admin/firestore';
import { CARD_ASSETS_ENV } from '@/lib/card-assets';
import { OUTBOX_COLLECTION, contactsPath } from '@/lib/collections';
import { INVITE_PARAM, cardPaths } from '@/lib/routes';
import { SCIM_SCHEMAS } from '@/lib/scim';
import { adminDb } from '@/server/firebase/admin-app';
import { authenticateScim } from '@/server/scim/context';
import { storeScimToken } from '@/server/scim/token-store';
import { RateLimiter } from '@/server/stats/rate-limit';
import {
  DELETE as revokeToken,
  POST as issueToken,
} from '@/app/api/owner/companies/[id]/scim-token/route';
import { GET as scimLog } from '@/app/api/owner/companies/[id]/scim-log/route';
import { PUT as scimSettings } from '@/app/api/owner/companies/[id]/scim-settings/route';
import { GET as openInvite, POST as accept } from '@/app/api/owner/invites/[token]/route';
import { GET as page } from '@/app/[username]/route';
import { account, send, type Account } from '../helpers/company-api';
import { companyApiFile } from '../helpers/company-api-file';
import { markedPaths } from '../helpers/next-request';
import { scimRequest, type ScimMethod } from '../helpers/scim-api';

const PROJECT = 'demo-karta-scim-users';
const ID = 'studio-scim';
const OTHER = 'other-scim';
const ENTERPRISE = SCIM_SCHEMAS.enterprise;

companyApiFile(PROJECT);

const db = () => adminDb();
const data = async (path: string) => (await db().doc(path).get()).data();

let maria: Account;
let kostas: Account;
let token: string;
let otherToken: string;

/** A SCIM request with the company's token (or `as`). */
const scim = (
  method: ScimMethod,
  path: string,
  { as = token, ...sent }: { json?: unknown; body?: string; as?: string } = {},
) => scimRequest(as, method, path, sent);

const visit = (username: string) =>
  send(page as never, `/${username}`, { username }, { method: 'GET' });

const list = (filter: string, more = '') =>
  scim('GET', `Users?filter=${encodeURIComponent(filter)}${more}`);

type ScimUser = Record<string, unknown> & {
  id: string;
  [SCIM_SCHEMAS.karta]: { cardUrl: string };
};

/** Microsoft Entra ID's create, as its SCIM documentation shows it. */
const entraUser = (userName: string, more: object = {}) => ({
  schemas: [SCIM_SCHEMAS.user, ENTERPRISE],
  externalId: `ext-${userName}`,
  userName,
  active: true,
  addresses: [
    {
      primary: true,
      type: 'work',
      streetAddress: 'Ερμού 10',
      locality: 'Αθήνα',
      postalCode: '10563',
      country: 'GR',
    },
  ],
  displayName: 'Παναγιώτης Οικονόμου',
  emails: [{ primary: true, type: 'work', value: userName }],
  meta: { resourceType: 'User' },
  name: { familyName: 'Οικονόμου', givenName: 'Παναγιώτης' },
  phoneNumbers: [
    { primary: true, type: 'work', value: '+30 210-123-4567' },
    { type: 'mobile', value: '+30 697 123 4567' },
  ],
  title: 'Φωτογράφος',
  preferredLanguage: 'el-GR',
  [ENTERPRISE]: { department: 'Παραγωγή', employeeNumber: '42' },
  // Misspelled: ignored, as RFC 7643 allows.
  titel: 'Λάθος',
  ...more,
});

/** The mails to `email`, oldest first. */
const mailsTo = async (email: string) =>
  (await db().collection(OUTBOX_COLLECTION).where('to', '==', email).get()).docs.sort(
    (a, b) =>
      (a.get('createdAt') as Timestamp).toMillis() - (b.get('createdAt') as Timestamp).toMillis(),
  );

const invitesOf = async (scimId: string) =>
  (
    await db().collection(`companies/${ID}/invites`).where('directoryUserId', '==', scimId).get()
  ).docs.map((doc) => doc.data());

/** The token of the newest invitation mailed to `email`, from its link. */
async function latestInvite(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const link = /https?:\/\/\S+/.exec(String(mails.at(-1)?.get('text')))?.[0] as string;
  return new URL(link).searchParams.get(INVITE_PARAM) as string;
}

/** `who` accepts the newest invitation mailed to their address, with the link's token. */
async function acceptLatest(who: Account) {
  const inviteToken = await latestInvite(who.email);
  return send(
    accept,
    `/api/owner/invites/${inviteToken}`,
    { token: inviteToken },
    { token: who.token, json: {} },
  );
}

beforeAll(async () => {
  // The card's page renders with its build's assets; their content is no concern here.
  process.env[CARD_ASSETS_ENV] = JSON.stringify({
    css: '',
    enhance: '',
    sheet: '/_karta/sheet.js',
    sheetCss: '/_karta/sheet.css',
  });
  [maria, kostas] = await Promise.all([
    account('maria@scim.test'),
    account('panagiotis.oikonomou@studio-scim.test'),
  ]);
  const JOINED = Timestamp.fromDate(new Date('2025-01-01T10:00:00Z'));
  await db()
    .doc(`companies/${ID}`)
    .set({
      name: 'Studio Φως',
      template: { phoneNumber: { value: '210 000 0000', locked: true } },
      admins: [maria.uid],
      memberUids: [maria.uid],
      templateAt: JOINED,
    });
  await db()
    .doc(`companies/${OTHER}`)
    .set({ name: 'Άλλη', template: {}, admins: [], memberUids: [] });
  otherToken = 'karta_scim_' + 'o'.repeat(43);
  await storeScimToken(OTHER, 'test', otherToken);
  const issued = await send(
    issueToken,
    `/api/owner/companies/${ID}/scim-token`,
    { id: ID },
    { token: maria.token },
  );
  expect(issued.status).toBe(201);
  token = (issued.body as { token: string }).token;
});

let panagiotis: ScimUser;

test('no token, a malformed one or an unknown one: 401 with WWW-Authenticate, as a SCIM error', async () => {
  for (const as of ['', 'nonsense', `karta_scim_${'x'.repeat(43)}`]) {
    const refused = await scim('GET', 'Users', { as });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(refused.headers.get('content-type')).toBe('application/scim+json');
    expect(refused.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '401' });
  }
});

test('the service describes itself: ServiceProviderConfig, ResourceTypes, Schemas with the karta extension', async () => {
  const config = await scim('GET', 'ServiceProviderConfig');
  expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
  const types = await scim('GET', 'ResourceTypes');
  expect(types.body).toMatchObject({ totalResults: 2 });
  const schemas = (await scim('GET', 'Schemas')).body as { Resources: { id: string }[] };
  expect(schemas.Resources.map((s) => s.id)).toEqual([
    SCIM_SCHEMAS.user,
    ENTERPRISE,
    SCIM_SCHEMAS.karta,
  ]);
  expect((await scim('GET', `Schemas/${SCIM_SCHEMAS.karta}`)).status).toBe(200);
  expect((await scim('GET', 'Nothing')).status).toBe(404);
});

test('Entra ID provisions a user: 201 with Location, a live card named by ELOT 743 with the directory’s fields, and a Greek invitation bound to the user', async () => {
  const created = await scim('POST', 'Users', {
    json: entraUser('Panagiotis.Oikonomou@studio-scim.test'),
  });
  expect(created.status).toBe(201);
  panagiotis = created.body as ScimUser;
  expect(created.headers.get('location')).toBe(
    `http://localhost:3000/scim/v2/Users/${panagiotis.id}`,
  );
  expect(created.headers.get('cache-control')).toBe('no-store');
  expect(panagiotis).toMatchObject({
    userName: 'Panagiotis.Oikonomou@studio-scim.test',
    active: true,
    title: 'Φωτογράφος',
    [ENTERPRISE]: { department: 'Παραγωγή', employeeNumber: '42' },
    meta: { resourceType: 'User', version: 'W/"1"' },
  });
  expect(panagiotis.titel).toBeUndefined();
  expect(panagiotis.meta).toMatchObject({ location: created.headers.get('location') });
  expect(panagiotis[SCIM_SCHEMAS.karta].cardUrl).toBe('http://localhost:3000/panagiotis-oikonomou');

  const card = await data('users/panagiotis-oikonomou');
  expect(card).toMatchObject({
    firstName: 'Παναγιώτης',
    lastName: 'Οικονόμου',
    jobTitle: 'Φωτογράφος · Παραγωγή',
    email: 'panagiotis.oikonomou@studio-scim.test',
    phoneNumber: '+30 210 123 4567',
    mobileNumber: '+30 697 123 4567',
    address: 'Ερμού 10',
    city: 'Αθήνα',
    companyId: ID,
    directoryUserId: panagiotis.id,
  });
  expect(card?.ownerUid).toBeUndefined();
  expect(card?.offAt).toBeUndefined();
  const shown = await visit('panagiotis-oikonomou');
  expect(shown.status).toBe(200);
  // The template's locked phone wins over the directory's.
  expect(shown.text).toContain('210 000 0000');
  expect(shown.text).not.toContain('210 123 4567');

  const mails = await mailsTo('panagiotis.oikonomou@studio-scim.test');
  expect(mails).toHaveLength(1);
  expect(mails[0].get('text')).toContain('Γεια σας, Παναγιώτη,');
  expect(mails[0].get('text')).toContain('«Studio Φως»');
  expect(await invitesOf(panagiotis.id)).toEqual([
    expect.objectContaining({ status: 'pending', username: 'panagiotis-oikonomou' }),
  ]);
});

test('Entra ID looks a user up by userName in any case, and by externalId; GET by id', async () => {
  const found = await list('userName eq "panagiotis.oikonomou@STUDIO-scim.test"');
  expect(found.body).toMatchObject({
    schemas: [SCIM_SCHEMAS.list],
    totalResults: 1,
    startIndex: 1,
    itemsPerPage: 1,
    Resources: [{ id: panagiotis.id }],
  });
  expect(
    (await list('externalId eq "ext-Panagiotis.Oikonomou@studio-scim.test"')).body,
  ).toMatchObject({
    totalResults: 1,
  });
  expect((await list('userName eq "nobody@studio-scim.test"')).body).toMatchObject({
    totalResults: 0,
    Resources: [],
  });
  const got = await scim('GET', `Users/${panagiotis.id}`);
  expect(got.status).toBe(200);
  expect(got.headers.get('etag')).toBe('W/"1"');
});

test('a duplicate userName, in another case, is 409 uniqueness and writes nothing', async () => {
  const before = (await db().collection('users').get()).size;
  const again = await scim('POST', 'Users', {
    json: entraUser('PANAGIOTIS.oikonomou@studio-scim.test'),
  });
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ scimType: 'uniqueness', status: '409' });
  expect((await db().collection('users').get()).size).toBe(before);
  expect(await mailsTo('panagiotis.oikonomou@studio-scim.test')).toHaveLength(1);
});

test('malformed JSON is 400 invalidSyntax; a value over the card’s limit is 400 invalidValue naming the attribute, and leaves no card, user or mail', async () => {
  const malformed = await scim('POST', 'Users', { body: '{"userName": "x@y.gr",' });
  expect(malformed.status).toBe(400);
  expect(malformed.body).toMatchObject({ scimType: 'invalidSyntax' });

  const long = await scim('POST', 'Users', {
    json: entraUser('long.title@studio-scim.test', {
      name: { givenName: 'Μακρύς', familyName: 'Τίτλος' },
      title: 'α'.repeat(101),
    }),
  });
  expect(long.status).toBe(400);
  expect(long.body).toMatchObject({ scimType: 'invalidValue' });
  expect((long.body as { detail: string }).detail).toMatch(/^title: /);
  expect(await data('users/makrys-titlos')).toBeUndefined();
  expect((await list('userName eq "long.title@studio-scim.test"')).body).toMatchObject({
    totalResults: 0,
  });
  expect(await mailsTo('long.title@studio-scim.test')).toHaveLength(0);

  const wrongType = await scim('POST', 'Users', {
    json: { userName: 'x@studio-scim.test', active: 'maybe' },
  });
  expect(wrongType.body).toMatchObject({ scimType: 'invalidValue' });
});

test('two directory users sharing a mailbox get two cards and two invitations; an e-mail that is no address is kept, filterable, and invites nobody', async () => {
  const first = await scim('POST', 'Users', {
    json: entraUser('info.athens@studio-scim.test', {
      name: { givenName: 'Γραφείο', familyName: 'Αθήνας' },
      emails: [{ type: 'work', value: 'info@studio-scim.test', primary: true }],
    }),
  });
  const second = await scim('POST', 'Users', {
    json: entraUser('info.thess@studio-scim.test', {
      name: { givenName: 'Γραφείο', familyName: 'Αθήνας' },
      emails: [{ type: 'work', value: 'info@studio-scim.test', primary: true }],
    }),
  });
  expect([first.status, second.status]).toEqual([201, 201]);
  expect((first.body as ScimUser)[SCIM_SCHEMAS.karta].cardUrl).toMatch(/\/grafeio-athinas$/);
  expect((second.body as ScimUser)[SCIM_SCHEMAS.karta].cardUrl).toMatch(/\/grafeio-athinas-2$/);
  expect(await mailsTo('info@studio-scim.test')).toHaveLength(2);

  const placeholder = await scim('POST', 'Users', {
    json: {
      userName: 'shared-box',
      name: { givenName: 'Κοινό', familyName: 'Κουτί' },
      emails: [{ type: 'work', value: 'not-an-address' }],
    },
  });
  expect(placeholder.status).toBe(201);
  const box = placeholder.body as ScimUser;
  expect(box.emails).toEqual([{ type: 'work', value: 'not-an-address' }]);
  expect((await data('users/koino-kouti'))?.email).toBeUndefined();
  expect(await invitesOf(box.id)).toEqual([]);
  expect((await list('emails.value eq "not-an-address"')).body).toMatchObject({
    totalResults: 1,
    Resources: [{ id: box.id }],
  });
  expect((await list('emails co "AN-ADDR"')).body).toMatchObject({ totalResults: 1 });
});

test('filters: sw, co, pr, gt, and, or, not and parentheses on name.*, meta.*, title; startIndex, count, attributes, excludedAttributes', async () => {
  const total = (filter: string) =>
    list(filter).then((answer) => (answer.body as { totalResults: number }).totalResults);
  expect(await total('name.familyName sw "Οικ"')).toBe(1);
  expect(await total('name.givenname eq "γραφείο"')).toBe(2);
  expect(await total('title co "φωτο" and active eq true')).toBe(3);
  expect(await total('(userName sw "info") or (userName eq "shared-box")')).toBe(3);
  expect(await total('not (userName sw "info")')).toBe(2);
  expect(await total('meta.created gt "2000-01-01T00:00:00Z"')).toBe(4);
  expect(await total('meta.created lt "2000-01-01T00:00:00Z"')).toBe(0);
  expect(await total('externalId pr')).toBe(3);
  expect(await total('emails[type eq "work" and value sw "info@"]')).toBe(2);
  expect((await list('userName eq', '')).body).toMatchObject({ scimType: 'invalidFilter' });

  const paged = await scim('GET', 'Users?startIndex=2&count=2&attributes=userName,name.givenName');
  expect(paged.body).toMatchObject({ totalResults: 4, startIndex: 2, itemsPerPage: 2 });
  const [one] = (paged.body as { Resources: Record<string, unknown>[] }).Resources;
  expect(Object.keys(one).sort()).toEqual(['id', 'meta', 'name', 'schemas', 'userName']);
  expect(Object.keys(one.name as object)).toEqual(['givenName']);
  const without = await scim(
    'GET',
    `Users/${panagiotis.id}?excludedAttributes=emails,${ENTERPRISE}:department`,
  );
  expect((without.body as ScimUser).emails).toBeUndefined();
  expect((without.body as ScimUser)[ENTERPRISE]).toEqual({ employeeNumber: '42' });
});

test('a token sees only its own company: another company’s user is 404 for every method', async () => {
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
    const answer = await scim(method, `Users/${panagiotis.id}`, {
      as: otherToken,
      ...(method === 'PUT' || method === 'PATCH'
        ? { json: { Operations: [{ op: 'replace', path: 'active', value: false }], userName: 'x' } }
        : {}),
    });
    expect([method, answer.status]).toEqual([method, 404]);
  }
  expect((await scim('GET', 'Users', { as: otherToken })).body).toMatchObject({ totalResults: 0 });
  expect((await data('users/panagiotis-oikonomou'))?.offAt).toBeUndefined();
});

test('PATCH as Entra ID words it: capitalised ops and names, value filters, an extension path', async () => {
  const patched = await scim('PATCH', `Users/${panagiotis.id}`, {
    json: {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [
        { op: 'Replace', path: 'Title', value: 'Επικεφαλής φωτογράφος' },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+30 698 000 0000' },
        { op: 'Replace', path: 'Name.GivenName', value: 'Πάνος' },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Στούντιο' },
        { op: 'Remove', path: 'addresses[type eq "work"]' },
      ],
    },
  });
  expect(patched.status).toBe(200);
  expect(patched.headers.get('etag')).toBe('W/"2"');
  const card = await data('users/panagiotis-oikonomou');
  expect(card).toMatchObject({
    firstName: 'Πάνος',
    jobTitle: 'Επικεφαλής φωτογράφος · Στούντιο',
    mobileNumber: '+30 698 000 0000',
  });
  expect(card?.address).toBeUndefined();
  expect(card?.city).toBeUndefined();

  // A new userName keeps its uniqueness: another user's, in any case, is 409; a free one moves.
  const rename = (userName: string) =>
    scim('PATCH', `Users/${panagiotis.id}`, {
      json: { Operations: [{ op: 'Replace', path: 'userName', value: userName }] },
    });
  expect((await rename('SHARED-BOX')).body).toMatchObject({
    status: '409',
    scimType: 'uniqueness',
  });
  expect((await rename('p.oikonomou@studio-scim.test')).status).toBe(200);
  expect((await list('userName eq "p.oikonomou@studio-scim.test"')).body).toMatchObject({
    totalResults: 1,
  });
  expect((await rename('Panagiotis.Oikonomou@studio-scim.test')).status).toBe(200);
});

test('Entra ID deprovisions with "Replace" active "False": the card answers 410, its leads stay; "True" brings it back under the same username', async () => {
  await db()
    .collection(contactsPath('panagiotis-oikonomou'))
    .add({ name: 'Επισκέπτρια', email: 'visitor@example.gr', createdAt: Timestamp.now() });
  const marked = markedPaths().length;
  const off = await scim('PATCH', `Users/${panagiotis.id}`, {
    json: {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    },
  });
  expect(off.status).toBe(200);
  // The removal's own revalidation: every page of the card, which the CDN purge follows.
  expect(markedPaths(marked)).toEqual(expect.arrayContaining(cardPaths('panagiotis-oikonomou')));
  expect(off.body).toMatchObject({ active: false });
  expect((await data('users/panagiotis-oikonomou'))?.offAt).toBeInstanceOf(Timestamp);
  expect((await visit('panagiotis-oikonomou')).status).toBe(410);
  // Its pending invitation no longer works.
  expect(await invitesOf(panagiotis.id)).toEqual([expect.objectContaining({ status: 'revoked' })]);

  const on = await scim('PATCH', `Users/${panagiotis.id}`, {
    json: { Operations: [{ op: 'Replace', path: 'active', value: 'True' }] },
  });
  expect(on.body).toMatchObject({ active: true });
  expect((await visit('panagiotis-oikonomou')).status).toBe(200);
  expect((await db().collection(contactsPath('panagiotis-oikonomou')).get()).size).toBe(1);
  expect(await invitesOf(panagiotis.id)).toEqual(
    expect.arrayContaining([expect.objectContaining({ status: 'pending' })]),
  );
});

test('the invited person accepts: THIS card becomes theirs; Okta’s PUT updates it, its {"op":"replace","value":{"active":false}} removes them', async () => {
  expect(await acceptLatest(kostas)).toMatchObject({
    status: 200,
    body: { username: 'panagiotis-oikonomou' },
  });
  expect((await data('users/panagiotis-oikonomou'))?.ownerUid).toBe(kostas.uid);
  expect(await data(`companies/${ID}/members/${kostas.uid}`)).toMatchObject({ status: 'active' });

  const current = (await scim('GET', `Users/${panagiotis.id}`)).body as ScimUser;
  const put = await scim('PUT', `Users/${panagiotis.id}`, {
    json: { ...current, title: 'Διευθυντής', [ENTERPRISE]: undefined },
  });
  expect(put.status).toBe(200);
  expect((await data('users/panagiotis-oikonomou'))?.jobTitle).toBe('Διευθυντής');

  const off = await scim('PATCH', `Users/${panagiotis.id}`, {
    json: {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'replace', value: { active: false } }],
    },
  });
  expect(off.status).toBe(200);
  const card = await data('users/panagiotis-oikonomou');
  expect(card?.ownerUid).toBeUndefined();
  expect(card?.offAt).toBeInstanceOf(Timestamp);
  expect(await data(`companies/${ID}/members/${kostas.uid}`)).toMatchObject({
    status: 'removed',
    removedBy: 'directory',
  });
  expect(await data(`owners/${kostas.uid}`)).toBeUndefined();
  expect((await data(`companies/${ID}`))?.memberUids).not.toContain(kostas.uid);
});

test('DELETE removes the user: 204, then 404; the card stays switched off with its leads', async () => {
  expect((await scim('DELETE', `Users/${panagiotis.id}`)).status).toBe(204);
  expect((await scim('GET', `Users/${panagiotis.id}`)).status).toBe(404);
  expect((await scim('DELETE', `Users/${panagiotis.id}`)).status).toBe(404);
  expect((await visit('panagiotis-oikonomou')).status).toBe(410);
  expect((await db().collection(contactsPath('panagiotis-oikonomou')).get()).size).toBe(1);
  // Its userName is free again.
  expect((await list('userName eq "panagiotis.oikonomou@studio-scim.test"')).body).toMatchObject({
    totalResults: 0,
  });
});

test('holding new cards until their person accepts: the console sets it, a new card stays off until then', async () => {
  const set = await send(
    scimSettings,
    `/api/owner/companies/${ID}/scim-settings`,
    { id: ID },
    { token: maria.token, method: 'PUT', json: { holdCardsUntilAccepted: true } },
  );
  expect(set.status).toBe(200);
  const held = await scim('POST', 'Users', {
    json: entraUser('eleni@studio-scim.test', {
      name: { givenName: 'Ελένη', familyName: 'Ράλλη' },
    }),
  });
  expect(held.status).toBe(201);
  expect((await visit('eleni-ralli')).status).toBe(410);
  const eleni = await account('eleni@studio-scim.test');
  // The link names the card made for her: the console offers no name to choose.
  const inviteToken = await latestInvite(eleni.email);
  const opened = await send(
    openInvite,
    `/api/owner/invites/${inviteToken}`,
    { token: inviteToken },
    { method: 'GET' },
  );
  expect(opened.body).toMatchObject({ card: 'eleni-ralli', email: 'eleni@studio-scim.test' });
  expect(await acceptLatest(eleni)).toMatchObject({
    status: 200,
    body: { username: 'eleni-ralli' },
  });
  expect((await visit('eleni-ralli')).status).toBe(200);
});

test('the console: only an admin makes or revokes a token; a new token revokes the old; the log shows the requests', async () => {
  const path = `/api/owner/companies/${ID}/scim-token`;
  const notAdmin = await account('outsider@scim.test');
  expect((await send(issueToken, path, { id: ID }, { token: notAdmin.token })).status).toBe(403);
  const again = await send(issueToken, path, { id: ID }, { token: maria.token });
  expect(again.status).toBe(201);
  const fresh = (again.body as { token: string }).token;
  expect(fresh).not.toBe(token);
  expect((await scim('GET', 'Users')).status).toBe(401);
  expect((await scim('GET', 'Users', { as: fresh })).status).toBe(200);
  const stored = JSON.stringify(
    (await db().collection('scimTokens').get()).docs.map((d) => d.data()),
  );
  expect(stored).not.toContain(fresh);

  const log = await send(
    scimLog,
    `/api/owner/companies/${ID}/scim-log`,
    { id: ID },
    { token: maria.token, method: 'GET' },
  );
  expect(log.status).toBe(200);
  const answer = log.body as { baseUrl: string; hasToken: boolean; log: Record<string, unknown>[] };
  expect(answer).toMatchObject({
    baseUrl: 'http://localhost:3000/scim/v2',
    hasToken: true,
    holdCardsUntilAccepted: true,
  });
  expect(answer.log[0]).toMatchObject({ method: 'GET', path: '/Users', status: 200 });
  expect(answer.log).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ method: 'POST', status: 409, scimType: 'uniqueness' }),
      expect.objectContaining({ method: 'POST', status: 201, userName: 'eleni@studio-scim.test' }),
    ]),
  );
  expect(JSON.stringify(answer.log)).not.toContain(fresh);
  expect(
    (
      await send(
        scimLog,
        `/api/owner/companies/${ID}/scim-log`,
        { id: ID },
        { token: notAdmin.token, method: 'GET' },
      )
    ).status,
  ).toBe(403);

  expect(
    (await send(revokeToken, path, { id: ID }, { token: maria.token, method: 'DELETE' })).status,
  ).toBe(200);
  expect((await scim('GET', 'Users', { as: fresh })).status).toBe(401);
  expect((await db().collection('scimTokens').where('companyId', '==', ID).get()).size).toBe(0);
});

test('a token over its rate is 429 with Retry-After', async () => {
  const rate = new RateLimiter({ limit: 1 });
  const request = () =>
    new Request('http://127.0.0.1/scim/v2/Users', {
      headers: { authorization: `Bearer ${otherToken}` },
    });
  expect(await authenticateScim(request(), rate)).toEqual({ companyId: OTHER });
  const refused = (await authenticateScim(request(), rate)) as Response;
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('60');
  expect(await refused.json()).toMatchObject({ status: '429' });
});
