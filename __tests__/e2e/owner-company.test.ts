// A company in the owner console, in real Chromium against the production build and the run's
// emulators, daemon and mail catcher: an owner makes a company, locks its address (a wrong value
// refused in Greek first), invites an address; the invited person opens the link, signs up,
// verifies and accepts with a username of their own (a taken one refused); their editor shows the
// address read-only and their card shows it; the admin sees the lead a visitor leaves on that card,
// which the member's navigation has no company screens for; removal switches the card off (410).
// axe on the navigation and on each company screen at 390 px and 1366 px.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { COMPANY_FIELD } from '@/lib/collections';
import { LOCKED_FIELD_NOTE } from '@/lib/company';
import { INVITE_PARAM } from '@/lib/routes';
import { CARD_MESSAGES } from '@/lib/profile';
import { USERNAME_MESSAGES } from '@/lib/username';
import { COMPANY_REFUSALS } from '@/components/account/company/messages';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, browserForThisFile, expectAccessible } from '../helpers/browser';
import { tapExchange } from '../helpers/exchange';
import { eventually } from '../helpers/eventually';
import { get } from '../helpers/http';
import { invitationToken } from '../helpers/invitation-mail';
import { makeOwner, openAuthLink, section, signIn, type Owner } from '../helpers/owner';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const STAMP = Date.now().toString(36);
const browser = browserForThisFile();

const COMPANY = `Φως ${STAMP}`;
const ADDRESS = `Λεωφόρος Φωτός ${STAMP}`;
const INVITED = `nikos-${STAMP}@karta.test`;
const MEMBER = `nikos-${STAMP}`;
const LEAD = `Επισκέπτρια ${STAMP}`;

let admin: Owner;
let companyId: string;
let adminContext: BrowserContext;
let page: Page;

beforeAll(async () => {
  admin = await makeOwner(`anna-${STAMP}`, { firstName: 'Άννα', lastName: 'Φωτίου' }, STAMP);
  // Only a verified owner makes a company.
  await adminAuth().updateUser(admin.uid, { emailVerified: true });
  adminContext = await browser().newContext({ viewport: PHONE, acceptDownloads: true });
  page = await signIn(adminContext, admin);
});

afterAll(async () => {
  await adminContext?.close();
});

const nav = (p: Page) => p.getByRole('navigation', { name: 'Ενότητες λογαριασμού' });

/** Opens one of the company's screens, as its admin. */
async function companyScreen(p: Page, name: string): Promise<void> {
  await p
    .getByRole('navigation', { name: 'Ενότητες εταιρείας' })
    .getByRole('button', { name })
    .click();
}

/** The rows the navigation's visible items sit on, and how many items are visible. */
async function navRows(p: Page): Promise<{ rows: number; items: number }> {
  const tops = await nav(p)
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((b) => b.getBoundingClientRect().width > 0)
        .map((b) => Math.round(b.getBoundingClientRect().top)),
    );
  return { rows: new Set(tops).size, items: tops.length };
}

test('the console’s navigation is one bar at 390 px, the rest under «Περισσότερα»', async () => {
  const bar = nav(page);
  await bar.getByRole('button', { name: 'Περισσότερα' }).waitFor();
  const box = await bar.boundingBox();
  const rows = await navRows(page);
  console.log(`navigation at 390 px: ${rows.items} items on ${rows.rows} row(s)`);
  // Five buttons in one row at the bottom of the screen.
  expect(rows).toEqual({ rows: 1, items: 5 });
  expect(Math.round(box!.y + box!.height)).toBe(PHONE.height);
  expect(await bar.getByRole('button', { name: 'Επαφές' }).getAttribute('aria-current')).toBe(
    'page',
  );
  await expectAccessible(page, 'navigation (390 px)');
  await bar.getByRole('button', { name: 'Περισσότερα' }).click();
  await bar.getByRole('button', { name: 'Εταιρεία' }).waitFor();
  await expectAccessible(page, 'navigation menu open (390 px)');
  await page.keyboard.press('Escape');
  await bar.getByRole('button', { name: 'Εταιρεία' }).waitFor({ state: 'hidden' });
});

