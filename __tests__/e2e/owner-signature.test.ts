// The card beyond the browser, in the console's «Κοινοποίηση», in Chromium against the production
// build (whose stack has both wallets configured with the stand-in chain):
// - «Προσθήκη στο Apple Wallet» is a link to the card's signed pass, as the card is now;
// - «Αποθήκευση στο Google Wallet» is Google's save link, its JWT signed by the service account;
// - «Αντιγραφή για Gmail» puts the rendered signature on the clipboard as text/html (and
//   text/plain); pasted into a blank page it shows the owner's name and photo and asks nothing of
//   any origin but the site's. «Αντιγραφή HTML» copies the markup itself;
// - «English» moves the address, the QR code and both passes to the English card.
import { execFileSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { cardPath, photoDocPath } from '@/lib/collections';
import { transliterate } from '@/lib/elot743';
import { cardUrl, photoPath, walletUrl } from '@/lib/routes';
import { GOOGLE_WALLET_VARS, APPLE_WALLET_VARS, serviceAccountOf } from '@/lib/wallet-env';
import { ensureCommand } from '@/tools/lib/system-packages';
import { adminDb } from '@/server/firebase/admin-app';
import { baseUrl, browserForThisFile, expectAccessible } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { makeOwner, section, signIn } from '../helpers/owner';

const STAMP = Date.now().toString(36);
const USERNAME = 'eleni-signature-e2e';
const VERSION = 'SiGnAtUrEpHoTo01';
const NAME = { firstName: 'Ελένη', lastName: 'Σ' + 'α'.repeat(40) };
const COMPANY = 'Κ&Σ <Σύμβουλοι> "Α.Ε."';
const browser = browserForThisFile();

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const owner = await makeOwner(
    USERNAME,
    {
      ...NAME,
      jobTitle: 'Σύμβουλος',
      companyName: COMPANY,
      email: 'eleni@example.gr',
      phoneNumber: '6912345678',
      displayImage: photoPath(USERNAME, VERSION),
    },
    STAMP,
  );
  const bytes = await sharp({
    create: { width: 192, height: 192, channels: 3, background: '#3a7bd5' },
  })
    .jpeg()
    .toBuffer();
  await adminDb()
    .doc(photoDocPath(USERNAME))
    .set({ bytes, contentType: 'image/jpeg', version: VERSION });
  context = await browser().newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = await signIn(context, owner);
  await section(page, 'Κοινοποίηση');
});

afterAll(async () => {
  await context?.close();
});

const fullName = `${NAME.firstName} ${NAME.lastName}`;

test('«Αντιγραφή για Gmail» puts a signature on the clipboard that renders the name and photo from the site alone', async () => {
  await page.getByTestId('signature-preview').waitFor();
  // The preview shows the photo too, under the console's own security policy.
  const preview = page.frameLocator('[data-testid="signature-preview"]');
  await preview.getByText(fullName).waitFor();
  await eventually(
    async () =>
      (await preview
        .locator('img')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)) === true,
    { what: 'the photo in the signature preview' },
  );
  await page.getByRole('button', { name: 'Αντιγραφή για Gmail' }).click();
  await page.getByText('Η υπογραφή αντιγράφηκε.', { exact: false }).waitFor();
  const { html, text } = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return {
      html: await (await item.getType('text/html')).text(),
      text: await (await item.getType('text/plain')).text(),
    };
  });
  expect(text).toContain(fullName);
  expect(text).toContain(COMPANY);

  const blank = await context.newPage();
  const requests: string[] = [];
  blank.on('request', (request) => requests.push(request.url()));
  await blank.setContent(html, { waitUntil: 'load' });
  const body = (await blank.locator('body').textContent()) ?? '';
  expect(body).toContain(fullName);
  expect(body).toContain(COMPANY);
  const photo = blank.locator('img');
  expect(await photo.getAttribute('src')).toBe(`${baseUrl()}${photoPath(USERNAME, VERSION)}`);
  await blank.waitForFunction(() => {
    const image = document.querySelector('img');
    return image !== null && image.complete && image.naturalWidth > 0;
  });
  expect(await blank.locator('script, style, link').count()).toBe(0);
  const site = new URL(baseUrl()).origin;
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.filter((url) => new URL(url).origin !== site)).toEqual([]);
  await blank.close();
});

test('«Αντιγραφή HTML» copies the markup, escaped', async () => {
  await page.getByRole('button', { name: 'Αντιγραφή HTML' }).click();
  await page.getByText('Ο κώδικας HTML της υπογραφής αντιγράφηκε.').waitFor();
  const markup = await page.evaluate(() => navigator.clipboard.readText());
  expect(markup).toMatch(/^<table/);
  expect(markup).toContain('Κ&amp;Σ &lt;Σύμβουλοι&gt; &quot;Α.Ε.&quot;');
  expect(markup).toContain(fullName);
  // The preview is the same markup, in a frame that runs no script.
  expect(await page.getByTestId('signature-preview').getAttribute('sandbox')).toBe('');
  await expectAccessible(page, 'share (signature)');
});

