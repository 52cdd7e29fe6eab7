// The owner's endpoints (app/api/owner/) against the run's stack: the production build, the Auth
// and Firestore emulators, the watcher. Who may ask (the ID token: none, forged, expired, revoked,
// a disabled account's; a verified address for a claim), what they may write (the form's own
// rules, each refusal naming its field), how often (the per-account limit), that a refused request
// writes nothing, and that a write is on the card at once.
import { readFileSync } from 'node:fs';
import { Timestamp } from 'firebase-admin/firestore';
import { LINK_MESSAGES } from '@/lib/card-links';
import { PHOTO_MAX_BYTES } from '@/lib/card-photo';
import { OWNER_FIELD, ownerWritesPath } from '@/lib/collections';
import { OWNER_WRITE_WINDOW_MS, OWNER_WRITES_PER_WINDOW } from '@/lib/owner-writes';
import { CARD_MESSAGES, CARD_REQUEST_MESSAGES } from '@/lib/profile';
import { USERNAME_MESSAGES } from '@/lib/username';
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { baseUrl } from '../helpers/browser';
import { get } from '../helpers/http';
import { editWithToken, pastSignInSecond, restIdToken } from '../helpers/owner';
import { HUGE_WEBP, WEBP_800_HEADER } from '../fixtures/photos';
import { eventually } from '../helpers/eventually';

const STAMP = Date.now().toString(36);
const USERNAME = `api-${STAMP}`;
const OTHER_USERNAME = `api-other-${STAMP}`;

interface Account {
  uid: string;
  email: string;
  password: string;
}

/** A new account on the Auth emulator, verified unless told. */
async function account(name: string, emailVerified = true): Promise<Account> {
  const email = `${name}-${STAMP}@karta.test`;
  const password = `secret-${STAMP}`;
  const { uid } = await adminAuth().createUser({ email, password, emailVerified });
  return { uid, email, password };
}

/** A fresh ID token, as the web SDK gets one when it signs in. */
const idToken = ({ email, password }: Account) => restIdToken(email, password);

/** The same user's token as it is an hour later: the emulator's tokens are unsigned JWTs. */
function expired(token: string): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, number>;
  const now = Math.floor(Date.now() / 1000);
  const old = { ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 };
  return `${header}.${Buffer.from(JSON.stringify(old)).toString('base64url')}.`;
}

interface Sent {
  method: string;
  json?: unknown;
  form?: FormData;
  token?: string;
}

async function send(path: string, { method, json, form, token }: Sent) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: form ?? (json !== undefined ? JSON.stringify(json) : undefined),
  });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: res.status, headers: res.headers, body };
}

const cardPathOf = (username: string) => `/api/owner/cards/${username}`;
const claim = (token: string | undefined, username: string, fields: object = {}) =>
  send('/api/owner/cards', { method: 'POST', token, json: { username, fields } });
const edit = (token: string | undefined, changes: object, username = USERNAME) =>
  send(cardPathOf(username), { method: 'PATCH', token, json: { changes } });

/** A multipart edit as the console sends one with a photo. */
function withPhoto(changes: object, photo: Buffer, type = 'image/webp'): FormData {
  const form = new FormData();
  form.set('changes', JSON.stringify(changes));
  form.set('photo', new Blob([new Uint8Array(photo)], { type }), 'photo');
  return form;
}

/** An 800×800 WebP's header, then padding to `size`. */
function webp(size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  WEBP_800_HEADER.copy(bytes);
  return bytes;
}

const stored = async (path: string) => (await adminDb().doc(path).get()).data();

async function untilCard(username: string, test: (status: number, html: string) => boolean) {
  const since = Date.now();
  await eventually(
    async () => {
      const page = await get(`/${username}`);
      return test(page.status, page.body);
    },
    { what: `/${username} changed` },
  );
  return Date.now() - since;
}

let owner: Account;
let other: Account;
let ownerToken: string;
let otherToken: string;

beforeAll(async () => {
  [owner, other] = await Promise.all([account('api-owner'), account('api-other')]);
  [ownerToken, otherToken] = await Promise.all([idToken(owner), idToken(other)]);
});

