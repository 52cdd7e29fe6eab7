// Sign-in with the company's account through karta's own routes, against a real OpenID provider
// (oidc-provider) on loopback and the Auth emulator: the admin's setting (admins only, the secret
// never returned and sealed at rest, a domain one company's, a provider that is not one refused),
// the address lookup, the code flow to a custom token, and each refusal of the callback: a
// replayed state, a callback in another browser, an ID token for another client, an address the
// provider did not verify, an address of another domain. Then the company requires its own
// sign-in: password sessions of its domain are refused, its own are not. Last, an admin removes
// it (a member cannot): its domains are free again and passwords work, another company's stays.
import { GET as lookUp } from '@/app/api/auth/company-sign-in/route';
import { GET as callback } from '@/app/api/auth/oidc/callback/route';
import { GET as start } from '@/app/api/auth/oidc/start/route';
import { POST as create } from '@/app/api/owner/companies/route';
import {
  DELETE as removeSetting,
  GET as readSetting,
  PUT as saveSetting,
} from '@/app/api/owner/companies/[id]/sign-in/route';
import { FieldValue } from 'firebase-admin/firestore';
import {
  MEMBER_UIDS_FIELD,
  companyPath,
  memberPath,
  signInConfigPath,
  signInDomainPath,
} from '@/lib/collections';
import {
  COMPANY_SIGN_IN_REQUIRED,
  SIGN_IN_ERROR_PARAM,
  SIGN_IN_MESSAGES,
  SIGN_IN_TOKEN_PARAM,
} from '@/lib/company-sign-in';
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { authToolkit } from '@/tools/lib/auth-emulator';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';
import { oidcProviderForThisFile, signInAtProvider } from '../helpers/oidc-provider';

const PROJECT = 'demo-karta-company-sign-in';
// The site's public origin: the provider sends people back there, whatever host they started on.
const SITE = 'http://127.0.0.1:3999';
const CALLBACK = `${SITE}/api/auth/oidc/callback`;
const CLIENT = { clientId: 'karta', clientSecret: 'karta-client-secret', redirectUris: [CALLBACK] };
const OTHER_CLIENT = {
  clientId: 'another-client',
  clientSecret: 'other',
  redirectUris: [CALLBACK],
};

companyApiFile(PROJECT);
const provider = oidcProviderForThisFile({
  clients: [CLIENT, OTHER_CLIENT],
  accounts: {
    'eleni@fos.test': { email: 'eleni@fos.test', emailVerified: true },
    'nikos@fos.test': { email: 'nikos@fos.test', emailVerified: true },
    'admin@fos.test': { email: 'admin@fos.test', emailVerified: true },
    'early@fos.test': { email: 'early@fos.test', emailVerified: true },
    'unverified@fos.test': { email: 'unverified@fos.test', emailVerified: false },
    'outsider@elsewhere.test': { email: 'outsider@elsewhere.test', emailVerified: true },
    'mallory@fos.test': { email: 'mallory@fos.test', emailVerified: true, wrongAudience: true },
  },
});

let admin: Account;
let companyId: string;

const settingPath = () => `/api/owner/companies/${companyId}/sign-in`;
const readAs = (token: string) =>
  send(readSetting, settingPath(), { id: companyId }, { token, method: 'GET' });
const setting = (json: object, who: Account = admin, id = companyId) =>
  send(
    saveSetting,
    `/api/owner/companies/${id}/sign-in`,
    { id },
    { token: who.token, json, method: 'PUT' },
  );
const GOOD = () => ({
  issuer: provider().issuer,
  clientId: CLIENT.clientId,
  clientSecret: CLIENT.clientSecret,
  domains: 'fos.test',
  required: false,
});

async function makeCompany(who: Account, username: string, name: string): Promise<string> {
  expect(await claimCard(who, username, { firstName: 'Δοκιμή', lastName: 'Φως' })).toBe(201);
  const created = await send(
    create,
    '/api/owner/companies',
    {},
    { token: who.token, json: { name } },
  );
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

beforeAll(async () => {
  process.env.REVALIDATE_SECRET = 'company-sign-in-test-secret';
  process.env.NEXT_PUBLIC_SITE_URL = SITE;
  admin = await account('admin@fos.test');
  companyId = await makeCompany(admin, 'admin-fos', 'Studio Φως');
});

/** GET …/oidc/start for `email`, then the person signs in at the provider as `login`. */
async function throughProvider(email: string, login: string) {
  const found = await send(
    lookUp,
    `/api/auth/company-sign-in?email=${encodeURIComponent(email)}`,
    {},
    { method: 'GET' },
  );
  const { start: startPath } = found.body as { start: string };
  const started = await send(start, startPath, {}, { method: 'GET' });
  expect(started.status).toBe(303);
  const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0];
  const back = await signInAtProvider(started.headers.get('location') as string, login);
  expect(back.href.startsWith(CALLBACK)).toBe(true);
  return { back, cookie };
}

