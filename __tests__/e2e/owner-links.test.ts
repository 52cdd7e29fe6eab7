// The card editor's links, mobile number, colour and live preview, in real Chromium against the
// production build on the run's emulators: three links added (each kind picked from its icon),
// reordered with the keyboard, one removed; a mobile number and a colour set; each change seen in
// the preview (the card's own components in a frame that runs no script) before saving; then the
// save reaching Firestore and the public card (/{username}) through the real server, which shows
// what the preview showed. The English words typed, the preview in English, and saved. On a phone
// the preview is a tap away.
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { LINK_MESSAGES } from '@/lib/card-links';
import { profilePath } from '@/lib/routes';
import { adminDb } from '@/server/firebase/admin-app';
import { browserForThisFile, expectAccessible, watchProblems } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { get } from '../helpers/http';
import { makeOwner, section, signIn, type Owner } from '../helpers/owner';
import { realProblems } from '../helpers/page-problems';

const STAMP = Date.now().toString(36);
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const browser = browserForThisFile();

let lina: Owner;
let context: BrowserContext;
let page: Page;
let problems: string[];
/** Image requests of the preview's frame that were cancelled (net::ERR_ABORTED). */
const cancelledInPreview = new Set<string>();

beforeAll(async () => {
  lina = await makeOwner(
    'lina-links-e2e',
    { firstName: 'Λίνα', lastName: 'Δήμου', phoneNumber: '210 123 4567' },
    STAMP,
  );
  context = await browser().newContext({ viewport: WIDE });
  page = await signIn(context, lina);
  problems = watchProblems(page);
  page.on('requestfailed', (request) => {
    if (
      request.failure()?.errorText === 'net::ERR_ABORTED' &&
      request.resourceType() === 'image' &&
      request.frame().parentFrame() !== null
    ) {
      cancelledInPreview.add(request.url());
    }
  });
  await section(page, 'Επεξεργασία');
});

afterAll(async () => {
  await context?.close();
});

const preview = (): FrameLocator => page.frameLocator('[data-testid="card-preview"]');
const rows = (): Locator => page.getByTestId('link-row');

/**
 * The page's problems, once every image of the preview that a redraw cancelled shows: each
 * drawing replaces the frame's nodes (CardPreview's draw()), and an <img> still loading goes with
 * them while the next drawing's asks again. Nothing is missing from what the owner sees once every
 * <img> of the preview shows its picture, which is waited for; a picture that never came fails.
 */
