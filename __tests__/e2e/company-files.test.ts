// Files as Greek offices use them, in real Chromium against the production build and the run's
// emulators: an admin picks an invitation file that Excel in Greek saved (Windows-1253, «;») and
// sees its rows (names and job titles in Greek) and a refused line before anything is sent, where
// she is looking, at 360 px; nothing goes until «Αποστολή N προσκλήσεων», and «Άκυρο» sends
// nothing, at 1366 px; the company's leads download as an Excel workbook. axe at both sizes.
import { readFileSync } from 'node:fs';
import { Workbook } from 'exceljs';
import { FieldValue } from 'firebase-admin/firestore';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { COMPANY_FIELD, OUTBOX_COLLECTION } from '@/lib/collections';
import { INVITE_MESSAGES } from '@/lib/invite-rows';
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { CSV_HEADERS } from '@/lib/contacts-csv';
import { LEAD_STATUS_HEADER } from '@/lib/lead-status';
import { browserForThisFile, expectAccessible } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { makeOwner, section, signIn, type Owner } from '../helpers/owner';
import { windows1253 } from '../helpers/windows-1253';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 900 };
const STAMP = Date.now().toString(36);
const browser = browserForThisFile();

const address = (name: string) => `${name}-${STAMP}@karta.test`;

let admin: Owner;
let companyId: string;
let context: BrowserContext;
let page: Page;
/** Every invitation request the page made, as it left the browser. */
const invitePosts: string[] = [];

beforeAll(async () => {
  admin = await makeOwner(`eleni-${STAMP}`, { firstName: 'Ελένη', lastName: 'Ράπτη' }, STAMP);
  await adminAuth().updateUser(admin.uid, { emailVerified: true });
  context = await browser().newContext({ viewport: PHONE, acceptDownloads: true });
  page = await signIn(context, admin);
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/invites')) {
      invitePosts.push(request.url());
    }
  });
  await section(page, 'Εταιρεία');
  await page.getByLabel('Όνομα εταιρείας').fill(`Γραφείο ${STAMP}`);
  await page.getByRole('button', { name: 'Δημιουργία εταιρείας' }).click();
  await page.getByRole('heading', { name: `Εταιρεία: Γραφείο ${STAMP}` }).waitFor();
  companyId = (await adminDb().doc(`users/${admin.username}`).get()).get(COMPANY_FIELD) as string;
});

afterAll(async () => {
  await context?.close();
});

async function companyScreen(name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Ενότητες εταιρείας' })
    .getByRole('button', { name })
    .click();
}

/** Picks an invitation file, as Greek Excel saves one, in the invite form. */
async function pickFile(name: string, lines: string[]): Promise<void> {
  await page.getByLabel('Ή αρχείο CSV').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(windows1253(lines.join('\r\n'))),
  });
}

/**
 * `locator` is focused, or holds the focus, and is where the person is looking: its middle is on
 * the screen and is not under anything else (a phone's bottom bar).
 */
async function expectLookedAt(locator: Locator, what: string): Promise<void> {
  await eventually(
    async () => {
      const seen = await locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const x = box.left + Math.min(box.width / 2, 20);
        const y = box.top + Math.min(box.height / 2, 10);
        const over = document.elementFromPoint(x, y);
        return {
          focused: element.contains(document.activeElement),
          inView: y >= 0 && y <= window.innerHeight && !!over && element.contains(over),
          y: Math.round(y),
          over: over ? `${over.tagName.toLowerCase()}.${over.className}` : null,
        };
      });
      expect(seen).toMatchObject({ focused: true, inView: true });
      return true;
    },
    { what: `${what}, focused and in view`, within: 15_000 },
  );
}

const invitesOf = async () =>
  (await adminDb().collection(`companies/${companyId}/invites`).get()).docs.map((doc) =>
    doc.data(),
  );

