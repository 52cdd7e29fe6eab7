// Apple Wallet passes that stay current, on the emulators: the pass a signed link serves names
// karta's PassKit web service and a token of its own; the web service's routes answer as Apple
// specifies (registration 201/200/401, the serials updated since a tag, the latest pass with
// Last-Modified and 304, unregistration, the log); the APNs channel pushes a card's change to every
// registered device through a local HTTP/2 stand-in that checks the request Apple documents, the
// pass served after it is newer, and a voided card's pass is voided with nothing of the card.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { cardPath } from '@/lib/collections';
import type { HookEventType } from '@/lib/deliveries';
import { env } from '@/lib/env';
import { WALLET_PASS_ID_PATTERN } from '@/lib/wallet-pass-id';
import { adminDb } from '@/server/firebase/admin-app';
import { pushTokensOfCard } from '@/server/wallet/passkit-store';
import { GET as links } from '@/app/api/owner/cards/[username]/wallet/route';
import { GET as signedPass } from '@/app/api/wallet/[username]/route';
import {
  DELETE as unregister,
  POST as register,
} from '@/app/api/passkit/v1/devices/[device]/registrations/[passTypeId]/[serial]/route';
import { GET as updated } from '@/app/api/passkit/v1/devices/[device]/registrations/[passTypeId]/route';
import { GET as latest } from '@/app/api/passkit/v1/passes/[passTypeId]/[serial]/route';
import { POST as log } from '@/app/api/passkit/v1/log/route';
import { apnsChannel } from '@/daemon/deliveries/apns-channel';
import { newDelivery } from '@/daemon/deliveries/fan-out';
import { ensureCommand } from '@/tools/lib/system-packages';
import {
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
  makeWalletTestChain,
  type WalletTestChain,
} from '@/tools/lib/wallet-test-chain';
import { startApnsStandIn, TEST_APNS_KEY_ID, type ApnsStandIn } from '../helpers/apns-stand-in';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';

const PROJECT = 'demo-karta-passkit';
const DEVICE = 'device-library-0001';
const OTHER_DEVICE = 'device-library-0002';
const PUSH_TOKEN = 'a1'.repeat(32);
const GONE_TOKEN = 'b2'.repeat(32);

/**
 * `token` with its first character changed. A random token may already hold any one letter there,
 * and its last character carries padding bits a decoder may ignore, so neither a fixed letter nor
 * the last place makes a wrong token for certain.
 */
const tampered = (token: string) => `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`;
let chain: WalletTestChain;
let apns: ApnsStandIn;
let work: string;
let nikos: Account;

companyApiFile(PROJECT);

beforeAll(async () => {
  chain = makeWalletTestChain();
  apns = await startApnsStandIn();
  work = mkdtempSync(path.join(tmpdir(), 'karta-passkit-'));
  Object.assign(process.env, chain.env, apns.env);
  nikos = await account('nikos@passkit.test');
  expect(await claimCard(nikos, 'nikos', { firstName: 'Νίκος', lastName: 'Αλεξίου' })).toBe(201);
});

afterAll(async () => {
  await apns.close();
  chain.remove();
  rmSync(work, { recursive: true, force: true });
});

let unzips = 0;
function passJson(bytes: Buffer): Record<string, unknown> {
  const file = path.join(work, `pass-${(unzips += 1)}.pkpass`);
  writeFileSync(file, bytes);
  const text = execFileSync(ensureCommand('unzip', 'unzip'), ['-p', file, 'pass.json']);
  return JSON.parse(text.toString('utf8')) as Record<string, unknown>;
}

const passName = (json: Record<string, unknown>) =>
  (json.generic as { primaryFields: Array<{ value: string }> }).primaryFields[0].value;

