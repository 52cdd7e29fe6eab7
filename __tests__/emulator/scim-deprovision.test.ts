// SCIM deprovisioning's corners (server/scim/switch.ts, users-write.ts), through the SCIM route in
// process against the run's Firestore emulator and the file's Auth emulator: the directory cannot
// switch off or delete the company's last admin (409, in the request log); If-Match on PUT, PATCH
// and DELETE (412 for a stale ETag, as ServiceProviderConfig's etag promises); and Entra ID's
// deletion 30 days after a deactivation, which keeps the forwarding an admin gave the card since.
import { Timestamp } from 'firebase-admin/firestore';
import { OUTBOX_COLLECTION } from '@/lib/collections';
import { INVITE_PARAM } from '@/lib/routes';
import { SCIM_SCHEMAS } from '@/lib/scim';
import { adminDb } from '@/server/firebase/admin-app';
import { readScimLog } from '@/server/scim/request-log';
import { storeScimToken } from '@/server/scim/token-store';
import { PATCH as forward } from '@/app/api/owner/companies/[id]/members/[uid]/route';
import { POST as accept } from '@/app/api/owner/invites/[token]/route';
import { GET as page } from '@/app/[username]/route';
import { stubCardAssets } from '../helpers/card-assets-stub';
import { account, send, type Account } from '../helpers/company-api';
import { companyApiFile } from '../helpers/company-api-file';
import { scimRequest, type ScimMethod } from '../helpers/scim-api';

const PROJECT = 'demo-karta-scim-deprovision';
const ID = 'studio-deprov';
const TOKEN = `karta_scim_${'d'.repeat(43)}`;

companyApiFile(PROJECT);

const db = () => adminDb();
const data = async (path: string) => (await db().doc(path).get()).data();

const scim = (
  method: ScimMethod,
  path: string,
  sent: { json?: unknown; headers?: Record<string, string> } = {},
) => scimRequest(TOKEN, method, path, sent);

const visit = (username: string) =>
  send(page as never, `/${username}`, { username }, { method: 'GET' });

/** Entra ID's deactivation. */
const DEACTIVATE = {
  schemas: [SCIM_SCHEMAS.patch],
  Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
};

interface Provisioned {
  id: string;
  username: string;
}

/** A directory user `userName` with a live card: its SCIM id and the card's username. */
async function provision(userName: string, givenName: string, familyName: string) {
  const created = await scim('POST', 'Users', {
    json: {
      userName,
      name: { givenName, familyName },
      emails: [{ type: 'work', value: userName }],
    },
  });
  expect(created.status).toBe(201);
  const user = created.body as { id: string; [key: string]: unknown };
  const { cardUrl } = user[SCIM_SCHEMAS.karta] as { cardUrl: string };
  return { id: user.id, username: new URL(cardUrl).pathname.slice(1) };
}

/** `who` accepts the invitation the directory mailed them, through its link. */
async function acceptMailed(who: Account) {
  const [mail] = (await db().collection(OUTBOX_COLLECTION).where('to', '==', who.email).get()).docs;
  const link = new URL(/https?:\/\/\S+/.exec(String(mail.get('text')))?.[0] as string);
  const inviteToken = link.searchParams.get(INVITE_PARAM) as string;
  const accepted = await send(
    accept,
    `/api/owner/invites/${inviteToken}`,
    { token: inviteToken },
    { token: who.token, json: {} },
  );
  expect(accepted.status).toBe(200);
}

let maria: Account;
let kostas: Account;
let kostasUser: Provisioned;
let eleniUser: Provisioned;

beforeAll(async () => {
  stubCardAssets();
  [maria, kostas] = await Promise.all([
    account('maria@deprov.test'),
    account('kostas@deprov.test'),
  ]);
  await db()
    .doc(`companies/${ID}`)
    .set({
      name: 'Studio Φως',
      template: {},
      admins: [maria.uid],
      memberUids: [maria.uid],
      templateAt: Timestamp.fromDate(new Date('2025-01-01T10:00:00Z')),
    });
  await storeScimToken(ID, 'test', TOKEN);
  kostasUser = await provision('kostas@deprov.test', 'Κώστας', 'Νικολάου');
  eleniUser = await provision('eleni@deprov.test', 'Ελένη', 'Ράλλη');
  await acceptMailed(kostas);
});