/** The callback as the browser would send it (with its cookie, unless told): where it leads. */
async function finish(back: URL, cookie?: string): Promise<URL> {
  const answer = await callbackWith(back, cookie);
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') as string);
}

async function callbackWith(back: URL, cookie?: string) {
  const request = new Request(
    back.href.replace(CALLBACK, 'http://127.0.0.1/api/auth/oidc/callback'),
    {
      headers: cookie ? { cookie } : {},
    },
  );
  return callback(request);
}

const authHostPort = () => process.env.FIREBASE_AUTH_EMULATOR_HOST as string;
const errorOf = (landed: URL) => landed.searchParams.get(SIGN_IN_ERROR_PARAM);

/** Signs in at the Auth emulator with the custom token the callback handed over: its ID token. */
async function idTokenOf(landed: URL): Promise<{ token: string; claims: Record<string, unknown> }> {
  const customToken = decodeURIComponent(landed.hash.slice(`#${SIGN_IN_TOKEN_PARAM}=`.length));
  const res = await authToolkit(authHostPort(), 'signInWithCustomToken', {
    token: customToken,
    returnSecureToken: true,
  });
  const { idToken } = (await res.json()) as { idToken: string };
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()) as Record<
    string,
    unknown
  >;
  return { token: idToken, claims };
}

test("the setting: admins only; each field judged; a provider that is not one, a public or another admin's domain refused", async () => {
  const member = await account('nikos@fos.test');
  expect(await setting(GOOD(), member)).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  expect(await readAs(member.token)).toMatchObject({ status: 403, body: { error: 'not-admin' } });
  expect(await setting({ ...GOOD(), clientSecret: '' })).toMatchObject({
    status: 400,
    body: { field: 'clientSecret', error: SIGN_IN_MESSAGES.clientSecret },
  });
  expect(await setting({ ...GOOD(), issuer: 'http://login.fos.test' })).toMatchObject({
    status: 400,
    body: { field: 'issuer', error: SIGN_IN_MESSAGES.issuerHttps },
  });
  // Nothing answers there: no discovery document.
  expect(await setting({ ...GOOD(), issuer: 'http://127.0.0.1:9' })).toMatchObject({
    status: 400,
    body: { field: 'issuer', error: SIGN_IN_MESSAGES.issuerUnreachable },
  });
  expect(await setting({ ...GOOD(), domains: 'fos.test, gmail.com' })).toMatchObject({
    status: 400,
    body: { field: 'domains', error: SIGN_IN_MESSAGES.publicDomain('gmail.com') },
  });
  expect(await setting({ ...GOOD(), domains: 'fos.test other-firm.gr' })).toMatchObject({
    status: 400,
    body: { field: 'domains', error: SIGN_IN_MESSAGES.notYourDomain('other-firm.gr') },
  });
  expect((await adminDb().doc(signInConfigPath(companyId)).get()).exists).toBe(false);
});

test('saved: the secret is never answered nor stored as written; a save without it keeps it', async () => {
  const saved = await setting(GOOD());
  expect(saved).toMatchObject({
    status: 200,
    body: {
      issuer: provider().issuer,
      clientId: 'karta',
      secretSet: true,
      domains: ['fos.test'],
      required: false,
    },
  });
  expect(saved.text).not.toContain(CLIENT.clientSecret);
  const read = await readAs(admin.token);
  expect(read).toMatchObject({ status: 200, body: { secretSet: true, domains: ['fos.test'] } });
  expect(read.text).not.toContain(CLIENT.clientSecret);
  const stored = (await adminDb().doc(signInConfigPath(companyId)).get()).data();
  expect(JSON.stringify(stored)).not.toContain(CLIENT.clientSecret);
  expect((await adminDb().doc(signInDomainPath('fos.test')).get()).data()).toEqual({
    companyId,
    required: false,
  });
  expect(await setting({ ...GOOD(), clientSecret: undefined })).toMatchObject({
    status: 200,
    body: { secretSet: true },
  });
});