/** The pass the owner's signed link serves, as Wallet would add it. */
async function addedPass(lang = '') {
  const answer = await send(
    links,
    `/api/owner/cards/nikos/wallet${lang}`,
    { username: 'nikos' },
    {
      method: 'GET',
      token: nikos.token,
    },
  );
  const url = new URL((answer.body as { apple: string }).apple);
  const res = await signedPass(new Request(url), {
    params: Promise.resolve({ username: 'nikos' }),
  });
  expect(res.status).toBe(200);
  return passJson(Buffer.from(await res.arrayBuffer())) as {
    serialNumber: string;
    authenticationToken: string;
    webServiceURL: string;
  } & Record<string, unknown>;
}

const registration = (device: string, serial: string, passType = TEST_PASS_TYPE_ID) => ({
  path: `/api/passkit/v1/devices/${device}/registrations/${passType}/${serial}`,
  params: { device, passTypeId: passType, serial },
});

function registerAs(device: string, serial: string, token: string, pushToken = PUSH_TOKEN) {
  const { path: to, params } = registration(device, serial);
  return send(register, to, params, {
    json: { pushToken },
    headers: { authorization: `ApplePass ${token}` },
  });
}

function serialsOf(device: string, since?: string) {
  const query = since === undefined ? '' : `?passesUpdatedSince=${since}`;
  return send(
    updated,
    `/api/passkit/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}${query}`,
    { device, passTypeId: TEST_PASS_TYPE_ID },
    { method: 'GET' },
  );
}