async function linkProblems(): Promise<string[]> {
  if (cancelledInPreview.size > 0) {
    await eventually(
      () =>
        preview()
          .locator('img')
          .evaluateAll((imgs) =>
            imgs.every(
              (img) =>
                (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          ),
      {
        what: `every image of the preview shown after a redraw cancelled ${[...cancelledInPreview].join(', ')}`,
      },
    );
  }
  // A cancelled image is no problem of watchProblems' (helpers/browser.ts): what it cost is
  // checked above.
  return realProblems(problems);
}

/** The links of the form, in order, as their address fields read. */
const formUrls = () =>
  page
    .locator('[data-link-url]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** The card's visible markup, from its <main> on, without what only the route fills in. */
function cardMarkup(html: string): string {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>') + '</main>'.length);
  return main.replace(/ data-stats-key="[^"]*"/, '').replace(/ data-sheet(-css)?="[^"]*"/g, '');
}

async function addLink(kind: string, url: string, label?: string): Promise<void> {
  await page.getByRole('button', { name: 'Προσθήκη συνδέσμου' }).click();
  const row = rows().last();
  // The new link's address is focused, ready to be typed.
  const address = row.locator('[data-link-url]');
  expect(await address.evaluate((input) => input === document.activeElement)).toBe(true);
  await row.getByRole('radio', { name: kind, exact: true }).check();
  await address.fill(url);
  if (label !== undefined) await row.getByLabel(/^Κείμενο του κουμπιού/).fill(label);
}

test('the preview is the card, drawn from the form before saving, with no script', async () => {
  const frame = page.locator('[data-testid="card-preview"]');
  await frame.or(page.getByText('Η προεπισκόπηση δεν φορτώθηκε')).waitFor();
  expect(await linkProblems()).toEqual([]);
  expect(await frame.getAttribute('sandbox')).toBe('allow-same-origin');
  await preview().getByRole('heading', { level: 1, name: 'Λίνα Δήμου' }).waitFor();
  expect(await preview().locator('script').count()).toBe(0);
  // Beside the form on a wide screen: both in sight, no switch.
  expect(await page.getByRole('button', { name: 'Προεπισκόπηση' }).isVisible()).toBe(false);
  expect(await page.getByLabel('Όνομα', { exact: true }).isVisible()).toBe(true);

  await page.getByLabel('Όνομα', { exact: true }).fill('Λίνα-Μαρία');
  await preview().getByRole('heading', { level: 1, name: 'Λίνα-Μαρία Δήμου' }).waitFor();
});

test('a mobile number: Viber and WhatsApp in the preview move from the landline to it', async () => {
  const viber = preview().locator('a[data-social="viber"]');
  expect(await viber.getAttribute('href')).toContain('2101234567');
  await page.getByLabel('Κινητό').fill('+30 697 123 4567');
  await preview().locator('a[data-social="viber"][href*="306971234567"]').waitFor();
  expect(await preview().locator('a[data-social="whatsapp"]').getAttribute('href')).toBe(
    'https://wa.me/306971234567',
  );
});

test('links: three added, each judged beside its field, reordered by keyboard, one removed', async () => {
  await addLink('LinkedIn', 'linkedin.com/in/lina');
  await addLink('GitHub', 'https://www.youtube.com/@lina');
  await addLink('Σύνδεσμος', 'https://lina.example.gr/shop');
  expect(await rows().count()).toBe(3);

  // Refused in Greek, at the field, before anything is sent.
  await page.getByRole('button', { name: 'Αποθήκευση' }).click();
  const wrongKind = page.locator('#card-links-1-url');
  await page.getByText(LINK_MESSAGES.notKind('GitHub')).waitFor();
  expect(await wrongKind.getAttribute('aria-invalid')).toBe('true');
  expect(await wrongKind.getAttribute('aria-describedby')).toBe('card-links-1-url-error');
  const label = page.locator('#card-links-2-label');
  expect(await label.getAttribute('aria-invalid')).toBe('true');
  expect(await page.locator('#card-links-2-label-error').textContent()).toBe(
    LINK_MESSAGES.labelMissing,
  );
  await expectAccessible(page, 'edit links (with errors)');
  expect((await adminDb().doc(`users/${lina.username}`).get()).get('links')).toBeUndefined();

  await wrongKind.fill('https://github.com/lina');
  await label.fill('Κατάστημα');

  // The shop moved to the top with the keyboard: the focus follows it.
  const up = page.getByRole('button', { name: 'Μετακίνηση του συνδέσμου 3 πιο πάνω' });
  await up.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Μετακίνηση του συνδέσμου 2 πιο πάνω' }).waitFor();
  await page.keyboard.press('Enter');
  expect(await formUrls()).toEqual([
    'https://lina.example.gr/shop',
    'linkedin.com/in/lina',
    'https://github.com/lina',
  ]);
  // At the top its Up button is disabled: the focus went to its Down button.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
    'Μετακίνηση του συνδέσμου 1 πιο κάτω',
  );

  await page.getByRole('button', { name: 'Αφαίρεση του συνδέσμου 3' }).click();
  expect(await formUrls()).toEqual(['https://lina.example.gr/shop', 'linkedin.com/in/lina']);
  // The preview shows them in this order, as the card will, before anything is saved.
  const shown = preview().locator('ul[aria-label="Σύνδεσμοι"] a');
  await shown.nth(1).and(preview().locator('[href="https://linkedin.com/in/lina"]')).waitFor();
  expect(await shown.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
    'https://lina.example.gr/shop',
    'https://linkedin.com/in/lina',
  ]);
});

test('a colour from the palette, and the preview drawn from exactly these values', async () => {
  await page.getByRole('radio', { name: 'Μπλε' }).check();
  expect(await page.locator('#card-accentColor').inputValue()).toBe('#1e88e5');
  // Any colour: the picker.
  await page.locator('#card-accentColor').fill('#00897B');
  expect(await page.getByRole('radio', { name: 'Μπλε' }).isChecked()).toBe(false);
  // The preview's card wears it (its light scheme takes the colour as it is).
  await preview().locator('body[style*="--accent-light:#00897b"]').waitFor();
  await expectAccessible(page, 'edit links (filled)');
});

test('saves: Firestore holds the list in its order, and the public card shows the preview', async () => {
  const before = await preview()
    .locator('main')
    .evaluate((main) => main.outerHTML);
  await page.getByRole('button', { name: 'Αποθήκευση' }).click();
  await page
    .getByTestId('save-status')
    .getByText(/Η αλλαγή φαίνεται στην κάρτα σας/)
    .waitFor();
  const stored = (await adminDb().doc(`users/${lina.username}`).get()).data();
  expect(stored).toMatchObject({
    firstName: 'Λίνα-Μαρία',
    mobileNumber: '+30 697 123 4567',
    accentColor: '#00897b',
    links: [
      { kind: 'link', url: 'https://lina.example.gr/shop', label: 'Κατάστημα' },
      { kind: 'linkedin', url: 'https://linkedin.com/in/lina' },
    ],
  });
  const card = (await get(`/${lina.username}`)).body;
  expect(card).toContain('viber://chat?number=%2B306971234567');
  // The preview was the card: the same markup the route answers now (the browser's DOM writes
  // it back as the route does).
  expect(cardMarkup(before)).toBe(cardMarkup(await domMarkup(card)));

  // Removing every link removes the field.
  await page.getByRole('button', { name: 'Αφαίρεση του συνδέσμου 2' }).click();
  await page.getByRole('button', { name: 'Αφαίρεση του συνδέσμου 1' }).click();
  expect(await rows().count()).toBe(0);
  await page.getByRole('radio', { name: 'Προεπιλογή' }).check();
  await page.getByRole('button', { name: 'Αποθήκευση' }).click();
  // The server has answered: the write is done.
  await page
    .getByTestId('save-status')
    .getByText(/^Αποθηκεύτηκε/)
    .waitFor();
  const after = (await adminDb().doc(`users/${lina.username}`).get()).data();
  expect(after).not.toHaveProperty('links');
  expect(after).not.toHaveProperty('accentColor');
  expect(await linkProblems()).toEqual([]);
});

test('English words: each empty one shows the Greek in Latin letters; the preview at «English» shows the card in them; the save stores them', async () => {
  await page.getByText('Στα αγγλικά', { exact: true }).click();
  const firstName = page.getByLabel('Όνομα (αγγλικά)');
  await firstName.waitFor();
  expect(await firstName.getAttribute('placeholder')).toBe('Lina-Maria');
  expect(await page.getByLabel('Επώνυμο (αγγλικά)').getAttribute('placeholder')).toBe('Dimou');
  await firstName.fill('Lina');
  await page.getByLabel('Ιδιότητα ή θέση (αγγλικά)').fill('Architect');
  await page.getByRole('button', { name: 'English' }).click();
  await preview().getByRole('heading', { level: 1, name: 'Lina Dimou' }).waitFor();
  await preview().getByText('Architect', { exact: true }).waitFor();
  expect(await preview().locator('html').getAttribute('lang')).toBe('en');
  await expectAccessible(page, 'edit (English preview)');

  await page.getByRole('button', { name: 'Αποθήκευση' }).click();
  // English words alone change only the English card: the console watches it, and says so.
  await page
    .getByTestId('save-status')
    .getByText(/Η αλλαγή φαίνεται στην κάρτα σας/)
    .waitFor();
  const english = (await get(profilePath(lina.username, 'en'))).body;
  expect(english).toContain('Lina Dimou');
  expect(english).toContain('Architect');
  expect(await linkProblems()).toEqual([]);
  const stored = (await adminDb().doc(`users/${lina.username}`).get()).data();
  expect(stored).toMatchObject({
    firstName: 'Λίνα-Μαρία',
    firstNameEn: 'Lina',
    jobTitleEn: 'Architect',
  });
  expect(stored).not.toHaveProperty('lastNameEn');
  await page.getByRole('button', { name: 'Ελληνικά' }).click();
  await preview().getByRole('heading', { level: 1, name: 'Λίνα-Μαρία Δήμου' }).waitFor();
  expect(await preview().locator('html').getAttribute('lang')).toBe('el');
});

/** The route's HTML as Chromium's DOM serialises it, the way the preview's markup was read. */
async function domMarkup(html: string): Promise<string> {
  return page.evaluate((source) => {
    const parsed = new DOMParser().parseFromString(source, 'text/html');
    return parsed.querySelector('main')?.outerHTML ?? '';
  }, html);
}

test('on a phone the preview is a tap away, and the form one tap back', async () => {
  const phone = await browser().newContext({ viewport: PHONE });
  try {
    const small = await signIn(phone, lina);
    await section(small, 'Επεξεργασία');
    const frame = small.locator('[data-testid="card-preview"]');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.isVisible()).toBe(false);
    await small.getByLabel('Ιδιότητα ή θέση', { exact: true }).fill('Αρχιτέκτονας');
    await small.getByRole('button', { name: 'Προεπισκόπηση' }).click();
    await frame.waitFor({ state: 'visible' });
    expect(await small.getByLabel('Ιδιότητα ή θέση', { exact: true }).isVisible()).toBe(false);
    await small
      .frameLocator('[data-testid="card-preview"]')
      .getByText('Αρχιτέκτονας', { exact: true })
      .waitFor();
    await expectAccessible(small, 'edit preview (phone)');
    await small.getByRole('button', { name: 'Στοιχεία', exact: true }).click();
    await small.getByLabel('Ιδιότητα ή θέση', { exact: true }).waitFor({ state: 'visible' });
    await expectAccessible(small, 'edit form (phone)');
  } finally {
    await phone.close();
  }
});