describe('the wallets', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'karta-e2e-wallet-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** The pass.json of the pass the link serves, after its signature verified against the chain. */
  async function passAt(href: string): Promise<Record<string, unknown>> {
    const answer = await page.evaluate(async (url) => {
      const res = await fetch(url);
      const bytes = new Uint8Array(await res.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return { type: res.headers.get('content-type'), base64: btoa(binary) };
    }, href);
    expect(answer.type).toBe('application/vnd.apple.pkpass');
    const dir = mkdtempSync(path.join(work, 'pass-'));
    writeFileSync(path.join(dir, 'card.pkpass'), Buffer.from(answer.base64, 'base64'));
    execFileSync(ensureCommand('unzip', 'unzip'), ['-q', path.join(dir, 'card.pkpass'), '-d', dir]);
    execFileSync(
      ensureCommand('openssl', 'openssl'),
      ['smime', '-verify', '-binary', '-inform', 'DER', '-in', path.join(dir, 'signature')]
        .concat(['-content', path.join(dir, 'manifest.json')])
        .concat(['-CAfile', process.env[APPLE_WALLET_VARS.wwdrCert] ?? ''])
        .concat(['-purpose', 'any', '-out', '/dev/null']),
      { stdio: 'pipe' },
    );
    return JSON.parse(readFileSync(path.join(dir, 'pass.json'), 'utf8')) as Record<string, unknown>;
  }

  /** The generic object of the save link's JWT, verified with the service account's key. */
  async function savedObject(href: string): Promise<Record<string, unknown>> {
    const file = process.env[GOOGLE_WALLET_VARS.serviceAccountFile] ?? '';
    const account = serviceAccountOf(readFileSync(file, 'utf8'));
    if ('problem' in account) throw new Error(account.problem);
    const spki = createPublicKey(account.privateKey).export({ type: 'spki', format: 'pem' });
    const jwt = href.replace('https://pay.google.com/gp/v/save/', '');
    const { payload } = await jwtVerify(jwt, await importSPKI(String(spki), 'RS256'), {
      audience: 'google',
    });
    return (payload as { payload: { genericObjects: Array<Record<string, unknown>> } }).payload
      .genericObjects[0];
  }

  test('both buttons carry the card as it is now, and follow an edit', async () => {
    const apple = page.getByRole('link', { name: 'Προσθήκη στο Apple Wallet' });
    const google = page.getByRole('link', { name: 'Αποθήκευση στο Google Wallet' });
    await apple.waitFor();
    expect(await google.getAttribute('target')).toBe('_blank');
    const pass = await passAt((await apple.getAttribute('href')) ?? '');
    const generic = pass.generic as Record<string, Array<{ value: string }>>;
    expect(generic.primaryFields[0].value).toBe(fullName);
    expect(generic.secondaryFields.map((field) => field.value)).toEqual(['Σύμβουλος', COMPANY]);
    expect(pass.barcodes).toEqual([expect.objectContaining({ message: walletUrl(USERNAME) })]);
    expect(walletUrl(USERNAME)).toBe(`${baseUrl()}/${USERNAME}?src=wallet`);
    const saved = await savedObject((await google.getAttribute('href')) ?? '');
    expect(saved).toMatchObject({
      header: { defaultValue: { language: 'el', value: fullName } },
      subheader: { defaultValue: { language: 'el', value: 'Σύμβουλος' } },
      barcode: { type: 'QR_CODE', value: walletUrl(USERNAME) },
      logo: { sourceUri: { uri: `${baseUrl()}${photoPath(USERNAME, VERSION)}` } },
    });

    // An edit made anywhere: the console's live card changes, and the links are made again.
    const before = await google.getAttribute('href');
    await adminDb().doc(cardPath(USERNAME)).update({ jobTitle: 'Διευθύντρια' });
    await eventually(async () => (await google.getAttribute('href')) !== before, {
      what: 'a new Google Wallet link after the edit',
    });
    expect((await savedObject((await google.getAttribute('href')) ?? '')).subheader).toEqual({
      defaultValue: { language: 'el', value: 'Διευθύντρια' },
    });
    const edited = await passAt((await apple.getAttribute('href')) ?? '');
    expect(
      (edited.generic as Record<string, Array<{ value: string }>>).secondaryFields[0].value,
    ).toBe('Διευθύντρια');
  });

  test('«English» moves the address, the QR code and both passes to the English card', async () => {
    const apple = page.getByRole('link', { name: 'Προσθήκη στο Apple Wallet' });
    const google = page.getByRole('link', { name: 'Αποθήκευση στο Google Wallet' });
    await page.getByRole('radio', { name: 'English' }).check();
    const english = cardUrl(USERNAME, 'en');
    expect(await page.getByLabel('Η διεύθυνση της κάρτας σας').inputValue()).toBe(english);
    await page.getByRole('img', { name: `Κωδικός QR της κάρτας σας: ${english}` }).waitFor();
    await eventually(async () => (await apple.getAttribute('href'))?.includes('lang=en') === true, {
      what: 'the English pass link',
    });
    const pass = await passAt((await apple.getAttribute('href')) ?? '');
    const generic = pass.generic as Record<string, Array<{ label: string; value: string }>>;
    const englishName = transliterate(fullName);
    expect(generic.primaryFields[0].value).toBe(englishName);
    expect(generic.secondaryFields[0]).toMatchObject({
      label: 'Title',
      value: transliterate('Διευθύντρια'),
    });
    expect(pass.barcodes).toEqual([
      expect.objectContaining({ message: walletUrl(USERNAME, 'en') }),
    ]);
    await eventually(
      async () =>
        JSON.stringify((await savedObject((await google.getAttribute('href')) ?? '')).header) ===
        JSON.stringify({ defaultValue: { language: 'en', value: englishName } }),
      { what: 'the English Google Wallet object' },
    );
    await expectAccessible(page, 'share (English)');

    await page.getByRole('radio', { name: 'Ελληνικά' }).check();
    expect(await page.getByLabel('Η διεύθυνση της κάρτας σας').inputValue()).toBe(
      cardUrl(USERNAME),
    );
    await eventually(async () => (await apple.getAttribute('href'))?.includes('lang=') === false, {
      what: 'the Greek pass link again',
    });
  });
});
