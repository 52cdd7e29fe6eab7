// The console with a flood of contacts on the card, in real Chromium against the production build
// and the run's emulators: the list shows the newest page and the total at once, more come on
// demand, and the CSV export holds every contact. Two and a half of the export's pages prove its
// paging.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Download, Page } from 'playwright-core';
import { CONTACTS_PAGE, EXPORT_PAGE } from '@/browser/owner/contacts';
import { adminDb } from '@/server/firebase/admin-app';
import { floodContactName as nameOf, seedContactFlood } from '@/tools/lib/contact-flood';
import { browserForThisFile, watchProblems } from '../helpers/browser';
import { makeOwner, signIn, type Owner } from '../helpers/owner';

const STAMP = Date.now().toString(36);
const CONTACTS = 2.5 * EXPORT_PAGE;
/** As the console writes the count (Greek digit grouping). */
const COUNT_TEXT = CONTACTS.toLocaleString('el-GR');
const browser = browserForThisFile();
let owner: Owner;

beforeAll(async () => {
  owner = await makeOwner(`plimmyra-${STAMP}`, { firstName: 'Πολύβιος', lastName: 'Ροής' }, STAMP);
  await seedContactFlood(adminDb(), owner.username, CONTACTS);
});

const contactList = (page: Page) => page.getByRole('list', { name: 'Επαφές, οι νεότερες πρώτα' });

test('2,500 contacts: the newest page and the total at once, more on demand, all in the CSV', async () => {
  const context = await browser().newContext({
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  try {
    const started = Date.now();
    const page = await signIn(context, owner);
    const problems = watchProblems(page);
    const signedIn = Date.now();
    await contactList(page).getByText(nameOf(0), { exact: true }).waitFor();
    const listed = Date.now();
    await page
      .getByTestId('contacts-summary')
      .and(page.getByText(`${COUNT_TEXT} επαφές · πρώτη σας επίσκεψη`, { exact: true }))
      .waitFor();
    const counted = Date.now();
    console.log(
      `console with ${CONTACTS} contacts: signed in after ${signedIn - started} ms, newest listed ` +
        `${listed - signedIn} ms later, total counted ${counted - signedIn} ms later`,
    );
    // How soon is a figure, with its budget, of `npm run bench` (bench/lib/console-flood.ts).
    const names = () => contactList(page).locator('strong').allTextContents();
    expect(await names()).toEqual(Array.from({ length: CONTACTS_PAGE }, (_, i) => nameOf(i)));

    await page.getByRole('button', { name: 'Περισσότερες επαφές' }).click();
    await contactList(page)
      .getByText(nameOf(2 * CONTACTS_PAGE - 1), { exact: true })
      .waitFor();
    expect(await names()).toHaveLength(2 * CONTACTS_PAGE);

    const exportStarted = Date.now();
    const [download]: [Download, void] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Λήψη CSV' }).click(),
    ]);
    const file = readFileSync((await download.path()) as string, 'utf8');
    console.log(`CSV of ${CONTACTS} contacts downloaded in ${Date.now() - exportStarted} ms`);
    await page
      .getByRole('status')
      .filter({ hasText: `Το αρχείο με ${COUNT_TEXT} επαφές κατέβηκε.` })
      .waitFor();
    const parsed = Papa.parse<Record<string, string>>(file.slice(1), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(CONTACTS);
    // Every contact once, newest first.
    expect(parsed.data.map((row) => row['Όνομα'])).toEqual(
      Array.from({ length: CONTACTS }, (_, i) => nameOf(i)),
    );
    expect(parsed.data[CONTACTS - 1]).toMatchObject({
      Email: `epafi${CONTACTS - 1}@example.gr`,
      // Formula-escaped by the export: a leading + would start a formula in a spreadsheet.
      Τηλέφωνο: `'+30 697 ${String(CONTACTS - 1).padStart(7, '0')}`,
    });
    expect(
      problems.filter(
        (p) => !(p.includes('/google.firestore.v1.Firestore/') && p.endsWith('net::ERR_ABORTED')),
      ),
    ).toEqual([]);
  } finally {
    await context.close();
  }
});
