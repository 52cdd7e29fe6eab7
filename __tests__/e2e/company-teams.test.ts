// A company's team in real Chromium against the production build and the run's emulators: the
// admin creates «Θεσσαλονίκη» in «Ομάδες» at 360 px, gives it its own address, city and
// switchboard and a member; that member's card shows the team's address, the admin's the
// company's; each result where the admin is looking. axe on the screen at 360 px and 1366 px.
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { COMPANY_FIELD, TEMPLATE_AT_FIELD, TEMPLATE_FIELD, companyPath } from '@/lib/collections';
import { FieldValue } from 'firebase-admin/firestore';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { expectInView } from '../helpers/in-view';
import { get } from '../helpers/http';
import { ownerFile } from '../helpers/owner-file';
import { section, signIn, type Owner } from '../helpers/owner';

const NARROW = { width: 360, height: 740 };
const WIDE = { width: 1366, height: 900 };
const { browser, stamp, makeOwner } = ownerFile();
const COMPANY = `Φως ομάδες ${stamp}`;
const MEMBER = `kostas-teams-${stamp}`;

let admin: Owner;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  admin = await makeOwner(`eleni-teams-${stamp}`, { firstName: 'Ελένη', lastName: 'Φωτίου' });
  await adminAuth().updateUser(admin.uid, { emailVerified: true });
  context = await browser().newContext({ viewport: NARROW });
  page = await signIn(context, admin);
});

afterAll(async () => {
  await context?.close();
});

/** The «Ομάδες» screen of the admin's company. */
async function openTeams(on: Page): Promise<void> {
  await section(on, 'Εταιρεία');
  await on.getByRole('button', { name: 'Ομάδες', exact: true }).click();
  await on.getByRole('heading', { name: 'Ομάδες', exact: true }).waitFor();
}

test('the admin makes «Θεσσαλονίκη» with its own address and a member: its card shows the team’s address, the admin’s the company’s', async () => {
  await section(page, 'Εταιρεία');
  await page.getByLabel('Όνομα εταιρείας').fill(COMPANY);
  await page.getByRole('button', { name: 'Δημιουργία εταιρείας' }).click();
  await page.getByRole('heading', { name: `Εταιρεία: ${COMPANY}` }).waitFor();
  const companyId = (await adminDb().doc(`users/${admin.username}`).get()).get(
    COMPANY_FIELD,
  ) as string;
  // The company's own address, locked, before any card of it is asked for; and a second member.
  await adminDb()
    .doc(companyPath(companyId))
    .update({
      [TEMPLATE_FIELD]: {
        address: { value: 'Ερμού 10', locked: true },
        city: { value: 'Αθήνα', locked: true },
      },
      [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
    });
  await adminDb()
    .doc(`users/${MEMBER}`)
    .set({
      username: MEMBER,
      firstName: 'Κώστας',
      lastName: 'Λάμπρου',
      [COMPANY_FIELD]: companyId,
    });

  await openTeams(page);
  await page.getByRole('textbox', { name: 'Όνομα νέας ομάδας' }).fill('Θεσσαλονίκη');
  await page.getByRole('button', { name: 'Δημιουργία ομάδας' }).click();
  const created = page.getByText('Η ομάδα «Θεσσαλονίκη» δημιουργήθηκε.', { exact: true });
  await created.waitFor();
  await expectInView(page, created);

  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Διεύθυνση').fill('Τσιμισκή 45');
  await field('Διεύθυνση στα αγγλικά').fill('45 Tsimiski St');
  await field('Πόλη').fill('Θεσσαλονίκη');
  await field('Τηλέφωνο').fill('2310 123 456');
  await page.getByRole('checkbox', { name: `Κώστας Λάμπρου (${MEMBER})` }).check();
  await expectAccessible(page, 'a team being edited (360 px)');
  await page.getByRole('button', { name: 'Αποθήκευση ομάδας' }).click();
  const saved = page.getByText(
    'Η ομάδα «Θεσσαλονίκη» αποθηκεύτηκε· οι κάρτες των μελών της ενημερώνονται.',
    { exact: true },
  );
  await saved.waitFor();
  await expectInView(page, saved);
  await page.getByRole('button', { name: 'Θεσσαλονίκη (1 μέλος)' }).waitFor();

  await eventually(async () => (await get(`/${MEMBER}`)).body.includes('Τσιμισκή 45'), {
    what: `/${MEMBER} showing its team's address`,
  });
  const member = (await get(`/${MEMBER}`)).body;
  expect(member).toContain('2310 123 456');
  expect(member).not.toContain('Ερμού 10');
  expect((await get(`/${MEMBER}/en`)).body).toContain('45 Tsimiski St');
  const own = (await get(`/${admin.username}`)).body;
  expect(own).toContain('Ερμού 10');
  expect(own).not.toContain('Τσιμισκή');
});

test('«Ομάδες» at 1366 px: the team and its member as saved, axe clean', async () => {
  const wide = await browser().newContext({ viewport: WIDE });
  try {
    const on = await signIn(wide, admin);
    await openTeams(on);
    await on.getByRole('button', { name: 'Θεσσαλονίκη (1 μέλος)' }).click();
    await expect(
      on.getByRole('textbox', { name: 'Διεύθυνση', exact: true }).inputValue(),
    ).resolves.toBe('Τσιμισκή 45');
    expect(await on.getByRole('checkbox', { name: `Κώστας Λάμπρου (${MEMBER})` }).isChecked()).toBe(
      true,
    );
    await expectAccessible(on, 'a team (1366 px)');
  } finally {
    await wide.close();
  }
});
