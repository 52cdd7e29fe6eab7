// The console's «Συγχρονισμός καταλόγου» in real Chromium against the production build and the
// run's emulators, at 1366 px and 360 px: the base URL, a new token shown once (gone after a
// reload, which says only that one exists), the directory's first request made with it through
// the real SCIM route (no-store, the security headers), and that request in the screen's log.
// axe on the screen at both widths. A person with a card of their own opens the directory's
// invitation: told their card becomes the company's, they accept and land on it.
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { SCIM_SCHEMAS } from '@/lib/scim';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectAccessible } from '../helpers/browser';
import { ownerFile } from '../helpers/owner-file';
import { section, signIn, submitSignIn, type Owner } from '../helpers/owner';
import { saveScreenshot } from '../helpers/screenshots';

const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 360, height: 740 };
const { browser, stamp, makeOwner } = ownerFile();
const COMPANY = `Κατάλογος ${stamp}`;

let admin: Owner;
let context: BrowserContext;
let page: Page;
/** The directory's token, made by the first test. */
let token: string;

beforeAll(async () => {
  admin = await makeOwner(`it-${stamp}`, { firstName: 'Ελένη', lastName: 'Τεχνικού' });
  await adminAuth().updateUser(admin.uid, { emailVerified: true });
  context = await browser().newContext({ viewport: WIDE });
  page = await signIn(context, admin);
});

afterAll(async () => {
  await context?.close();
});

async function openScreen(on: Page): Promise<void> {
  await section(on, 'Εταιρεία');
  await on.getByRole('button', { name: 'Συγχρονισμός καταλόγου', exact: true }).click();
  await on.getByRole('heading', { name: 'Συγχρονισμός καταλόγου' }).waitFor();
}

test('an admin makes a token, sees it once, and the directory’s request shows in the log (1366 px)', async () => {
  await section(page, 'Εταιρεία');
  await page.getByLabel('Όνομα εταιρείας').fill(COMPANY);
  await page.getByRole('button', { name: 'Δημιουργία εταιρείας' }).click();
  await page.getByRole('heading', { name: `Εταιρεία: ${COMPANY}` }).waitFor();
  await openScreen(page);
  expect(await page.getByLabel('Διεύθυνση SCIM (Tenant URL)').inputValue()).toMatch(
    /^https?:\/\/[^/]+\/scim\/v2$/,
  );
  await page.getByText('Δεν υπάρχει ενεργό διακριτικό.').waitFor();

  await page.getByRole('button', { name: 'Νέο διακριτικό' }).click();
  const shown = page.getByLabel('Νέο διακριτικό', { exact: true });
  await shown.waitFor();
  token = await shown.inputValue();
  expect(token).toMatch(/^karta_scim_/);
  await page.getByText('Αντιγράψτε το τώρα: δεν θα εμφανιστεί ξανά.').waitFor();

  const created = await fetch(`${baseUrl()}/scim/v2/Users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    body: JSON.stringify({
      schemas: [SCIM_SCHEMAS.user],
      userName: `dimitra-${stamp}@katalogos.test`,
      name: { givenName: 'Δήμητρα', familyName: 'Καταλόγου' },
      active: true,
    }),
  });
  expect(created.status).toBe(201);
  expect(created.headers.get('cache-control')).toBe('no-store');
  expect(created.headers.get('x-content-type-options')).toBe('nosniff');
  expect(created.headers.get('content-type')).toBe('application/scim+json');

  await page.getByRole('button', { name: 'Ανανέωση' }).click();
  const log = page.getByRole('table', { name: 'Τελευταία αιτήματα του καταλόγου' });
  await log.getByText('POST /Users').waitFor();
  await log.getByText(`dimitra-${stamp}@katalogos.test`).waitFor();
  await expectAccessible(page, 'directory sync with a new token (1366 px)');
  await saveScreenshot(page, 'directory-sync-1366', true);

  await page.reload();
  await openScreen(page);
  await page.getByText(/^Υπάρχει ενεργό διακριτικό/).waitFor();
  expect(await page.getByLabel('Νέο διακριτικό', { exact: true }).count()).toBe(0);
  expect(await page.content()).not.toContain(token);
});

test('the screen at 360 px: within the phone’s width, axe clean', async () => {
  const narrow = await browser().newContext({ viewport: NARROW });
  try {
    const phone = await signIn(narrow, admin);
    await openScreen(phone);
    await phone.getByRole('table', { name: 'Τελευταία αιτήματα του καταλόγου' }).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(phone, 'directory sync (360 px)');
    await saveScreenshot(phone, 'directory-sync-360', true);
  } finally {
    await narrow.close();
  }
});

test('a person with a card of their own accepts the directory’s invitation: their card becomes the company’s', async () => {
  const person = await makeOwner(`dora-${stamp}`, { firstName: 'Δώρα', lastName: 'Δική' });
  await adminAuth().updateUser(person.uid, { emailVerified: true });
  const created = await fetch(`${baseUrl()}/scim/v2/Users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    body: JSON.stringify({
      schemas: [SCIM_SCHEMAS.user],
      userName: person.email,
      name: { givenName: 'Θεοδώρα', familyName: 'Καταλόγου' },
      active: true,
    }),
  });
  expect(created.status).toBe(201);
  const made = new URL(
    ((await created.json()) as { [SCIM_SCHEMAS.karta]: { cardUrl: string } })[SCIM_SCHEMAS.karta]
      .cardUrl,
  ).pathname;
  const personal = await browser().newContext({ viewport: NARROW });
  try {
    // Signed in, the console offers the account's open invitation before its card.
    const own = await submitSignIn(personal, person);
    await own.getByRole('heading', { name: `Πρόσκληση από την εταιρεία ${COMPANY}` }).waitFor();
    await own
      .getByText(
        `Η κάρτα σας /${person.username} θα γίνει η εταιρική σας κάρτα· η ${made}, που σας είχε ετοιμάσει η εταιρεία, θα παραπέμπει σε αυτήν.`,
        { exact: false },
      )
      .waitFor();
    await expectAccessible(own, 'directory invitation to a person with a card (360 px)');
    await own.getByRole('button', { name: 'Αποδοχή' }).click();
    await own.getByRole('heading', { name: `Καλώς ήρθατε στην εταιρεία «${COMPANY}»` }).waitFor();
    await own.getByRole('button', { name: 'Στην κάρτα μου' }).click();
    await own
      .getByRole('heading', { level: 1, name: `Η κάρτα σας: /${person.username}` })
      .waitFor();
    const card = (await adminDb().doc(`users/${person.username}`).get()).data();
    expect(card).toMatchObject({ firstName: 'Θεοδώρα', directoryUserId: expect.any(String) });
    expect(card?.companyId).toEqual(expect.any(String));
  } finally {
    await personal.close();
  }
});