async function latestPass(serial: string, token: string, ifModifiedSince?: string) {
  const res = await latest(
    new Request(`http://127.0.0.1/api/passkit/v1/passes/${TEST_PASS_TYPE_ID}/${serial}`, {
      headers: {
        authorization: `ApplePass ${token}`,
        ...(ifModifiedSince ? { 'if-modified-since': ifModifiedSince } : {}),
      },
    }),
    { params: Promise.resolve({ passTypeId: TEST_PASS_TYPE_ID, serial }) },
  );
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The APNs channel's part of an event's delivery, as fan-out and the worker run it. */
async function deliverEvent(type: HookEventType) {
  const event = {
    id: `msg_${type.replace('.', '_')}_${Date.now()}`,
    type,
    username: 'nikos',
    companyId: null,
    data: {},
    at: new Date().toISOString(),
  };
  const destinations = await apnsChannel.destinationsOf(adminDb(), event);
  const outcomes = await Promise.all(
    destinations.map(async (to) => {
      const delivery = {
        id: `${event.id}-${to.destination}`,
        ...newDelivery('apns', to, event, null),
      };
      const outcome = await apnsChannel.send(adminDb(), delivery);
      if (!outcome.ok && outcome.gone) await apnsChannel.gone?.(adminDb(), delivery);
      return { destination: to.destination, outcome };
    }),
  );
  return outcomes;
}

test('a pass names the web service and a token of its own; its serial is the pass id', async () => {
  const pass = await addedPass();
  expect(pass.webServiceURL).toBe(new URL('/api/passkit', env.siteUrl).href);
  expect(pass.serialNumber).toMatch(WALLET_PASS_ID_PATTERN);
  expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
  const english = await addedPass('?lang=en');
  expect(english.serialNumber).not.toBe(pass.serialNumber);
  expect(english.authenticationToken).not.toBe(pass.authenticationToken);
  // The same pass served again is the same pass.
  expect((await addedPass()).authenticationToken).toBe(pass.authenticationToken);
});

test('registration: 401 without the pass token, 201 new, 200 again; another pass type 404', async () => {
  const { serialNumber: serial, authenticationToken: token } = await addedPass();
  const english = await addedPass('?lang=en');
  expect((await registerAs(DEVICE, serial, english.authenticationToken)).status).toBe(401);
  expect((await registerAs(DEVICE, serial, tampered(token))).status).toBe(401);
  const { path: to, params } = registration(DEVICE, serial);
  expect((await send(register, to, params, { json: { pushToken: PUSH_TOKEN } })).status).toBe(401);
  expect((await registerAs(DEVICE, serial, token)).status).toBe(201);
  expect((await registerAs(DEVICE, serial, token)).status).toBe(200);
  const other = registration(DEVICE, serial, 'pass.gr.other.card');
  expect(
    (
      await send(register, other.path, other.params, {
        json: { pushToken: PUSH_TOKEN },
        headers: { authorization: `ApplePass ${token}` },
      })
    ).status,
  ).toBe(404);
  expect((await registerAs(DEVICE, english.serialNumber, english.authenticationToken)).status).toBe(
    201,
  );
});

test('the serials updated since a tag, and the latest pass with Last-Modified and 304', async () => {
  const { serialNumber: serial, authenticationToken: token } = await addedPass();
  const all = await serialsOf(DEVICE);
  expect(all.status).toBe(200);
  const { serialNumbers, lastUpdated } = all.body as {
    serialNumbers: string[];
    lastUpdated: string;
  };
  expect(serialNumbers).toContain(serial);
  expect((await serialsOf(DEVICE, lastUpdated)).status).toBe(204);
  expect((await serialsOf('device-never-seen')).status).toBe(204);

  const first = await latestPass(serial, token);
  expect(first.res.status).toBe(200);
  expect(first.res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
  const lastModified = first.res.headers.get('last-modified') ?? '';
  expect(Date.parse(lastModified)).not.toBeNaN();
  expect(passName(passJson(first.bytes))).toBe('Νίκος Αλεξίου');
  expect((await latestPass(serial, token, lastModified)).res.status).toBe(304);
  expect((await latestPass(serial, tampered(token))).res.status).toBe(401);
});

test('an edit: every device is pushed as Apple documents, and the pass then served is newer', async () => {
  const { serialNumber: serial, authenticationToken: token } = await addedPass();
  const before = (await latestPass(serial, token)).res.headers.get('last-modified') ?? '';
  const { lastUpdated } = (await serialsOf(DEVICE)).body as { lastUpdated: string };
  await adminDb().doc(cardPath('nikos')).update({ jobTitle: 'Ηλεκτρολόγος' });
  const sentBefore = apns.requests.length;

  const outcomes = await deliverEvent('card.updated');
  // One push per device token, though the device holds both languages' passes.
  expect(outcomes).toEqual([{ destination: PUSH_TOKEN, outcome: { ok: true, status: 200 } }]);
  const [push] = apns.requests.slice(sentBefore);
  expect(push).toMatchObject({
    method: 'POST',
    path: `/3/device/${PUSH_TOKEN}`,
    authority: new URL(apns.env.APPLE_APNS_ORIGIN).host,
    body: '{}',
  });
  expect(push.headers['apns-topic']).toBe(TEST_PASS_TYPE_ID);
  const jwt = String(push.headers.authorization).replace(/^bearer /, '');
  expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'ES256', kid: TEST_APNS_KEY_ID });
  const { payload } = await jwtVerify(jwt, await importSPKI(apns.publicKey, 'ES256'));
  expect(payload).toEqual({ iss: TEST_TEAM_ID, iat: expect.any(Number) });

  const since = await serialsOf(DEVICE, lastUpdated);
  expect(since.status).toBe(200);
  expect((since.body as { serialNumbers: string[] }).serialNumbers).toContain(serial);
  const after = await latestPass(serial, token, before);
  expect(after.res.status).toBe(200);
  expect(Date.parse(after.res.headers.get('last-modified') ?? '')).toBeGreaterThan(
    Date.parse(before),
  );
  const json = passJson(after.bytes);
  expect((json.generic as { secondaryFields: Array<{ value: string }> }).secondaryFields).toEqual([
    expect.objectContaining({ value: 'Ηλεκτρολόγος' }),
  ]);

  // A second push reuses the provider token, as Apple asks.
  await deliverEvent('card.updated');
  expect(apns.requests.at(-1)?.headers.authorization).toBe(push.headers.authorization);
});

