// Google Wallet passes that stay current (issue 48): the save link names an object id unique to the
// card, its language and the claim, recorded in googleWalletObjects; the daemon's Google channel
// (daemon/deliveries/google-channel.ts) PATCHes those objects with the card as it shows now,
// through a local stand-in that checks the token request and the PATCH as Google documents them;
// the last test runs them through the daemon's fan-out and worker.
import { decodeJwt } from 'jose';
import { cardPath, googleObjectPath } from '@/lib/collections';
import type { DeliveryDoc, HookEventDoc } from '@/lib/deliveries';
import type { CardLanguage } from '@/lib/routes';
import { GOOGLE_WALLET_API_ORIGIN, GOOGLE_WALLET_TOKEN_URL } from '@/lib/wallet-env';
import { passClaimOf, walletPassId } from '@/lib/wallet-pass-id';
import { adminDb } from '@/server/firebase/admin-app';
import { GOOGLE_SAVE_URL } from '@/server/wallet/google-save';
import { GET as links } from '@/app/api/owner/cards/[username]/wallet/route';
import { DELETE as erase, PATCH as edit } from '@/app/api/owner/cards/[username]/route';
import { followErasures } from '@/daemon/cleanup/erasures';
import { googleChannel } from '@/daemon/deliveries/google-channel';
import { newDelivery } from '@/daemon/deliveries/fan-out';
import { startFanOut } from '@/daemon/deliveries/fan-out-start';
import { startDeliveries } from '@/daemon/deliveries/worker';
import {
  TEST_GOOGLE_ISSUER_ID,
  TEST_SERVICE_ACCOUNT_EMAIL,
  makeWalletTestChain,
  type WalletTestChain,
} from '@/tools/lib/wallet-test-chain';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';
import { eventually } from '../helpers/eventually';
import {
  startGoogleWalletStandIn,
  type GoogleWalletStandIn,
} from '../helpers/google-wallet-stand-in';

const PROJECT = 'demo-karta-google-wallet';
let chain: WalletTestChain;
let google: GoogleWalletStandIn;
let eleni: Account;
let nikos: Account;
const logged: string[] = [];
const channel = googleChannel({ log: (line) => logged.push(line) });

companyApiFile(PROJECT);

beforeAll(async () => {
  chain = makeWalletTestChain();
  google = await startGoogleWalletStandIn(chain.googlePublicKey, TEST_SERVICE_ACCOUNT_EMAIL);
  Object.assign(process.env, chain.env, {
    [GOOGLE_WALLET_API_ORIGIN]: google.origin,
    [GOOGLE_WALLET_TOKEN_URL]: google.tokenUrl,
  });
  [eleni, nikos] = await Promise.all([
    account('eleni@google-wallet.test'),
    account('nikos@google-wallet.test'),
  ]);
  expect(
    await claimCard(eleni, 'eleni', {
      firstName: 'Ελένη',
      lastName: 'Ζαφειρίου',
      jobTitle: 'Αρχιτέκτονας',
    }),
  ).toBe(201);
});

afterAll(async () => {
  const db = adminDb();
  await db.recursiveDelete(db.collection('googleWalletObjects'));
  await google.stop();
  chain.remove();
});

afterEach(() => {
  expect(google.problems).toEqual([]);
});

/** The object id the owner's save link in `lang` names. */
async function savedObjectId(who: Account, username: string, lang: CardLanguage) {
  const answer = await send(
    links,
    `/api/owner/cards/${username}/wallet?lang=${lang}`,
    { username },
    { method: 'GET', token: who.token },
  );
  expect(answer.status).toBe(200);
  const { google: link } = answer.body as { google: string };
  const claims = decodeJwt(link.slice(GOOGLE_SAVE_URL.length)) as {
    payload: { genericObjects: Array<{ id: string }> };
  };
  return claims.payload.genericObjects[0].id;
}

/** The owner's erasure of their card, through the owners' route: its status. */
const eraseCard = async (who: Account, username: string) =>
  (
    await send(
      erase,
      `/api/owner/cards/${username}`,
      { username },
      { token: who.token, method: 'DELETE' },
    )
  ).status;

/** The owner's edit of their card, through the owners' route: its status. */
const editCard = async (who: Account, username: string, changes: Record<string, string>) =>
  (
    await send(
      edit,
      `/api/owner/cards/${username}`,
      { username },
      { token: who.token, method: 'PATCH', json: { changes } },
    )
  ).status;

let events = 0;
const event = (type: HookEventDoc['type'], username: string) => ({
  id: `msg_test${(events += 1)}`,
  type,
  username,
  companyId: null,
  data: {},
  at: new Date().toISOString(),
});

/** The deliveries fan-out would make of `type` for `username`'s card. */
async function deliveriesOf(
  type: HookEventDoc['type'],
  username: string,
): Promise<Array<DeliveryDoc & { id: string }>> {
  const made = event(type, username);
  const destinations = await channel.destinationsOf(adminDb(), made);
  return destinations.map((to, i) => ({
    id: `${made.id}-${i}`,
    ...newDelivery('google', to, made, null),
  }));
}