test("a domain is one company's: another company's admin in it is refused with 409", async () => {
  const other = await account('boss@fos.test');
  const otherId = await makeCompany(other, 'boss-fos', 'Άλλη εταιρεία');
  expect(await setting(GOOD(), other, otherId)).toMatchObject({
    status: 409,
    body: {
      error: 'domain-taken',
      field: 'domains',
      message: SIGN_IN_MESSAGES.domainTaken('fos.test'),
    },
  });
});

test('the lookup says only whether the domain signs in with its company, and where to start', async () => {
  const found = await send(
    lookUp,
    '/api/auth/company-sign-in?email=Eleni@Fos.test',
    {},
    { method: 'GET' },
  );
  expect(found.body).toEqual({
    sso: true,
    required: false,
    start: '/api/auth/oidc/start?company=fos.test&email=Eleni%40Fos.test',
  });
  expect(found.text).not.toContain(companyId);
  for (const email of ['someone@elsewhere.test', 'not an address']) {
    const none = await send(
      lookUp,
      `/api/auth/company-sign-in?email=${encodeURIComponent(email)}`,
      {},
      { method: 'GET' },
    );
    expect(none.body).toEqual({ sso: false });
  }
});

test("a start asked on another host than the site's moves there first (once), so the state's cookie is where the provider returns", async () => {
  const asked = (query: string) =>
    start(
      new Request(`http://127.0.0.1/api/auth/oidc/start?${query}`, {
        headers: { 'x-forwarded-host': '127.0.0.1:4000' },
      }),
    );
  const moved = await asked('company=fos.test');
  expect(moved.status).toBe(303);
  expect(moved.headers.get('location')).toBe(
    `${SITE}/api/auth/oidc/start?company=fos.test&moved=1`,
  );
  expect(moved.headers.get('set-cookie')).toBeNull();
  const there = await asked('company=fos.test&moved=1');
  expect(there.headers.get('location')?.startsWith(provider().issuer)).toBe(true);
  expect(there.headers.get('set-cookie')).toMatch(
    /^karta-sso-state=[^;]+; Path=\/api\/auth\/oidc\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/,
  );
});

test('signed in: a new account of the verified address, and a custom token for it; the state cannot be used again', async () => {
  const { back, cookie } = await throughProvider('eleni@fos.test', 'eleni@fos.test');
  const landed = await finish(back, cookie);
  expect(landed.pathname).toBe('/account');
  expect(errorOf(landed)).toBeNull();
  const user = await adminAuth().getUserByEmail('eleni@fos.test');
  expect(user.emailVerified).toBe(true);
  const { claims } = await idTokenOf(landed);
  expect(claims).toMatchObject({
    user_id: user.uid,
    email: 'eleni@fos.test',
    email_verified: true,
    firebase: { sign_in_provider: 'custom' },
  });
  // The same answer again, cookie and all: the state was used up.
  expect(errorOf(await finish(back, cookie))).toBe('expired');
});

test("a callback in another browser (without the state's cookie) opens nothing", async () => {
  const { back } = await throughProvider('nikos@fos.test', 'nikos@fos.test');
  expect(errorOf(await finish(back))).toBe('expired');
  expect(errorOf(await finish(back, 'karta-sso-state=forged'))).toBe('expired');
});