test("APNs' 410 drops that device's registration; another failure keeps it, with the reason", async () => {
  const { serialNumber: serial, authenticationToken: token } = await addedPass();
  expect((await registerAs(OTHER_DEVICE, serial, token, GONE_TOKEN)).status).toBe(201);
  apns.answer(GONE_TOKEN, 410, 'Unregistered');
  apns.answer(PUSH_TOKEN, 400, 'BadTopic');
  const outcomes = await deliverEvent('card.updated');
  expect(outcomes).toEqual(
    expect.arrayContaining([
      {
        destination: GONE_TOKEN,
        outcome: { ok: false, status: 410, error: 'APNs 410 Unregistered', gone: true },
      },
      { destination: PUSH_TOKEN, outcome: { ok: false, status: 400, error: 'APNs 400 BadTopic' } },
    ]),
  );
  expect(await pushTokensOfCard(adminDb(), 'nikos')).toEqual([PUSH_TOKEN]);
  expect((await serialsOf(OTHER_DEVICE)).status).toBe(204);
  apns.answer(PUSH_TOKEN, 200);
});

test('unregistration: 401 without the token, then 200, and the device lists nothing', async () => {
  const english = await addedPass('?lang=en');
  const { path: to, params } = registration(DEVICE, english.serialNumber);
  expect((await send(unregister, to, params, { method: 'DELETE' })).status).toBe(401);
  const done = await send(unregister, to, params, {
    method: 'DELETE',
    headers: { authorization: `ApplePass ${english.authenticationToken}` },
  });
  expect(done.status).toBe(200);
  const listed = await serialsOf(DEVICE);
  expect((listed.body as { serialNumbers: string[] }).serialNumbers).not.toContain(
    english.serialNumber,
  );
});

test("the device's log is taken, bounded", async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    const logs = Array.from({ length: 50 }, (_, index) => `line ${index} ${'x'.repeat(1000)}`);
    const answer = await send(log, '/api/passkit/v1/log', {}, { json: { logs: logs.slice(0, 5) } });
    expect(answer.status).toBe(200);
    expect(warn).toHaveBeenCalledTimes(5);
    expect(String(warn.mock.calls[0][1]).length).toBeLessThanOrEqual(500);
    expect((await send(log, '/api/passkit/v1/log', {}, { json: { logs } })).status).toBe(200);
  } finally {
    warn.mockRestore();
  }
});

test('a removed card: its pass is voided with nothing of the card, pushed, and no more pushes', async () => {
  const { serialNumber: serial, authenticationToken: token } = await addedPass();
  const { lastUpdated } = (await serialsOf(DEVICE)).body as { lastUpdated: string };
  await adminDb().doc(cardPath('nikos')).delete();
  const sentBefore = apns.requests.length;
  expect(await deliverEvent('card.voided')).toEqual([
    { destination: PUSH_TOKEN, outcome: { ok: true, status: 200 } },
  ]);
  expect(apns.requests.slice(sentBefore).map((request) => request.path)).toEqual([
    `/3/device/${PUSH_TOKEN}`,
  ]);
  // The device, told by the push, still finds its pass changed and fetches it: voided.
  const since = await serialsOf(DEVICE, lastUpdated);
  expect((since.body as { serialNumbers: string[] }).serialNumbers).toEqual([serial]);
  const voided = await latestPass(serial, token);
  expect(voided.res.status).toBe(200);
  const json = passJson(voided.bytes);
  expect(json).toMatchObject({ serialNumber: serial, voided: true });
  expect(JSON.stringify(json)).not.toMatch(/Νίκος|Αλεξίου|Ηλεκτρολόγος|nikos/);
  // No device is pushed again.
  expect(await pushTokensOfCard(adminDb(), 'nikos')).toEqual([]);
  expect(await deliverEvent('card.updated')).toEqual([]);
});