test('an owner creates a company and becomes its admin', async () => {
  await section(page, 'Εταιρεία');
  await page.getByRole('heading', { name: 'Εταιρεία', exact: true }).waitFor();
  await expectAccessible(page, 'company (create)');
  await page.getByLabel('Όνομα εταιρείας').fill(COMPANY);
  await page.getByRole('button', { name: 'Δημιουργία εταιρείας' }).click();
  await page.getByRole('heading', { name: `Εταιρεία: ${COMPANY}` }).waitFor();
  companyId = (await adminDb().doc(`users/${admin.username}`).get()).get(COMPANY_FIELD) as string;
  const company = (await adminDb().doc(`companies/${companyId}`).get()).data();
  expect(company).toMatchObject({ name: COMPANY, admins: [admin.uid] });
});

/** Each visible label of the bar: its text, and whether it sits on one line inside its item. */
async function barLabels(p: Page): Promise<Array<{ text: string; fits: boolean }>> {
  return nav(p)
    .locator('button span')
    .evaluateAll((spans) =>
      spans
        .filter((s) => s.getBoundingClientRect().width > 0)
        .map((s) => {
          const item = (s.closest('button') as HTMLElement).getBoundingClientRect();
          const box = s.getBoundingClientRect();
          const line = parseFloat(getComputedStyle(s).lineHeight);
          return {
            text: s.textContent ?? '',
            fits: box.left >= item.left && box.right <= item.right && box.height < line * 1.5,
          };
        }),
    );
}

test('at 360 px an admin reaches «Εταιρεία» in one tap, and no label breaks or spills', async () => {
  await page.setViewportSize({ width: 360, height: 780 });
  try {
    const bar = nav(page);
    await bar.getByRole('button', { name: 'Εταιρεία' }).waitFor();
    const labels = await barLabels(page);
    expect(labels.map((l) => l.text)).toEqual([
      'Επαφές',
      'Επεξεργασία',
      'Εταιρεία',
      'Στατιστικά',
      'Περισσότερα',
    ]);
    expect(labels.filter((l) => !l.fits)).toEqual([]);
    // Selected, a label keeps its width: it is marked by colour and border, not bold.
    await bar.getByRole('button', { name: 'Επεξεργασία' }).click();
    expect((await barLabels(page)).filter((l) => !l.fits)).toEqual([]);
    await bar.getByRole('button', { name: 'Εταιρεία' }).click();
    await page.getByRole('heading', { name: `Εταιρεία: ${COMPANY}` }).waitFor();
    await expectAccessible(page, 'navigation of an admin (360 px)');
  } finally {
    await page.setViewportSize(PHONE);
  }
});

test('the template: a wrong value is refused in Greek and nothing is saved; a locked address is', async () => {
  const website = page.getByRole('textbox', { name: 'Ιστότοπος' });
  await website.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Αποθήκευση προτύπου' }).click();
  await page.getByText(CARD_MESSAGES.link).waitFor();
  expect(await website.getAttribute('aria-invalid')).toBe('true');
  await expectAccessible(page, 'company template (with an error)');
  expect((await adminDb().doc(`companies/${companyId}`).get()).get('template')).toEqual({});

  await website.fill('');
  await page.getByRole('textbox', { name: 'Διεύθυνση', exact: true }).fill(ADDRESS);
  await page.getByRole('checkbox', { name: 'Κλειδωμένο: Διεύθυνση' }).check();
  await page.getByRole('button', { name: 'Αποθήκευση προτύπου' }).click();
  await page
    .getByTestId('template-status')
    .getByText(/Αποθηκεύτηκε/)
    .waitFor();
  expect((await adminDb().doc(`companies/${companyId}`).get()).get('template')).toEqual({
    address: { value: ADDRESS, locked: true },
  });
  await expectAccessible(page, 'company template (saved)');
});

test('invites an address; a malformed one is refused by its line; the invitation is listed', async () => {
  await companyScreen(page, 'Μέλη');
  await page.getByLabel('Διευθύνσεις email').fill(`${INVITED}, Νίκος, Μελετίου\nnot-an-address`);
  await page.getByRole('button', { name: 'Αποστολή προσκλήσεων' }).click();
  const result = page.getByTestId('invite-result');
  await result.getByText('Στάλθηκε 1 πρόσκληση.').waitFor();
  await result.getByText(/^Γραμμή 2: not-an-address: /).waitFor();
  console.log(`invite answer: ${(await result.innerText()).replace(/\s+/g, ' ')}`);
  const invite = page.getByTestId('invite').filter({ hasText: INVITED });
  await invite.getByText('Προσκλήθηκε').waitFor();
  await expectAccessible(page, 'company members (invited)');
});