const patchesOf = (objectId: string) => google.patches.filter((p) => p.objectId === objectId);

let greek: string;
let english: string;

it('names an object unique to the card, its language and its claim, and records it', async () => {
  greek = await savedObjectId(eleni, 'eleni', 'el');
  english = await savedObjectId(eleni, 'eleni', 'en');
  const claim = passClaimOf((await adminDb().doc(cardPath('eleni')).get()).data());
  expect(claim.ownerUid).toBe(eleni.uid);
  expect(claim.claimedAt).toEqual(expect.any(Number));
  expect(greek).toBe(`${TEST_GOOGLE_ISSUER_ID}.${walletPassId('eleni', 'el', claim)}`);
  expect(english).toBe(`${TEST_GOOGLE_ISSUER_ID}.${walletPassId('eleni', 'en', claim)}`);
  expect(english).not.toBe(greek);
  // The same link again names the same object.
  expect(await savedObjectId(eleni, 'eleni', 'el')).toBe(greek);
  for (const [id, lang] of [
    [greek, 'el'],
    [english, 'en'],
  ]) {
    const record = await adminDb().doc(googleObjectPath(id)).get();
    expect(record.data()).toMatchObject({ username: 'eleni', lang });
  }
});

it("an edit PATCHes each saved object with the card's new state, with a token requested once", async () => {
  google.saved.add(greek);
  google.saved.add(english);
  const changes = { jobTitle: 'Πολεοδόμος', jobTitleEn: 'Urban planner' };
  expect(await editCard(eleni, 'eleni', changes)).toBe(200);
  const deliveries = await deliveriesOf('card.updated', 'eleni');
  expect(deliveries.map((d) => d.destination).sort()).toEqual([english, greek].sort());
  const outcomes = await Promise.all(deliveries.map((d) => channel.send(adminDb(), d)));
  expect(outcomes).toEqual([
    { ok: true, status: 200 },
    { ok: true, status: 200 },
  ]);
  expect(google.tokenRequests).toHaveLength(1);
  expect(google.tokenRequests[0]).toMatchObject({
    iss: TEST_SERVICE_ACCOUNT_EMAIL,
    aud: google.tokenUrl,
    scope: 'https://www.googleapis.com/auth/wallet_object.issuer',
  });
  const [greekPatch] = patchesOf(greek);
  expect(greekPatch.token).toBe('ya29.stand-in-1');
  expect(greekPatch.body).toMatchObject({
    id: greek,
    classId: `${TEST_GOOGLE_ISSUER_ID}.karta-card`,
    state: 'ACTIVE',
    header: { defaultValue: { language: 'el', value: 'Ελένη Ζαφειρίου' } },
    subheader: { defaultValue: { language: 'el', value: 'Πολεοδόμος' } },
    // No photo: sent as null, which clears a logo the pass had.
    logo: null,
  });
  expect(patchesOf(english)[0].body).toMatchObject({
    id: english,
    subheader: { defaultValue: { language: 'en', value: 'Urban planner' } },
  });

  // The next edit reuses the token.
  await adminDb().doc(cardPath('eleni')).update({ jobTitle: 'Μηχανικός' });
  const [again] = (await deliveriesOf('card.updated', 'eleni')).filter(
    (d) => d.destination === greek,
  );
  expect(await channel.send(adminDb(), again)).toEqual({ ok: true, status: 200 });
  expect(google.tokenRequests).toHaveLength(1);
  expect(patchesOf(greek)[1].body).toMatchObject({
    subheader: { defaultValue: { language: 'el', value: 'Μηχανικός' } },
  });
});

it('counts an object nobody saved (404) as done, and says so in the log', async () => {
  google.saved.delete(english);
  const [delivery] = (await deliveriesOf('card.updated', 'eleni')).filter(
    (d) => d.destination === english,
  );
  expect(await channel.send(adminDb(), delivery)).toEqual({ ok: true, status: 404 });
  expect(logged).toContainEqual(expect.stringContaining(`${english} was never saved`));
  google.saved.add(english);
});

it('fails with the reason on 403, retries on 429 and 503, and asks for a new token after a 401', async () => {
  const [delivery] = (await deliveriesOf('card.updated', 'eleni')).filter(
    (d) => d.destination === greek,
  );
  for (const status of [403, 429, 503]) {
    google.failWith.set(greek, status);
    const outcome = await channel.send(adminDb(), delivery);
    expect(outcome).toMatchObject({ ok: false, status });
    expect(outcome).not.toHaveProperty('gone');
    if (status === 403) {
      expect(outcome).toMatchObject({ error: expect.stringMatching(/service account/) });
    }
  }
  google.failWith.delete(greek);
  google.revokeTokens();
  expect(await channel.send(adminDb(), delivery)).toMatchObject({
    ok: false,
    status: 401,
    error: expect.stringMatching(/access token/),
  });
  expect(await channel.send(adminDb(), delivery)).toEqual({ ok: true, status: 200 });
  expect(google.tokenRequests).toHaveLength(2);
});

