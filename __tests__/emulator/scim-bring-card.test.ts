// A person with a card of their own accepts their company's directory invitation
// (server/scim/claim.ts): their card becomes the directory user's, with the directory's fields and
// everything else of theirs, and the card provisioned for them forwards to it, its leads kept; a
// card of another company is refused with nothing changed. The directory's team moves with it.
import { contactsPath } from '@/lib/collections';
import { SCIM_SCHEMAS } from '@/lib/scim';
import { adminDb } from '@/server/firebase/admin-app';
import { storeScimToken } from '@/server/scim/token-store';
import { GET as page } from '@/app/[username]/route';
import { Timestamp } from 'firebase-admin/firestore';
import { stubCardAssets } from '../helpers/card-assets-stub';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';
import { acceptNewestInvite } from '../helpers/directory-invite';
import { scimRequest, type ScimMethod } from '../helpers/scim-api';

const PROJECT = 'demo-karta-scim-bring';
const ID = 'studio-bring';
const OTHER = 'other-bring';
const TOKEN = 'karta_scim_' + 'b'.repeat(43);

companyApiFile(PROJECT);

const db = () => adminDb();
const data = async (path: string) => (await db().doc(path).get()).data();
const scim = (method: ScimMethod, path: string, json?: unknown) =>
  scimRequest(TOKEN, method, path, json === undefined ? {} : { json });
const visit = (username: string) =>
  send(page as never, `/${username}`, { username }, { method: 'GET' });

type ScimUser = { id: string; [SCIM_SCHEMAS.karta]: { cardUrl: string } };

const user = (userName: string, givenName: string, familyName: string) => ({
  schemas: [SCIM_SCHEMAS.user],
  userName,
  active: true,
  name: { givenName, familyName },
  emails: [{ primary: true, type: 'work', value: userName }],
  title: 'Φωτογράφος',
});

let maria: Account;
let nikos: Account;
let eleni: Account;

beforeAll(async () => {
  stubCardAssets();
  [maria, nikos, eleni] = await Promise.all([
    account('maria@bring.test'),
    account('nikos@studio-bring.test'),
    account('eleni@studio-bring.test'),
  ]);
  await db()
    .doc(`companies/${ID}`)
    .set({ name: 'Studio Φως', template: {}, admins: [maria.uid], memberUids: [maria.uid] });
  await db()
    .doc(`companies/${OTHER}`)
    .set({ name: 'Άλλη', template: {}, admins: [], memberUids: [eleni.uid] });
  await storeScimToken(ID, 'test', TOKEN);
  expect(await claimCard(nikos, 'nikos', { firstName: 'Νίκος', lastName: 'Π' })).toBe(201);
  await db().doc('users/nikos').update({ displayImage: 'users/nikos/photo.jpg', jobTitle: 'Εγώ' });
  expect(await claimCard(eleni, 'eleni', { firstName: 'Ελένη', lastName: 'Ρ' })).toBe(201);
  await db().doc('users/eleni').update({ companyId: OTHER });
});

test('accepting with a card of one’s own brings it: it is the member card, the provisioned one forwards to it, SCIM acts on it', async () => {
  const created = await scim(
    'POST',
    'Users',
    user('nikos@studio-bring.test', 'Νικόλαος', 'Παππάς'),
  );
  expect(created.status).toBe(201);
  const nikolaos = created.body as ScimUser;
  expect(nikolaos[SCIM_SCHEMAS.karta].cardUrl).toBe('http://localhost:3000/nikolaos-pappas');
  await db().collection(contactsPath('nikolaos-pappas')).add({ name: 'Πελάτης' });
  const group = await scim('POST', 'Groups', {
    schemas: [SCIM_SCHEMAS.group],
    displayName: 'Θεσσαλονίκη',
    members: [{ value: nikolaos.id }],
  });
  expect(group.status).toBe(201);
  const groupId = (group.body as { id: string }).id;

  expect(await acceptNewestInvite(nikos)).toMatchObject({
    status: 200,
    body: { username: 'nikos' },
  });
  expect(await data('users/nikos')).toMatchObject({
    firstName: 'Νικόλαος',
    lastName: 'Παππάς',
    jobTitle: 'Φωτογράφος',
    displayImage: 'users/nikos/photo.jpg',
    companyId: ID,
    directoryUserId: nikolaos.id,
    ownerUid: nikos.uid,
  });
  expect((await data('users/nikos'))?.companyJoinedAt).toBeInstanceOf(Timestamp);
  expect(await data(`companies/${ID}/members/${nikos.uid}`)).toMatchObject({
    status: 'active',
    username: 'nikos',
  });
  const provisioned = await data('users/nikolaos-pappas');
  expect(provisioned).toMatchObject({ forwardTo: 'nikos', companyId: ID });
  expect(provisioned?.offAt).toBeInstanceOf(Timestamp);
  expect((await visit('nikolaos-pappas')).headers.get('location')).toBe('/nikos');
  expect((await db().collection(contactsPath('nikolaos-pappas')).get()).size).toBe(1);

  const read = await scim('GET', `Users/${nikolaos.id}`);
  expect(read.body).toMatchObject({
    [SCIM_SCHEMAS.karta]: { cardUrl: 'http://localhost:3000/nikos' },
    meta: { version: 'W/"2"' },
  });

  // The directory's team lists the person's card, once.
  expect((await scim('GET', `Groups/${groupId}`)).body).toMatchObject({
    members: [{ value: nikolaos.id, display: 'nikos' }],
  });

  const off = await scim('PATCH', `Users/${nikolaos.id}`, {
    schemas: [SCIM_SCHEMAS.patch],
    Operations: [{ op: 'replace', value: { active: false } }],
  });
  expect(off.status).toBe(200);
  const card = await data('users/nikos');
  expect(card?.offAt).toBeInstanceOf(Timestamp);
  expect(card?.ownerUid).toBeUndefined();
  expect(await data(`companies/${ID}/members/${nikos.uid}`)).toMatchObject({ status: 'removed' });
});

