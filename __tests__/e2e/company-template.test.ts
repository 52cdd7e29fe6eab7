// A company's template reaching its members' cards, in real Chromium at 360 px against the
// production build and the run's emulators: the admin saves a default colour, and the console
// says which cards change (one: the other member has a colour of their own); the admin's card
// shows the company's colour, the other keeps its own. Then the company's name, locked, with its
// English words: both cards change, and the English card shows those words, not a
// transliteration. axe on the template editor at 360 px. A default typed and not saved shows at
// once in the preview of a member's card, below the form and within the phone's width. The
// company's legal details: a wrong ΑΦΜ is refused beside its field in Greek; saved, they show in
// every member card's footer, Greek and English, axe clean.
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { COMPANY_FIELD } from '@/lib/collections';
import { accentColors } from '@/lib/theme';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectAccessible } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { expectInView } from '../helpers/in-view';
import { get } from '../helpers/http';
import { ownerFile } from '../helpers/owner-file';
import { section, signIn, type Owner } from '../helpers/owner';
import { saveScreenshot } from '../helpers/screenshots';

const NARROW = { width: 360, height: 740 };
const { browser, stamp, makeOwner } = ownerFile();
const COMPANY = `Φως ${stamp}`;
const ENGLISH_NAME = `Studio Light ${stamp}`;
/** The palette's «Πετρόλ» (components/account/ColorField.tsx). */
const PETROL = '#00838f';
const OWN_COLOUR = '#e53935';
const KEPT = `kept-${stamp}`;

let admin: Owner;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  admin = await makeOwner(`eleni-${stamp}`, { firstName: 'Ελένη', lastName: 'Φωτίου' });
  await adminAuth().updateUser(admin.uid, { emailVerified: true });
  context = await browser().newContext({ viewport: NARROW });
  page = await signIn(context, admin);
});

afterAll(async () => {
  await context?.close();
});

/** The accent colour the card's page at `path` paints its header with, as Chromium reads it. */
async function accentOf(path: string): Promise<string> {
  const card = await context.newPage();
  try {
    await card.goto(`${baseUrl()}${path}`);
    return await card.evaluate(() =>
      getComputedStyle(document.body).getPropertyValue('--accent-light').trim(),
    );
  } finally {
    await card.close();
  }
}

async function saveTemplate(saved: string): Promise<void> {
  await page.getByRole('button', { name: 'Αποθήκευση προτύπου' }).click();
  const status = page.getByTestId('template-status');
  await status.getByText(saved, { exact: true }).waitFor();
  await expectInView(page, status);
}

test('a default colour reaches every member card with no colour of its own, and the console says how many change', async () => {
  await section(page, 'Εταιρεία');
  await page.getByLabel('Όνομα εταιρείας').fill(COMPANY);
  await page.getByRole('button', { name: 'Δημιουργία εταιρείας' }).click();
  await page.getByRole('heading', { name: `Εταιρεία: ${COMPANY}` }).waitFor();
  const companyId = (await adminDb().doc(`users/${admin.username}`).get()).get(COMPANY_FIELD);
  // A second member card, with a colour of its own.
  await adminDb()
    .doc(`users/${KEPT}`)
    .set({
      username: KEPT,
      firstName: 'Κώστας',
      lastName: 'Λάμπρου',
      accentColor: OWN_COLOUR,
      [COMPANY_FIELD]: companyId,
    });

  await page.getByRole('radio', { name: 'Πετρόλ' }).check();
  await saveTemplate('Αποθηκεύτηκε. Αλλάζει η κάρτα 1 μέλους.');
  const petrol = accentColors(PETROL).light.background;
  await eventually(async () => (await accentOf(`/${admin.username}`)) === petrol, {
    what: `/${admin.username} in the company's colour ${petrol}`,
  });
  expect(await accentOf(`/${KEPT}`)).toBe(accentColors(OWN_COLOUR).light.background);
});