test('the invited person opens the link, signs up, verifies and joins with a username of their own', async () => {
  const token = await invitationToken(INVITED);
  const context = await browser().newContext({ viewport: PHONE });
  try {
    const member = await context.newPage();
    await member.goto(`${baseUrl()}/account?${INVITE_PARAM}=${encodeURIComponent(token)}`);
    // An address with no account: sign-up, the address filled in (e2e/company-joining has more).
    await member.getByRole('heading', { name: 'Νέος λογαριασμός' }).waitFor();
    // The token is off the address bar, kept by the tab through sign-up and verification.
    expect(new URL(member.url()).searchParams.has(INVITE_PARAM)).toBe(false);
    expect(await member.getByLabel('Email').inputValue()).toBe(INVITED);
    await member.getByLabel('Κωδικός').fill('secret-password');
    await member.getByRole('button', { name: 'Δημιουργία λογαριασμού' }).click();
    await member.getByRole('heading', { name: 'Επιβεβαιώστε το email σας' }).waitFor();
    await openAuthLink(INVITED, 'VERIFY_EMAIL');
    await member.getByRole('button', { name: 'Το επιβεβαίωσα' }).click();
    await member.getByRole('heading', { name: `Πρόσκληση από την εταιρεία ${COMPANY}` }).waitFor();
    await member.getByText(INVITED, { exact: true }).waitFor();
    await expectAccessible(member, 'invitation');

    await member.getByLabel('Όνομα χρήστη').fill(admin.username);
    await member.getByRole('button', { name: 'Αποδοχή' }).click();
    await member.getByText(USERNAME_MESSAGES.taken).waitFor();
    await member.getByLabel('Όνομα χρήστη').fill(MEMBER);
    await member.getByRole('button', { name: 'Αποδοχή' }).click();
    await member
      .getByRole('heading', { name: `Καλώς ήρθατε στην εταιρεία «${COMPANY}»` })
      .waitFor();
    await member.getByRole('button', { name: 'Στην κάρτα μου' }).click();
    await member.getByRole('heading', { level: 1, name: `Η κάρτα σας: /${MEMBER}` }).waitFor();

    // The link works once: opened again, it says so in Greek, and the console goes on without it.
    await member.goto(`${baseUrl()}/account?${INVITE_PARAM}=${encodeURIComponent(token)}`);
    await member.getByText(COMPANY_REFUSALS.used).waitFor();
    await member.getByRole('button', { name: 'Συνέχεια χωρίς την πρόσκληση' }).click();
    await member.getByRole('heading', { level: 1, name: `Η κάρτα σας: /${MEMBER}` }).waitFor();

    // A member has no company screens: the company is named in Λογαριασμός, with leaving.
    await section(member, 'Λογαριασμός');
    await member.getByText(`Η κάρτα σας ανήκει στην εταιρεία ${COMPANY}.`).waitFor();
    expect(await nav(member).getByRole('button', { name: 'Εταιρεία' }).count()).toBe(0);
    expect(await nav(member).getByRole('button', { name: 'Περισσότερα' }).count()).toBe(0);
    await member.getByRole('button', { name: 'Αποχώρηση από την εταιρεία' }).waitFor();

    // The locked address: the company's, read-only, marked.
    await section(member, 'Επεξεργασία');
    const address = member.getByLabel('Διεύθυνση', { exact: true });
    await eventually(async () => (await address.inputValue()) === ADDRESS, {
      what: 'the company’s address in the member’s editor',
    });
    expect(await address.getAttribute('readonly')).not.toBeNull();
    await member.getByText(LOCKED_FIELD_NOTE, { exact: true }).first().waitFor();
    await expectAccessible(member, 'member’s editor (locked field)');
  } finally {
    await context.close();
  }
  // The member's public card shows the company's address.
  await eventually(async () => (await get(`/${MEMBER}`)).body.includes(ADDRESS), {
    what: `/${MEMBER} showing ${ADDRESS}`,
  });
});

