// The e-mail signature in the console's «Κοινοποίηση», in Chromium against the production build:
// «Αντιγραφή για Gmail» puts the rendered signature on the clipboard as text/html (and text/plain);
// pasted into a blank page it shows the owner's name and photo and asks nothing of any origin but
// the site's. «Αντιγραφή HTML» copies the markup itself.
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { photoDocPath } from '@/lib/collections';
import { photoPath } from '@/lib/routes';
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