test('the company’s name, locked, with English words: both cards change, and the English card shows the words', async () => {
  await page
    .getByRole('textbox', { name: 'Όνομα εταιρείας στην κάρτα', exact: true })
    .fill(COMPANY);
  await page
    .getByRole('textbox', { name: 'Όνομα εταιρείας στην κάρτα στα αγγλικά' })
    .fill(ENGLISH_NAME);
  await page.getByRole('checkbox', { name: 'Κλειδωμένο: Όνομα εταιρείας στην κάρτα' }).check();
  await expectAccessible(page, 'company template with English words (360 px)');
  await saveTemplate('Αποθηκεύτηκε. Αλλάζουν οι κάρτες 2 μελών.');
  for (const username of [admin.username, KEPT]) {
    await eventually(async () => (await get(`/${username}/en`)).body.includes(ENGLISH_NAME), {
      what: `/${username}/en naming ${ENGLISH_NAME}`,
    });
  }
  expect((await get(`/${KEPT}`)).body).toContain(COMPANY);
});

test('a default phone, typed and not saved, shows at once in the preview of a member’s card', async () => {
  const phone = '2109876543';
  await page.getByRole('textbox', { name: 'Τηλέφωνο (κέντρο)', exact: true }).fill(phone);
  const preview = page.getByTestId('card-preview');
  await page.frameLocator('[data-testid="card-preview"]').getByText(phone).waitFor();
  const frame = await preview.boundingBox();
  const form = await page.getByRole('button', { name: 'Αποθήκευση προτύπου' }).boundingBox();
  // Below the form, within the phone's width.
  expect(frame && form && frame.y > form.y && frame.x >= 0 && frame.x + frame.width <= 360).toBe(
    true,
  );
  await saveScreenshot(page, 'template-editor-360', true);
});

const LEGAL_NAME = `Φως ${stamp} Μονοπρόσωπη Ι.Κ.Ε.`;

/** The legal footer of the card's page at `path`, as Chromium shows it, after axe has judged the page. */
async function legalFooter(path: string, screen: string): Promise<string> {
  const card = await context.newPage();
  try {
    await card.goto(`${baseUrl()}${path}`);
    await expectAccessible(card, screen);
    return await card.locator('footer.legal').innerText();
  } finally {
    await card.close();
  }
}

test('the legal details: a wrong ΑΦΜ is refused beside its field in Greek; saved, every member card’s footer shows them, in Greek and in English', async () => {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Επωνυμία').fill(LEGAL_NAME);
  await field('ΑΦΜ').fill('094014202');
  await field('ΔΟΥ').fill('Α’ Αθηνών');
  await field('Αριθμός ΓΕΜΗ').fill('180123401000');
  await page.getByRole('button', { name: 'Αποθήκευση προτύπου' }).click();
  const refusal = page.locator('#template-vatNumber-error');
  await refusal.getByText('Ο ΑΦΜ δεν είναι έγκυρος· ελέγξτε τα ψηφία', { exact: true }).waitFor();
  expect(await field('ΑΦΜ').getAttribute('aria-invalid')).toBe('true');
  await expectAccessible(page, 'company template, a wrong ΑΦΜ (360 px)');

  await field('ΑΦΜ').fill('094014201');
  await saveTemplate('Αποθηκεύτηκε. Αλλάζουν οι κάρτες 2 μελών.');
  for (const path of [`/${KEPT}`, `/${KEPT}/en`]) {
    await eventually(async () => (await get(path)).body.includes('094014201'), {
      what: `${path} with its company's legal details`,
    });
  }
  expect(await legalFooter(`/${KEPT}`, 'a member card’s legal footer (360 px)')).toBe(
    `${LEGAL_NAME} · ΑΦΜ 094014201 · ΔΟΥ Α’ Αθηνών · ΓΕΜΗ 180123401000`,
  );
  expect(await legalFooter(`/${KEPT}/en`, 'an English member card’s legal footer (360 px)')).toBe(
    `${LEGAL_NAME} · VAT no. 094014201 · Tax office Α’ Αθηνών · G.E.MI. no. 180123401000`,
  );
});