test('a card of another company is refused: 409 has-company, nothing changed', async () => {
  const created = await scim('POST', 'Users', user('eleni@studio-bring.test', 'Ελένη', 'Ράλλη'));
  expect(created.status).toBe(201);
  const before = await Promise.all(['users/eleni', 'users/eleni-ralli'].map(data));

  expect(await acceptNewestInvite(eleni)).toMatchObject({
    status: 409,
    body: { error: 'has-company' },
  });
  expect(await Promise.all(['users/eleni', 'users/eleni-ralli'].map(data))).toEqual(before);
  expect((await scim('GET', `Users/${(created.body as ScimUser).id}`)).body).toMatchObject({
    [SCIM_SCHEMAS.karta]: { cardUrl: 'http://localhost:3000/eleni-ralli' },
  });
  expect(await data(`companies/${ID}/members/${eleni.uid}`)).toBeUndefined();
});

test('a member already (the company used karta before its directory) links the member card: role, joining day and leads stay', async () => {
  expect(await claimCard(maria, 'maria', { firstName: 'Μαρία', lastName: 'Π' })).toBe(201);
  const joinedAt = Timestamp.fromMillis(Date.parse('2026-01-05T10:00:00Z'));
  await db().doc('users/maria').update({ companyId: ID, companyJoinedAt: joinedAt });
  await db()
    .doc(`companies/${ID}/members/${maria.uid}`)
    .set({ username: 'maria', role: 'admin', status: 'active', joinedAt });
  const created = await scim('POST', 'Users', user('maria@bring.test', 'Μαρία', 'Παπαδοπούλου'));
  expect(created.status).toBe(201);
  const scimId = (created.body as ScimUser).id;

  expect(await acceptNewestInvite(maria)).toMatchObject({
    status: 200,
    body: { username: 'maria' },
  });
  expect(await data('users/maria')).toMatchObject({
    companyId: ID,
    companyJoinedAt: joinedAt,
    directoryUserId: scimId,
    lastName: 'Παπαδοπούλου',
    ownerUid: maria.uid,
  });
  expect(await data(`companies/${ID}/members/${maria.uid}`)).toMatchObject({
    role: 'admin',
    status: 'active',
    joinedAt,
    lastName: 'Παπαδοπούλου',
  });
  expect(await data(`companies/${ID}`)).toMatchObject({ admins: [maria.uid] });
  expect(await data('users/maria-papadopoulou')).toMatchObject({ forwardTo: 'maria' });

  // A second directory user for the same person cannot take the card the first one has.
  const again = await scim('POST', 'Users', {
    ...user('m.p@bring.test', 'Μαρία', 'Παπαδοπούλου'),
    emails: [{ primary: true, type: 'work', value: 'maria@bring.test' }],
  });
  expect(again.status).toBe(201);
  const before = await data('users/maria');
  const refused = await acceptNewestInvite(maria);
  expect(refused).toMatchObject({ status: 409, body: { error: 'has-company' } });
  expect(await data('users/maria')).toEqual(before);
});