test('the admin sees a lead left on the member’s card, live, with the member it came to', async () => {
  await companyScreen(page, 'Επαφές μελών');
  await page.getByText('Καμία επαφή ακόμη στις κάρτες των μελών.').waitFor();
  const visitorContext = await browser().newContext({ viewport: PHONE });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${baseUrl()}/${MEMBER}`, { waitUntil: 'networkidle' });
    await tapExchange(visitor);
    const dialog = visitor.getByRole('dialog');
    await dialog.getByLabel('Όνομα').fill(LEAD);
    await dialog.getByLabel('Email').fill('episkeptria@example.gr');
    await dialog.getByRole('button', { name: 'Αποστολή' }).click();
    await visitor.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' }).waitFor();
  } finally {
    await visitorContext.close();
  }
  const list = page.getByRole('list', { name: 'Επαφές των μελών, οι νεότερες πρώτα' });
  const lead = list.getByRole('listitem').filter({ hasText: LEAD });
  await lead.waitFor();
  await lead.getByText(/Προς: Νίκος Μελετίου/).waitFor();
  await expectAccessible(page, 'company leads');
  // The export: the server's CSV, downloaded as the owner's own export is.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Λήψη CSV όλων των επαφών' }).click(),
  ]);
  const csv = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(rows.data.map((row) => [row['Όνομα'], row['Κάρτα']])).toEqual([[LEAD, MEMBER]]);
  await companyScreen(page, 'Μέλη');
  const row = page.getByTestId('member').filter({ hasText: `/${MEMBER}` });
  await row.getByText('Ενεργό').waitFor();
  expect(await row.getByText(/Τελευταία επαφή: καμία ακόμη/).count()).toBe(0);
  await companyScreen(page, 'Στατιστικά μελών');
  await page.getByRole('table', { name: 'Τελευταίες 7 ημέρες' }).waitFor();
  await expectAccessible(page, 'company stats');
});

test('each company screen and the navigation pass axe at 1366 px', async () => {
  const context = await browser().newContext({ viewport: DESKTOP });
  try {
    const wide = await signIn(context, admin);
    // Every item in one bar, no menu.
    await nav(wide).getByRole('button', { name: 'Εταιρεία' }).click();
    expect(await nav(wide).getByRole('button', { name: 'Περισσότερα' }).isVisible()).toBe(false);
    const rows = await navRows(wide);
    console.log(`navigation at 1366 px: ${rows.items} items on ${rows.rows} row(s)`);
    expect(rows).toEqual({ rows: 1, items: 6 });
    await wide.getByRole('heading', { name: `Εταιρεία: ${COMPANY}` }).waitFor();
    await expectAccessible(wide, 'company template (1366 px)');
    await companyScreen(wide, 'Μέλη');
    await wide.getByTestId('member').first().waitFor();
    await expectAccessible(wide, 'company members (1366 px)');
    await companyScreen(wide, 'Επαφές μελών');
    await wide.getByText(LEAD, { exact: true }).waitFor();
    await expectAccessible(wide, 'company leads (1366 px)');
    await companyScreen(wide, 'Στατιστικά μελών');
    await wide.getByRole('table', { name: 'Τελευταίες 30 ημέρες' }).waitFor();
    await expectAccessible(wide, 'company stats (1366 px)');
  } finally {
    await context.close();
  }
});

test('the admin removes the member: the card answers 410', async () => {
  await companyScreen(page, 'Μέλη');
  const row = page.getByTestId('member').filter({ hasText: `/${MEMBER}` });
  await row.getByRole('button', { name: 'Αφαίρεση μέλους Νίκος Μελετίου' }).click();
  await row.getByRole('button', { name: 'Επιβεβαίωση αφαίρεσης Νίκος Μελετίου' }).click();
  await row.getByText('Αφαιρέθηκε', { exact: true }).waitFor();
  const removed = Date.now();
  await eventually(async () => (await get(`/${MEMBER}`)).status === 410, {
    what: `/${MEMBER} answering 410`,
  });
  console.log(`removal: /${MEMBER} answered 410 ${Date.now() - removed} ms after the confirmation`);
});