test('the directory cannot switch off or delete the company’s only admin: 409 naming the way out, in the request log, and nothing changes; once another admin exists it can', async () => {
  // As if Maria had made him admin and then left the company.
  await db()
    .doc(`companies/${ID}`)
    .update({ admins: [kostas.uid], memberUids: [kostas.uid] });
  await db().doc(`companies/${ID}/members/${kostas.uid}`).update({ role: 'admin' });
  const path = `Users/${kostasUser.id}`;

  const refusals = [
    await scim('PATCH', path, { json: DEACTIVATE }),
    await scim('PUT', path, {
      json: { userName: 'kostas@deprov.test', name: { givenName: 'Κώστας' }, active: false },
    }),
    await scim('DELETE', path),
  ];
  for (const refused of refusals) {
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '409' });
    expect((refused.body as { detail: string }).detail).toMatch(
      /only admin in karta; make another member admin first/,
    );
  }
  expect((await scim('GET', path)).body).toMatchObject({
    active: true,
    meta: { version: 'W/"1"' },
  });
  expect((await data(`users/${kostasUser.username}`))?.ownerUid).toBe(kostas.uid);
  expect((await visit(kostasUser.username)).status).toBe(200);
  expect(await data(`companies/${ID}/members/${kostas.uid}`)).toMatchObject({ status: 'active' });
  expect((await data(`companies/${ID}`))?.admins).toEqual([kostas.uid]);
  expect(await readScimLog(ID)).toEqual(
    expect.arrayContaining(
      ['PATCH', 'PUT', 'DELETE'].map((method) =>
        expect.objectContaining({
          method,
          status: 409,
          detail: expect.stringMatching(/only admin in karta/),
        }),
      ),
    ),
  );

  await db()
    .doc(`companies/${ID}`)
    .update({ admins: [kostas.uid, maria.uid] });
  expect((await scim('PATCH', path, { json: DEACTIVATE })).status).toBe(200);
  expect(await data(`companies/${ID}/members/${kostas.uid}`)).toMatchObject({
    status: 'removed',
    removedBy: 'directory',
  });
  expect((await data(`companies/${ID}`))?.admins).toEqual([maria.uid]);
  expect((await visit(kostasUser.username)).status).toBe(410);
});

test('If-Match: a stale ETag is 412 versionMismatch for PUT, PATCH and DELETE and writes nothing; the current one, one of a list, or * goes through', async () => {
  const config = await scim('GET', 'ServiceProviderConfig');
  expect(config.body).toMatchObject({ etag: { supported: true } });
  const path = `Users/${eleniUser.id}`;
  expect((await scim('GET', path)).headers.get('etag')).toBe('W/"1"');
  const retitle = (title: string, ifMatch: string) =>
    scim('PATCH', path, {
      json: { Operations: [{ op: 'Replace', path: 'title', value: title }] },
      headers: { 'if-match': ifMatch },
    });

  const stale = { 'if-match': 'W/"0"' };
  const refusals = [
    await retitle('Παλιά', 'W/"0"'),
    await scim('PUT', path, {
      json: { userName: 'eleni@deprov.test', title: 'Παλιά' },
      headers: stale,
    }),
    await scim('DELETE', path, { headers: stale }),
  ];
  for (const refused of refusals) {
    expect(refused.status).toBe(412);
    expect(refused.body).toMatchObject({ status: '412', scimType: 'versionMismatch' });
  }
  expect((await scim('GET', path)).headers.get('etag')).toBe('W/"1"');
  expect((await data(`users/${eleniUser.username}`))?.jobTitle).toBeUndefined();

  const current = await retitle('Σχεδιάστρια', 'W/"1"');
  expect([current.status, current.headers.get('etag')]).toEqual([200, 'W/"2"']);
  expect((await data(`users/${eleniUser.username}`))?.jobTitle).toBe('Σχεδιάστρια');
  expect((await retitle('Σχεδιάστρια', 'W/"1", W/"2"')).headers.get('etag')).toBe('W/"3"');
  expect((await retitle('Σχεδιάστρια', '*')).headers.get('etag')).toBe('W/"4"');
});

test('Entra ID deletes a user 30 days after deactivating them: 204, then 404, and the card keeps the forwarding an admin gave it meanwhile', async () => {
  // Kostas was deactivated above; his admin forwards his printed cards to Eleni's.
  const forwarded = await send(
    forward,
    `/api/owner/companies/${ID}/members/${kostas.uid}`,
    { id: ID, uid: kostas.uid },
    { token: maria.token, method: 'PATCH', json: { forwardTo: eleniUser.username } },
  );
  expect(forwarded.status).toBe(200);
  expect((await visit(kostasUser.username)).headers.get('location')).toBe(`/${eleniUser.username}`);

  const path = `Users/${kostasUser.id}`;
  expect((await scim('DELETE', path)).status).toBe(204);
  expect((await scim('GET', path)).status).toBe(404);
  const card = await data(`users/${kostasUser.username}`);
  expect(card).toMatchObject({ forwardTo: eleniUser.username, companyId: ID });
  expect(card?.offAt).toBeInstanceOf(Timestamp);
  const shown = await visit(kostasUser.username);
  expect([shown.status, shown.headers.get('location')]).toEqual([307, `/${eleniUser.username}`]);
  expect(await data(`companies/${ID}/members/${kostas.uid}`)).toMatchObject({
    status: 'removed',
    forwardTo: eleniUser.username,
  });
});
