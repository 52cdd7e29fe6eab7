// A Greek company's legal details through karta's own routes (helpers/company-api.ts): the
// template's save refuses an ΑΦΜ whose check digit is wrong (400 naming fields.vatNumber, in Greek,
// nothing written), stores the details locked whatever the save says, counts a change of them as
// changing every active member card, and every member card's page, Greek and English, shows them
// in its footer and its JSON-LD.
import { Timestamp } from 'firebase-admin/firestore';
import { BUSINESS_ID_MESSAGES } from '@/lib/greek-business-ids';
import { adminDb } from '@/server/firebase/admin-app';
import { GET as page } from '@/app/[username]/route';
import { GET as englishPage } from '@/app/[username]/en/route';
import { PUT as saveTemplate } from '@/app/api/owner/companies/[id]/template/route';
import { stubCardAssets } from '../helpers/card-assets-stub';
import { account, send, type Account } from '../helpers/company-api';
import { companyApiFile } from '../helpers/company-api-file';

const PROJECT = 'demo-karta-company-legal';
const ID = 'studio-legal';
const JOINED = Timestamp.fromDate(new Date('2025-01-01T10:00:00Z'));
const LEGAL = {
  legalName: { value: 'Studio Φως Μονοπρόσωπη Ι.Κ.Ε.', locked: true },
  vatNumber: { value: '094014201', locked: true },
  taxOffice: { value: 'Α’ Αθηνών', locked: true },
  gemiNumber: { value: '180123401000', locked: true },
};

let maria: Account;
let kostas: Account;

companyApiFile(PROJECT);

const db = () => adminDb();

beforeAll(async () => {
  stubCardAssets();
  [maria, kostas] = await Promise.all([account('maria@legal.test'), account('kostas@legal.test')]);
  await db()
    .doc(`companies/${ID}`)
    .set({
      name: 'Studio Φως',
      template: { companyName: { value: 'Studio Φως', locked: true } },
      admins: [maria.uid],
      memberUids: [maria.uid, kostas.uid],
      templateAt: JOINED,
    });
  for (const [who, username] of [
    [maria, 'maria-legal'],
    [kostas, 'kostas-legal'],
  ] as const) {
    await db().doc(`users/${username}`).set({
      username,
      firstName: username,
      lastName: 'Δοκιμή',
      ownerUid: who.uid,
      claimedAt: JOINED,
      companyId: ID,
      companyJoinedAt: JOINED,
    });
  }
});

const put = (fields: object) =>
  send(
    saveTemplate,
    `/api/owner/companies/${ID}/template`,
    { id: ID },
    { token: maria.token, method: 'PUT', json: { fields } },
  );

/** The footer's text, as a reader sees it: tags and React's text separators dropped. */
const footerText = (html: string) =>
  /<footer class="legal"[^>]*>(.*?)<\/footer>/.exec(html)?.[1].replace(/<!-- -->|<[^>]+>/g, '');

/** The page's JSON-LD Person. */
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

const stored = async () => (await db().doc(`companies/${ID}`).get()).get('template') as object;

test('an ΑΦΜ whose check digit is wrong is a Greek 400 naming fields.vatNumber, and nothing is written', async () => {
  const before = await stored();
  expect(await put({ ...LEGAL, vatNumber: { value: '094014202', locked: true } })).toMatchObject({
    status: 400,
    body: { field: 'fields.vatNumber', error: BUSINESS_ID_MESSAGES.vatNumber },
  });
  expect(await put({ gemiNumber: { value: '18012340100', locked: true } })).toMatchObject({
    status: 400,
    body: { field: 'fields.gemiNumber', error: BUSINESS_ID_MESSAGES.gemiNumber },
  });
  expect(await stored()).toEqual(before);
});

test('a save of the legal details stores them locked and changes every member card', async () => {
  const sent = {
    companyName: { value: 'Studio Φως', locked: true },
    ...LEGAL,
    // Sent unlocked, or with the ΑΦΜ as an invoice prints it: stored locked, as digits.
    vatNumber: { value: 'EL 094 014 201', locked: false },
  };
  expect(await put(sent)).toMatchObject({ status: 200, body: { members: 2, changed: 2 } });
  expect(await stored()).toEqual({ companyName: { value: 'Studio Φως', locked: true }, ...LEGAL });
  // The same again changes nothing; a new tax office alone changes every card.
  expect(await put(sent)).toMatchObject({ status: 200, body: { changed: 0 } });
  expect(
    await put({ ...sent, taxOffice: { value: 'ΚΕΦΟΔΕ Αττικής', locked: true } }),
  ).toMatchObject({ status: 200, body: { changed: 2 } });
  expect(await put(sent)).toMatchObject({ status: 200, body: { changed: 2 } });
});

test('every member card’s page shows them in its footer and JSON-LD, in Greek and in English', async () => {
  for (const username of ['maria-legal', 'kostas-legal']) {
    const greek = await send(page as never, `/${username}`, { username }, { method: 'GET' });
    expect(greek.status).toBe(200);
    expect(footerText(greek.text)).toBe(
      'Studio Φως Μονοπρόσωπη Ι.Κ.Ε. · ΑΦΜ 094014201 · ΔΟΥ Α’ Αθηνών · ΓΕΜΗ 180123401000',
    );
    expect(jsonLd(greek.text).worksFor).toMatchObject({
      legalName: 'Studio Φως Μονοπρόσωπη Ι.Κ.Ε.',
      taxID: '094014201',
      vatID: 'EL094014201',
    });
  }
  const english = await send(
    englishPage as never,
    '/kostas-legal/en',
    { username: 'kostas-legal' },
    { method: 'GET' },
  );
  expect(english.status).toBe(200);
  expect(footerText(english.text)).toBe(
    'Studio Φως Μονοπρόσωπη Ι.Κ.Ε. · VAT no. 094014201 · Tax office Α’ Αθηνών · G.E.MI. no. 180123401000',
  );
});