let stale: DeliveryDoc & { id: string };

it('an erasure voids each object: INACTIVE, with none of the card’s data', async () => {
  // An update of Eleni's card that has not been tried before her erasure.
  [stale] = (await deliveriesOf('card.updated', 'eleni')).filter((d) => d.destination === greek);
  expect(await eraseCard(eleni, 'eleni')).toBe(200);
  const deliveries = await deliveriesOf('card.voided', 'eleni');
  expect(deliveries.map((d) => d.destination).sort()).toEqual([english, greek].sort());
  for (const delivery of deliveries) {
    expect(await channel.send(adminDb(), delivery)).toEqual({ ok: true, status: 200 });
  }
  for (const id of [greek, english]) {
    const voided = patchesOf(id).at(-1)?.body;
    expect(voided).toMatchObject({ id, state: 'INACTIVE', logo: null, textModulesData: [] });
    expect(JSON.stringify(voided)).not.toMatch(/Ελένη|Ζαφειρίου|Μηχανικός|Urban|eleni/);
  }
});

it('claimed again by another: new ids, and the former owner’s objects never show the new card', async () => {
  expect(await claimCard(nikos, 'eleni', { firstName: 'Νίκος', lastName: 'Δήμου' })).toBe(201);
  const claimed = await savedObjectId(nikos, 'eleni', 'el');
  expect(claimed).not.toBe(greek);
  expect(claimed).not.toBe(english);
  google.saved.add(claimed);

  // Only the new claim's object is updated; Eleni's recorded ones are left voided.
  const deliveries = await deliveriesOf('card.updated', 'eleni');
  expect(deliveries.map((d) => d.destination)).toEqual([claimed]);
  expect(await channel.send(adminDb(), deliveries[0])).toEqual({ ok: true, status: 200 });
  expect(patchesOf(claimed).at(-1)?.body).toMatchObject({
    state: 'ACTIVE',
    header: { defaultValue: { language: 'el', value: 'Νίκος Δήμου' } },
  });

  // Eleni's update, tried only now, voids her object rather than show Nikos's card on it.
  expect(await channel.send(adminDb(), stale)).toEqual({ ok: true, status: 200 });
  const late = patchesOf(greek).at(-1)?.body;
  expect(late).toMatchObject({ state: 'INACTIVE' });
  expect(JSON.stringify(late)).not.toMatch(/Νίκος|Δήμου/);

  // The erasure's voiding, fanned out only now, leaves Nikos's own pass active.
  for (const delivery of await deliveriesOf('card.voided', 'eleni')) {
    expect(await channel.send(adminDb(), delivery)).toEqual({ ok: true, status: 200 });
  }
  expect(patchesOf(claimed).at(-1)?.body).toMatchObject({ state: 'ACTIVE' });
  expect(patchesOf(greek).at(-1)?.body).toMatchObject({ state: 'INACTIVE' });
});

it('names no destination for events that are not about the card, or without Google Wallet', async () => {
  expect(await channel.destinationsOf(adminDb(), event('lead.created', 'eleni'))).toEqual([]);
  const off = googleChannel({ config: () => undefined });
  expect(await off.destinationsOf(adminDb(), event('card.updated', 'eleni'))).toEqual([]);
});

it('through the daemon: fan-out and the worker PATCH an edit, and an erasure voids the pass', async () => {
  const db = adminDb();
  const channels = [channel];
  const log = (line: string) => logged.push(line);
  const worker = startDeliveries({ db, channels, log });
  const fanOut = startFanOut({ db, channels, handover: worker, log, retryMs: 500 });
  const erasures = followErasures({ db, log, revalidate: async () => {}, retryLaterMs: 500 });
  try {
    await Promise.all([worker.ready, fanOut.ready, erasures.ready]);
    const petros = await account('petros@google-wallet.test');
    expect(await claimCard(petros, 'petros', { firstName: 'Πέτρος', lastName: 'Αλεξίου' })).toBe(
      201,
    );
    const objectId = await savedObjectId(petros, 'petros', 'el');
    google.saved.add(objectId);
    expect(await editCard(petros, 'petros', { jobTitle: 'Δικηγόρος' })).toBe(200);
    await eventually(
      () =>
        expect(patchesOf(objectId).at(-1)?.body).toMatchObject({
          state: 'ACTIVE',
          subheader: { defaultValue: { value: 'Δικηγόρος' } },
        }) ?? true,
      { what: 'the edit PATCHed' },
    );
    expect(await eraseCard(petros, 'petros')).toBe(200);
    await eventually(
      () => expect(patchesOf(objectId).at(-1)?.body).toMatchObject({ state: 'INACTIVE' }) ?? true,
      { what: 'the pass voided' },
    );
  } finally {
    await erasures.stop();
    await fanOut.stop();
    await worker.stop();
  }
});