test('at 360 px: a Windows-1253 «;» file is previewed (Greek names and job titles, a refused line) where the admin looks; nothing is sent until «Αποστολή 2 προσκλήσεων», then both are', async () => {
  await companyScreen('Μέλη');
  await pickFile('προσκλήσεις.csv', [
    'Email;Όνομα;Επώνυμο;Θέση',
    `${address('dimitris')};Δημήτρης;Αλεξίου;Υπεύθυνος πωλήσεων, Αθήνα`,
    'όχι-διεύθυνση;Άννα;Ζαχαρίου;Λογίστρια',
    `${address('sofia')};Σοφία;Ώτη;Γραφίστρια`,
  ]);
  const preview = page.getByTestId('invite-preview');
  const going = preview.getByRole('list', { name: 'Προσκλήσεις που θα σταλούν' });
  await going.getByText('Υπεύθυνος πωλήσεων, Αθήνα').waitFor();
  expect(
    await going
      .getByRole('listitem')
      .evaluateAll((items) => items.map((li) => [...li.children].map((c) => c.textContent))),
  ).toEqual([
    ['Δημήτρης Αλεξίου', address('dimitris'), 'Υπεύθυνος πωλήσεων, Αθήνα'],
    ['Σοφία Ώτη', address('sofia'), 'Γραφίστρια'],
  ]);
  await preview
    .getByRole('list', { name: 'Γραμμές που δεν θα σταλούν' })
    .getByText(`Γραμμή 3: όχι-διεύθυνση: ${INVITE_MESSAGES.email}`)
    .waitFor();
  await expectLookedAt(preview.getByRole('heading', { name: /προσκλήσεις\.csv/ }), 'the preview');
  await expectAccessible(page, 'invitation file preview (360 px)');
  expect(invitePosts).toEqual([]);
  expect(await invitesOf()).toEqual([]);

  await preview.getByRole('button', { name: 'Αποστολή 2 προσκλήσεων' }).click();
  const result = page.getByTestId('invite-result');
  await result.getByText('Στάλθηκαν 2 προσκλήσεις.').waitFor();
  await result.getByText(`Γραμμή 3: όχι-διεύθυνση: ${INVITE_MESSAGES.email}`).waitFor();
  await expectLookedAt(result, 'the result');
  expect(await preview.count()).toBe(0);
  expect(invitePosts).toHaveLength(1);
  const invites = await invitesOf();
  expect(
    invites
      .map(({ email, firstName, lastName, jobTitle }) => [email, firstName, lastName, jobTitle])
      .sort(),
  ).toEqual([
    [address('dimitris'), 'Δημήτρης', 'Αλεξίου', 'Υπεύθυνος πωλήσεων, Αθήνα'],
    [address('sofia'), 'Σοφία', 'Ώτη', 'Γραφίστρια'],
  ]);
  await expectAccessible(page, 'invitation file sent (360 px)');
});

test('at 1366 px: a file is previewed, and «Άκυρο» sends nothing; a file without an email column is refused in Greek', async () => {
  await page.setViewportSize(DESKTOP);
  const before = invitePosts.length;
  await pickFile('ομάδα.csv', ['Ηλεκτρονικό ταχυδρομείο;Όνομα', `${address('markos')};Μάρκος`]);
  const preview = page.getByTestId('invite-preview');
  await preview.getByRole('button', { name: 'Αποστολή 1 πρόσκλησης' }).waitFor();
  await expectLookedAt(preview.getByRole('heading', { name: /ομάδα\.csv/ }), 'the preview');
  await expectAccessible(page, 'invitation file preview (1366 px)');
  await preview.getByRole('button', { name: 'Άκυρο' }).click();
  await preview.waitFor({ state: 'detached' });
  expect(
    await page.getByLabel('Ή αρχείο CSV').evaluate((el) => el === document.activeElement),
  ).toBe(true);

  await pickFile('λίστα.csv', ['Τηλέφωνο;Όνομα', '2100000000;Μάρκος']);
  await preview.getByText(INVITE_MESSAGES.header).waitFor();
  expect(await preview.getByRole('button', { name: /^Αποστολή/ }).count()).toBe(0);
  await expectAccessible(page, 'invitation file refused (1366 px)');
  await preview.getByRole('button', { name: 'Άκυρο' }).click();
  expect(invitePosts.length).toBe(before);
  const outbox = await adminDb()
    .collection(OUTBOX_COLLECTION)
    .where('to', '==', address('markos'))
    .get();
  expect(outbox.size).toBe(0);
});

test('the company’s leads download as an Excel workbook with Greek headers and a real date', async () => {
  await adminDb()
    .collection(`users/${admin.username}/contacts`)
    .add({
      name: `Επισκέπτης ${STAMP}`,
      email: address('visitor'),
      createdAt: FieldValue.serverTimestamp(),
    });
  await companyScreen('Επαφές μελών');
  await page
    .getByRole('list', { name: 'Επαφές των μελών, οι νεότερες πρώτα' })
    .getByText(`Επισκέπτης ${STAMP}`, { exact: true })
    .waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Λήψη Excel (.xlsx) όλων των επαφών' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`karta-etaireia-${companyId}-epafes.xlsx`);
  const book = new Workbook();
  await book.xlsx.load(new Uint8Array(readFileSync((await download.path()) as string)).buffer);
  const sheet = book.worksheets[0];
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    ...CSV_HEADERS,
    'Κάρτα',
    'Μέλος',
  ]);
  const row = (sheet.getRow(2).values as unknown[]).slice(1);
  const [name, , , date] = row;
  const card = row[CSV_HEADERS.length];
  expect(row[CSV_HEADERS.indexOf(LEAD_STATUS_HEADER)]).toBe('Νέα');
  expect([name, card]).toEqual([`Επισκέπτης ${STAMP}`, admin.username]);
  expect(date).toBeInstanceOf(Date);
  await expectAccessible(page, 'company leads with the Excel download (1366 px)');
});