describe('who may ask', () => {
  const ENDPOINTS: Array<[string, string, object | undefined]> = [
    ['POST', '/api/owner/cards', { username: 'nobody-here', fields: {} }],
    ['PATCH', cardPathOf('maria'), { changes: { jobTitle: 'x' } }],
    ['DELETE', cardPathOf('maria'), undefined],
    ['PUT', '/api/owner/new-contact-mail', { on: false }],
    ['DELETE', `${cardPathOf('maria')}/contacts/some-id`, undefined],
  ];

  it.each(ENDPOINTS)(
    '%s %s: 401 with no token, a forged one or an expired one',
    async (method, path, json) => {
      const token = await idToken(owner);
      for (const [sent, error] of [
        [undefined, 'unauthenticated'],
        ['not-a-token', 'invalid-token'],
        [expired(token), 'expired'],
      ] as const) {
        const res = await send(path, { method, json, token: sent });
        expect([sent?.slice(0, 12), res.status, res.body]).toEqual([
          sent?.slice(0, 12),
          401,
          { error },
        ]);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    },
  );

  it('403 for a claim by an account whose address is not verified; nothing is written', async () => {
    const unverified = await account('api-unverified', false);
    const res = await claim(await idToken(unverified), `api-unverified-${STAMP}`, {
      firstName: 'Α',
    });
    expect([res.status, res.body]).toEqual([403, { error: 'unverified' }]);
    expect(await stored(`users/api-unverified-${STAMP}`)).toBeUndefined();
    expect(await stored(`owners/${unverified.uid}`)).toBeUndefined();
  });
});

describe('a claim', () => {
  it.each<[string, string, object, string, string]>([
    ['a name of the wrong form', 'Api_Upper', {}, 'username', USERNAME_MESSAGES.format],
    ['a reserved name', 'account', {}, 'username', USERNAME_MESSAGES.reserved],
    [
      'a field too long',
      USERNAME,
      { firstName: 'α'.repeat(51) },
      'firstName',
      CARD_MESSAGES.tooLong(50),
    ],
    ['a field of the wrong type', USERNAME, { lastName: 42 }, 'lastName', CARD_MESSAGES.notText],
    [
      'a field the card does not have',
      USERNAME,
      { isAdmin: 'yes' },
      'isAdmin',
      CARD_REQUEST_MESSAGES.unknownField,
    ],
    [
      'a card that names the owner of the card',
      USERNAME,
      { ownerUid: 'x' },
      'ownerUid',
      CARD_REQUEST_MESSAGES.unknownField,
    ],
  ])('with %s is a 400 naming the field', async (_name, username, fields, field, error) => {
    const res = await claim(ownerToken, username, fields);
    expect([res.status, res.body]).toEqual([400, { field, error }]);
    expect(await stored(`owners/${owner.uid}`)).toBeUndefined();
  });

  it('of a taken name is a 409', async () => {
    const res = await claim(ownerToken, 'maria', { firstName: 'Άλλη' });
    expect([res.status, res.body]).toEqual([409, { error: 'taken', field: 'username' }]);
    expect((await stored('users/maria'))?.firstName).not.toBe('Άλλη');
  });

  it('creates the card with its index entry, stamped, and the card is live at once', async () => {
    // A visitor asked first: the 404 is cached until the claim revalidates it.
    expect((await get(`/${USERNAME}`)).status).toBe(404);
    const before = Date.now();
    const res = await claim(ownerToken, USERNAME, { firstName: 'Άρης', lastName: 'Απίου' });
    expect([res.status, res.body]).toEqual([201, { ok: true }]);
    const card = await stored(`users/${USERNAME}`);
    expect(card).toMatchObject({ username: USERNAME, ownerUid: owner.uid, firstName: 'Άρης' });
    for (const time of [card?.claimedAt, card?.updatedAt]) {
      expect(time).toBeInstanceOf(Timestamp);
      expect((time as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 2000);
    }
    expect(await stored(`owners/${owner.uid}`)).toEqual({ username: USERNAME });
    const ms = await untilCard(USERNAME, (status, html) => status === 200 && html.includes('Άρης'));
    console.log(`owner api: a claimed name shows its card ${ms} ms after the claim answered`);
  });

  it('by an account that has a card is a 409', async () => {
    const res = await claim(ownerToken, `api-second-${STAMP}`, { firstName: 'Β' });
    expect([res.status, res.body]).toEqual([409, { error: 'has-card' }]);
    expect(await stored(`users/api-second-${STAMP}`)).toBeUndefined();
  });
});

describe('an edit', () => {
  it('by another account is a 403, and of no card a 404', async () => {
    expect((await claim(otherToken, OTHER_USERNAME, { firstName: 'Όλγα' })).status).toBe(201);
    expect(await edit(otherToken, { jobTitle: 'Κλέφτρα' })).toMatchObject({
      status: 403,
      body: { error: 'not-owner' },
    });
    expect(await edit(ownerToken, { jobTitle: 'x' }, `api-none-${STAMP}`)).toMatchObject({
      status: 404,
    });
  });

  it.each<[string, object, string, string]>([
    [
      'a javascript: link',
      { websiteLink: 'javascript:alert(1)' },
      'websiteLink',
      CARD_MESSAGES.link,
    ],
    ['an e-mail without a domain', { email: 'maria@example' }, 'email', CARD_MESSAGES.email],
    ['an empty value', { city: '' }, 'city', CARD_MESSAGES.empty],
    ['a number', { city: 12 }, 'city', CARD_MESSAGES.notText],
    [
      'another card’s photo',
      { displayImage: '/maria/photo/v1' },
      'displayImage',
      CARD_MESSAGES.otherPhoto,
    ],
    // Text that tells the truth: one line, no bidirectional control.
    ['a line feed in the job title', { jobTitle: 'Α\nΒ' }, 'jobTitle', CARD_MESSAGES.text],
    ['U+202E in the first name', { firstName: 'Μαρία \u202Eαπ' }, 'firstName', CARD_MESSAGES.name],
    // Brand buttons only for the brand.
    [
      'a Facebook link to another site',
      { facebookLink: 'http://evil.example/login' },
      'facebookLink',
      LINK_MESSAGES.https,
    ],
    [
      'an Airbnb link on airbnb.zz',
      { links: [{ kind: 'airbnb', url: 'https://airbnb.zz/x' }] },
      'links.0.url',
      LINK_MESSAGES.notKind('Airbnb'),
    ],
    ['the username', { username: 'other' }, 'username', CARD_REQUEST_MESSAGES.unknownField],
    ['the claim time', { claimedAt: null }, 'claimedAt', CARD_REQUEST_MESSAGES.unknownField],
  ])('with %s is a 400 naming the field', async (_name, changes, field, error) => {
    const res = await edit(ownerToken, changes);
    expect([res.status, res.body]).toEqual([400, { field, error }]);
  });

  it('with a photo and an invalid field writes neither', async () => {
    const before = await stored(`users/${USERNAME}`);
    const version = 'Halfwritten00001';
    const res = await send(cardPathOf(USERNAME), {
      method: 'PATCH',
      token: ownerToken,
      form: withPhoto(
        { displayImage: `/${USERNAME}/photo/${version}`, jobTitle: 'Νέα', email: 'not-an-address' },
        webp(50_000),
      ),
    });
    expect([res.status, res.body]).toEqual([400, { field: 'email', error: CARD_MESSAGES.email }]);
    expect(await stored(`users/${USERNAME}`)).toEqual(before);
    expect(await stored(`users/${USERNAME}/photo/current`)).toBeUndefined();
  });

  it.each<[string, Buffer, string, string]>([
    ['over 200 KB', webp(PHOTO_MAX_BYTES + 1), 'image/webp', CARD_MESSAGES.photoTooLarge],
    ['a GIF', Buffer.from('GIF89a-and-more'), 'image/gif', CARD_REQUEST_MESSAGES.photoType],
    ['not the type it says', Buffer.alloc(1000, 1), 'image/jpeg', CARD_REQUEST_MESSAGES.photoType],
    [
      'of 16383×16383 px in 38 bytes',
      HUGE_WEBP,
      'image/webp',
      CARD_REQUEST_MESSAGES.photoTooManyPixels,
    ],
    [
      'whose sides cannot be read',
      Buffer.concat([WEBP_800_HEADER.subarray(0, 12), Buffer.from('JUNK', 'latin1')]),
      'image/webp',
      CARD_REQUEST_MESSAGES.photoUnreadable,
    ],
  ])('with a photo %s is a 400 naming the photo', async (_name, photo, type, error) => {
    const res = await send(cardPathOf(USERNAME), {
      method: 'PATCH',
      token: ownerToken,
      form: withPhoto({ displayImage: `/${USERNAME}/photo/Refused000000001` }, photo, type),
    });
    expect([res.status, res.body]).toEqual([400, { field: 'photo', error }]);
    expect(await stored(`users/${USERNAME}/photo/current`)).toBeUndefined();
  });

  it('of every field with a photo is stored whole and live on the card at once', async () => {
    const version = 'Everyfield000001';
    const changes = {
      firstName: 'α'.repeat(50),
      lastName: 'Απίου',
      jobTitle: 'Αρχιτέκτονας',
      companyName: 'Απί Α.Ε.',
      city: 'Πάτρα',
      email: 'aris@example.gr',
      phoneNumber: '+30 691 234 5678',
      address: 'Μαιζώνος 1',
      addressDetails: '2ος όροφος',
      websiteLink: 'https://example.gr/',
      displayImage: `/${USERNAME}/photo/${version}`,
      thumbnailBase64: '/9j/4AAQSkZJRg==',
      facebookLink: 'https://facebook.com/aris',
      instagramLink: 'https://instagram.com/aris',
      mobileNumber: '+30 697 111 2222',
      accentColor: '#1e88e5',
      links: [
        { kind: 'linkedin', url: 'https://www.linkedin.com/in/aris' },
        { kind: 'link', url: 'https://example.gr/shop', label: 'Κατάστημα' },
      ],
    };
    const sent = Date.now();
    const res = await send(cardPathOf(USERNAME), {
      method: 'PATCH',
      token: ownerToken,
      form: withPhoto(changes, webp(150_000)),
    });
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    expect(await stored(`users/${USERNAME}`)).toMatchObject(changes);
    const photo = await stored(`users/${USERNAME}/photo/current`);
    expect(photo).toMatchObject({ contentType: 'image/webp', version });
    expect((photo?.bytes as Buffer).length).toBe(150_000);
    const ms = await untilCard(USERNAME, (_s, html) => html.includes('Απί Α.Ε.'));
    console.log(
      `owner api: an edit of every field and a photo on the card ${Date.now() - sent} ms after it was sent (${ms} ms after the answer)`,
    );
  });

  it('that removes the photo takes its document too', async () => {
    const res = await edit(ownerToken, { displayImage: null, thumbnailBase64: null });
    expect(res.status).toBe(200);
    expect(await stored(`users/${USERNAME}`)).not.toHaveProperty('displayImage');
    expect(await stored(`users/${USERNAME}/photo/current`)).toBeUndefined();
  });
});

describe('the new-contact e-mails switch', () => {
  it('is set in owners/{uid}, true or false only', async () => {
    const path = '/api/owner/new-contact-mail';
    expect(
      (await send(path, { method: 'PUT', token: ownerToken, json: { on: false } })).status,
    ).toBe(200);
    expect(await stored(`owners/${owner.uid}`)).toEqual({
      username: USERNAME,
      newContactMail: false,
    });
    const bad = await send(path, { method: 'PUT', token: ownerToken, json: { on: 'no' } });
    expect([bad.status, bad.body?.field]).toEqual([400, 'on']);
    const none = await send(path, {
      method: 'PUT',
      token: await idToken(await account('api-cardless')),
      json: { on: true },
    });
    expect(none.status).toBe(404);
  });
});

describe('contacts and erasure', () => {
  const contacts = () => adminDb().collection(`users/${USERNAME}/contacts`);

  it('deletes a contact for its card’s owner only', async () => {
    const left = await contacts().add({
      name: 'Νίκος',
      email: 'n@example.gr',
      createdAt: Timestamp.now(),
    });
    const path = `${cardPathOf(USERNAME)}/contacts/${left.id}`;
    expect((await send(path, { method: 'DELETE', token: otherToken })).status).toBe(403);
    expect((await left.get()).exists).toBe(true);
    expect((await send(path, { method: 'DELETE', token: ownerToken })).status).toBe(200);
    expect((await left.get()).exists).toBe(false);
  });

  it('erases the card, its contacts, photo, lead digest and index entry, and leaves the tombstone the watcher answers', async () => {
    await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        contacts().add({
          name: `Επαφή ${i}`,
          email: `c${i}@example.gr`,
          createdAt: Timestamp.now(),
        }),
      ),
    );
    // The hour's digest, not yet mailed, names the newest visitors.
    const digest = `leadDigests/${USERNAME}_${Date.now() - (Date.now() % 3600_000)}`;
    await adminDb()
      .doc(digest)
      .set({
        username: USERNAME,
        open: true,
        count: 1,
        newest: [{ name: 'Επαφή 2', email: 'c2@example.gr', createdAt: Timestamp.now() }],
      });
    expect((await send(cardPathOf(USERNAME), { method: 'DELETE', token: otherToken })).status).toBe(
      403,
    );
    const res = await send(cardPathOf(USERNAME), { method: 'DELETE', token: ownerToken });
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    expect(await stored(`users/${USERNAME}`)).toBeUndefined();
    expect(await stored(`owners/${owner.uid}`)).toBeUndefined();
    expect((await contacts().get()).size).toBe(0);
    expect(await stored(digest)).toBeUndefined();
    await untilCard(USERNAME, (status) => status === 404);
    // The watcher answers the tombstone (daemon/cleanup/erasures.ts), then deletes it.
    const log = process.env.KARTA_DAEMON_LOG as string;
    await eventually(() => readFileSync(log, 'utf8').includes(`orphans of ${USERNAME}:`), {
      every: 200,
      what: 'the watcher answering the erasure',
    });
    // The account may claim again.
    expect((await claim(ownerToken, `api-again-${STAMP}`, { firstName: 'Άρης' })).status).toBe(201);
  });
});