test('refused: an ID token for another client, an address the provider did not verify, another domain', async () => {
  for (const [login, error] of [
    ['mallory@fos.test', 'refused'],
    ['unverified@fos.test', 'unverified'],
    ['outsider@elsewhere.test', 'other-domain'],
  ] as const) {
    const { back, cookie } = await throughProvider(`${login.split('@')[0]}@fos.test`, login);
    expect([login, errorOf(await finish(back, cookie))]).toEqual([login, error]);
  }
  for (const email of ['mallory@fos.test', 'unverified@fos.test', 'outsider@elsewhere.test']) {
    await expect(adminAuth().getUserByEmail(email)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
  }
});

/** The Auth emulator's answer to a password sign-in. */
function passwordSignIn(email: string, password: string): Promise<Response> {
  return authToolkit(authHostPort(), 'signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
}

test("an unverified password account of the address is the one signed in, verified, its password (perhaps someone else's) replaced", async () => {
  const early = await account('early@fos.test', { verified: false });
  expect((await passwordSignIn(early.email, 'secret-company')).status).toBe(200);
  const { back, cookie } = await throughProvider('early@fos.test', 'early@fos.test');
  const { claims } = await idTokenOf(await finish(back, cookie));
  expect(claims.user_id).toBe(early.uid);
  expect((await adminAuth().getUser(early.uid)).emailVerified).toBe(true);
  expect((await passwordSignIn(early.email, 'secret-company')).status).toBe(400);
});

test("required: password sessions of the domain are refused with the Greek message, the company's own are not", async () => {
  expect(await setting({ ...GOOD(), required: true })).toMatchObject({
    status: 200,
    body: { required: true },
  });
  expect(await readAs(admin.token)).toMatchObject({
    status: 403,
    body: { error: 'company-sign-in', message: COMPANY_SIGN_IN_REQUIRED },
  });
  const { back, cookie } = await throughProvider('admin@fos.test', 'admin@fos.test');
  const landed = await finish(back, cookie);
  const { token, claims } = await idTokenOf(landed);
  expect(claims.user_id).toBe(admin.uid);
  expect(await readAs(token)).toMatchObject({ status: 200, body: { required: true } });
  // Another domain's password session is not the company's concern.
  const outsider = await account('someone@elsewhere.test');
  expect(await readAs(outsider.token)).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
});

const removeAs = (token: string) =>
  send(removeSetting, settingPath(), { id: companyId }, { token, method: 'DELETE' });

/** A session opened through the company's provider as `email`: its ID token. */
async function companySession(email: string): Promise<string> {
  const { back, cookie } = await throughProvider(email, email);
  return (await idTokenOf(await finish(back, cookie))).token;
}

const stored = async () => ({
  config: (await adminDb().doc(signInConfigPath(companyId)).get()).data(),
  domain: (await adminDb().doc(signInDomainPath('fos.test')).get()).data(),
});

test("removing: a member's DELETE is refused and changes nothing", async () => {
  const eleni = await adminAuth().getUserByEmail('eleni@fos.test');
  await adminDb()
    .doc(companyPath(companyId))
    .update({ [MEMBER_UIDS_FIELD]: FieldValue.arrayUnion(eleni.uid) });
  await adminDb().doc(memberPath(companyId, eleni.uid)).set({
    username: 'eleni-fos',
    role: 'member',
    status: 'active',
    joinedAt: FieldValue.serverTimestamp(),
  });
  const before = await stored();
  expect(before.domain).toEqual({ companyId, required: true });
  expect(await removeAs(await companySession('eleni@fos.test'))).toMatchObject({
    status: 403,
    body: { error: 'not-admin' },
  });
  expect(await stored()).toEqual(before);
});

test("removed by an admin: the setting and its domains go, another company's stays; passwords work again, open sessions stay", async () => {
  const chief = await account('chief@allo.test');
  const otherId = await makeCompany(chief, 'chief-allo', 'Άλλο Studio');
  expect(await setting({ ...GOOD(), domains: 'allo.test' }, chief, otherId)).toMatchObject({
    status: 200,
  });
  const adminSession = await companySession('admin@fos.test');
  // Refused before: the company requires its own sign-in (the last test set it).
  expect(await readAs(admin.token)).toMatchObject({
    status: 403,
    body: { error: 'company-sign-in' },
  });

  const none = { issuer: '', clientId: '', secretSet: false, domains: [], required: false };
  expect(await removeAs(adminSession)).toMatchObject({ status: 200, body: none });
  expect(await stored()).toEqual({ config: undefined, domain: undefined });
  expect((await adminDb().doc(signInDomainPath('allo.test')).get()).data()).toEqual({
    companyId: otherId,
    required: false,
  });
  // The admin's password session, refused a moment ago, is accepted; the company's session too.
  expect(await readAs(admin.token)).toMatchObject({ status: 200, body: none });
  expect(await readAs(adminSession)).toMatchObject({ status: 200, body: none });
  const found = await send(
    lookUp,
    '/api/auth/company-sign-in?email=eleni@fos.test',
    {},
    { method: 'GET' },
  );
  expect(found.body).toEqual({ sso: false });
});
