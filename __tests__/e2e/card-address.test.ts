// One address per card, against the run's stack (the production build on the emulators): a
// username is decoded once, so a double-encoded path names another (missing) card, never this
// one under a cache entry of its own; every other spelling of a card's address is sent to the one
// its links use; names that are files of the site are no cards; and a contact's id is deleted as it
// was written. Through Varnish, with an edit and an erasure: scale/production-path.ts.
import { Timestamp } from 'firebase-admin/firestore';
import { profilePath, vcardPath } from '@/lib/routes';
import { USERNAME_MESSAGES } from '@/lib/username';
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { seedProfiles } from '@/tools/lib/seed';
import { baseUrl } from '../helpers/browser';
import { get } from '../helpers/http';
import { restIdToken } from '../helpers/owner';

const STAMP = Date.now().toString(36);
const CARD = `addr-${STAMP}`;
const GREEK = `διεύθυνση-${STAMP}`;
const EMAIL = `addr-${STAMP}@karta.test`;
const MOBILE = '+30 690 000 1234';

/** The same letter, percent-encoded: `addr-…` → `%61ddr-…`. */
const encodedFirst = (name: string) => `%${name.charCodeAt(0).toString(16)}${name.slice(1)}`;

beforeAll(async () => {
  await seedProfiles(adminDb(), [
    {
      username: CARD,
      firstName: 'Άννα',
      lastName: 'Διεύθυνση',
      email: EMAIL,
      mobileNumber: MOBILE,
    },
    { username: GREEK, firstName: 'Ελένη', lastName: 'Διεύθυνση', email: EMAIL },
  ]);
});

test('the card answers at the spelling its links use', async () => {
  for (const path of [profilePath(CARD), vcardPath(CARD), profilePath(GREEK), vcardPath(GREEK)]) {
    const res = await get(path);
    expect([path, res.status]).toEqual([path, 200]);
    expect(res.body).toContain(EMAIL);
  }
});

test('every other spelling is a 308 to that one, never the card under another address', async () => {
  const greekPath = profilePath(GREEK);
  const variants: Array<[string, string]> = [
    [`/${encodedFirst(CARD)}`, profilePath(CARD)],
    [`/${encodedFirst(CARD)}/vcard`, vcardPath(CARD)],
    [`/${CARD}/vc%61rd`, vcardPath(CARD)],
    [`/${CARD}/qr%2Esvg`, `/${CARD}/qr.svg`],
    [greekPath.toLowerCase(), greekPath],
    [`${greekPath.toLowerCase()}/vcard`, vcardPath(GREEK)],
  ];
  for (const [variant, canonical] of variants) {
    const res = await get(variant);
    const location = new URL(res.headers.get('location') ?? '', baseUrl()).href;
    expect([variant, res.status, location]).toEqual([variant, 308, `${baseUrl()}${canonical}`]);
    expect(res.body).not.toContain(EMAIL);
    expect(res.headers.get('surrogate-key')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  }
});

test('a double-encoded name is another name: a 404 that holds nothing of the card', async () => {
  // `%2561` is `%61` once decoded: the card "%61ddr-…", which nobody has. Decoded twice, it was
  // this card under an ISR entry that its revalidation never named.
  for (const path of [
    `/${encodedFirst(CARD).replace('%', '%25')}`,
    `/${encodedFirst(CARD).replace('%', '%25')}/vcard`,
  ]) {
    const res = await get(path);
    expect([path, res.status]).toEqual([path, 404]);
    expect(res.body).not.toContain(EMAIL);
    expect(res.body).not.toContain(MOBILE);
  }
});

describe('names that are files of the site are no cards', () => {
  const FILES = [
    'ads.txt',
    'app-ads.txt',
    'security.txt',
    'apple-app-site-association',
    'assetlinks.json',
    'google1234567890abcdef.html',
    'yandex_0123456789abcdef.html',
    'BingSiteAuth.xml',
  ];

  beforeAll(async () => {
    // As a card of that name would have said it, had one been claimed before names were checked.
    await seedProfiles(
      adminDb(),
      FILES.map((username) => ({
        username,
        firstName: 'google-site-verification: abc',
        lastName: 'x',
        jobTitle: 'example.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0',
      })),
    );
  });

  it.each(FILES)('/%s is a 404 without the card’s words', async (name) => {
    const res = await get(`/${name}`);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('google-site-verification');
    expect(res.body).not.toContain('pub-0000000000000000');
  });

  it('cannot be claimed', async () => {
    const email = `files-${STAMP}@karta.test`;
    const password = `secret-${STAMP}`;
    await adminAuth().createUser({ email, password, emailVerified: true });
    const token = await restIdToken(email, password);
    for (const username of ['ads.txt', 'app-ads.txt', 'security.txt', 'assetlinks.json']) {
      const res = await ownerFetch('/api/owner/cards', token, 'POST', { username, fields: {} });
      expect([username, res.status, res.body]).toEqual([
        username,
        400,
        { error: USERNAME_MESSAGES.reserved, field: 'username' },
      ]);
      expect(
        (
          await adminDb()
            .doc(`owners/${(await adminAuth().getUserByEmail(email)).uid}`)
            .get()
        ).exists,
      ).toBe(false);
    }
  });
});

test('a contact whose id holds `%` is deleted as it was written, and no other with it', async () => {
  const email = `contact-id-${STAMP}@karta.test`;
  const password = `secret-${STAMP}`;
  await adminAuth().createUser({ email, password, emailVerified: true });
  const token = await restIdToken(email, password);
  const username = `ids-${STAMP}`;
  const claimed = await ownerFetch('/api/owner/cards', token, 'POST', {
    username,
    fields: { firstName: 'Ίδα' },
  });
  expect(claimed.status).toBe(201);
  const contacts = adminDb().collection(`users/${username}/contacts`);
  const contact = { name: 'Νίκος', email: 'n@example.gr', createdAt: Timestamp.now() };
  // A visitor's browser may choose its contact's id; `a%41b` decoded again would be `aAb`.
  await Promise.all([contacts.doc('a%41b').set(contact), contacts.doc('aAb').set(contact)]);
  const path = `/api/owner/cards/${username}/contacts/${encodeURIComponent('a%41b')}`;
  const res = await ownerFetch(path, token, 'DELETE');
  expect([res.status, res.body]).toEqual([200, { ok: true }]);
  expect((await contacts.doc('a%41b').get()).exists).toBe(false);
  expect((await contacts.doc('aAb').get()).exists).toBe(true);
});

async function ownerFetch(path: string, token: string, method: string, json?: object) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}