describe('a revoked session', () => {
  /** An account owning its card (made as the operator would), and a token of its session. */
  async function ownerWithCard(name: string) {
    const holder = await account(name);
    const username = `${name}-${STAMP}`;
    await adminDb()
      .doc(`users/${username}`)
      .set({ username, firstName: 'Ρένα', [OWNER_FIELD]: holder.uid });
    return { holder, username, token: await idToken(holder) };
  }

  it('a token issued before revokeRefreshTokens is a 401 revoked and writes nothing; a new sign-in writes', async () => {
    const { holder, username, token } = await ownerWithCard('api-revoked');
    expect((await editWithToken(token, username, { city: 'Βόλος' })).status).toBe(200);
    await pastSignInSecond(token);
    await adminAuth().revokeRefreshTokens(holder.uid);
    const refused = await editWithToken(token, username, { city: 'Χανιά' });
    console.log(
      `probe: an edit with a token from before revokeRefreshTokens: ${refused.status} ${JSON.stringify(refused.body)}`,
    );
    expect([refused.status, refused.body]).toEqual([401, { error: 'revoked' }]);
    expect((await stored(`users/${username}`))?.city).toBe('Βόλος');
    const erased = await send(cardPathOf(username), { method: 'DELETE', token });
    expect([erased.status, erased.body]).toEqual([401, { error: 'revoked' }]);
    expect(await stored(`users/${username}`)).toBeDefined();
    // Signing in again is the way back.
    expect(await editWithToken(await idToken(holder), username, { city: 'Χανιά' })).toEqual({
      status: 200,
      body: { ok: true },
    });
  });

  it('a disabled account’s token is a 401 revoked', async () => {
    const { holder, username, token } = await ownerWithCard('api-disabled');
    await adminAuth().updateUser(holder.uid, { disabled: true });
    expect(await editWithToken(token, username, { city: 'Κέρκυρα' })).toEqual({
      status: 401,
      body: { error: 'revoked' },
    });
    expect((await stored(`users/${username}`))?.city).toBeUndefined();
  });
});

describe('the limit on edits', () => {
  // How the writes of a window are counted is emulator/owner-write-limit.test.ts's, with the clock
  // given to the server. Here the window is filled as the server's own count, to one short of
  // the limit: 30 real edits over HTTP took over a minute beside a busy CPU, and the window they
  // filled ran out before the last.
  it('the edit beyond the limit of a window is a 429 with Retry-After and writes nothing', async () => {
    const holder = await account('api-busy');
    const username = `api-busy-${STAMP}`;
    await adminDb()
      .doc(`users/${username}`)
      .set({ username, firstName: 'Βιαστική', [OWNER_FIELD]: holder.uid });
    const token = await idToken(holder);
    await adminDb()
      .doc(ownerWritesPath(holder.uid))
      .set({ start: Date.now(), count: OWNER_WRITES_PER_WINDOW - 1 });

    const allowed = await edit(token, { jobTitle: 'Η τελευταία του λεπτού' }, username);
    const refused = await edit(token, { jobTitle: 'Μία ακόμη' }, username);
    expect([allowed.status, refused.status]).toEqual([200, 429]);
    expect(refused.body).toEqual({ error: 'too-many' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(OWNER_WRITE_WINDOW_MS / 1000);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await stored(`users/${username}`))?.jobTitle).toBe('Η τελευταία του λεπτού');
    expect((await stored(ownerWritesPath(holder.uid)))?.count).toBe(OWNER_WRITES_PER_WINDOW);
  });
});
