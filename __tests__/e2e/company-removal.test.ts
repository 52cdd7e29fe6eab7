// Removal that keeps printed cards working, in real Chromium against the production build and the
// run's emulators: the admin's confirmation offers forwarding the card to a colleague's or
// switching it off and says what the printed QR codes will open; the removed member's badge says
// «Αφαιρέθηκε»; the old address then opens the colleague's card; ended, the forwarding leaves the
// 410 page with the company's switchboard, website and vCard; the removed person's console says
// what happened; a member's console shows the company's leads with no delete button. axe at 360
// and 1366 px; screenshots of the confirmation and of the 410 page.
import { Timestamp } from 'firebase-admin/firestore';
import type { BrowserContext, Page } from 'playwright-core';
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { baseUrl, browserForThisFile, expectAccessible } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { expectInView } from '../helpers/in-view';
import { get } from '../helpers/http';
import { makeOwner, section, signIn, submitSignIn, type Owner } from '../helpers/owner';
import { saveScreenshot } from '../helpers/screenshots';

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1366, height: 900 };
const STAMP = Date.now().toString(36);
const COMPANY_ID = `studio-${STAMP}`;
const COMPANY = `Studio Φως ${STAMP}`;
const browser = browserForThisFile();

let maria: Owner;
let kostas: Owner;
let alice: Owner;
let adminContext: BrowserContext;
let page: Page;

/** `owner`'s card joins the company as `role`, as accepting an invitation leaves it. */
async function join(owner: Owner, role: 'admin' | 'member', firstName: string, lastName: string) {
  const joinedAt = Timestamp.now();
  await adminDb().doc(`users/${owner.username}`).update({
    companyId: COMPANY_ID,
    companyJoinedAt: joinedAt,
  });
  await adminDb().doc(`companies/${COMPANY_ID}/members/${owner.uid}`).set({
    username: owner.username,
    role,
    status: 'active',
    joinedAt,
    firstName,
    lastName,
    email: owner.email,
  });
}

beforeAll(async () => {
  [maria, kostas, alice] = await Promise.all([
    makeOwner(`maria-${STAMP}`, { firstName: 'Μαρία', lastName: 'Παπαδοπούλου' }, STAMP),
    makeOwner(`kostas-${STAMP}`, { firstName: 'Κώστας', lastName: 'Λάμπρου' }, STAMP),
    makeOwner(`alice-${STAMP}`, { firstName: 'Αλίκη', lastName: 'Σταύρου' }, STAMP),
  ]);
  await adminAuth().updateUser(maria.uid, { emailVerified: true });
  await adminDb()
    .doc(`companies/${COMPANY_ID}`)
    .set({
      name: COMPANY,
      template: {
        companyName: { value: COMPANY, locked: true },
        phoneNumber: { value: '210 555 0100', locked: true },
        websiteLink: { value: 'https://studio.example', locked: false },
      },
      admins: [maria.uid],
      memberUids: [maria.uid, kostas.uid, alice.uid],
      templateAt: Timestamp.now(),
    });
  await join(maria, 'admin', 'Μαρία', 'Παπαδοπούλου');
  await join(kostas, 'member', 'Κώστας', 'Λάμπρου');
  await join(alice, 'member', 'Αλίκη', 'Σταύρου');
  adminContext = await browser().newContext({ viewport: PHONE });
  page = await signIn(adminContext, maria);
});

afterAll(async () => {
  await adminContext?.close();
});

const aliceRow = (p: Page) => p.getByTestId('member').filter({ hasText: `/${alice.username}` });

async function membersScreen(p: Page): Promise<void> {
  await section(p, 'Εταιρεία');
  await p
    .getByRole('navigation', { name: 'Ενότητες εταιρείας' })
    .getByRole('button', { name: 'Μέλη' })
    .click();
}

test('the confirmation offers forwarding or switching off and says what the printed cards will open; forwarded, the old address opens the colleague’s card (360 px)', async () => {
  await membersScreen(page);
  const row = aliceRow(page);
  await row.getByRole('button', { name: 'Αφαίρεση μέλους Αλίκη Σταύρου' }).click();
  const choice = row.getByTestId('removal-choice');
  await choice
    .getByText('Οι τυπωμένες κάρτες και τα QR θα δείχνουν μόνο τα στοιχεία της εταιρείας.')
    .waitFor();
  await choice.getByLabel('Προώθηση στην κάρτα συναδέλφου').check();
  await choice.getByLabel('Συνάδελφος').selectOption(kostas.username);
  await choice
    .getByText('Οι τυπωμένες κάρτες και τα QR θα ανοίγουν την κάρτα «Κώστας Λάμπρου».')
    .waitFor();
  await expectAccessible(page, 'removal confirmation (360 px)');
  await choice.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'removal-confirmation-360');

  await choice.getByRole('button', { name: 'Επιβεβαίωση αφαίρεσης Αλίκη Σταύρου' }).click();
  await row.getByText('Αφαιρέθηκε', { exact: true }).waitFor();
  const result = row.getByText('Αλίκη Σταύρου: αφαιρέθηκε.', { exact: false });
  await result.waitFor();
  await expectInView(page, result);
  await row.getByTestId('forwarding').getByText(`/${kostas.username}`).waitFor();
  await expectAccessible(page, 'removed member, forwarded (360 px)');

  await eventually(async () => (await get(`/${alice.username}`)).status === 307, {
    what: `/${alice.username} redirecting`,
  });
  expect((await get(`/${alice.username}`)).headers.get('location')).toBe(`/${kostas.username}`);
  expect((await get(`/${alice.username}/en/vcard`)).headers.get('location')).toBe(
    `/${kostas.username}/en/vcard`,
  );
  const visitor = await adminContext.newPage();
  try {
    await visitor.goto(`${baseUrl()}/${alice.username}/en`);
    expect(new URL(visitor.url()).pathname).toBe(`/${kostas.username}/en`);
  } finally {
    await visitor.close();
  }
});

test('ended, the forwarding leaves the 410 page: the company’s switchboard, website and contact (360 px)', async () => {
  const row = aliceRow(page);
  await row.getByRole('button', { name: 'Τέλος προώθησης της κάρτας Αλίκη Σταύρου' }).click();
  await row.getByText('Η κάρτα είναι απενεργοποιημένη.').waitFor();
  await eventually(async () => (await get(`/${alice.username}`)).status === 410, {
    what: `/${alice.username} answering 410`,
  });
  const visitor = await adminContext.newPage();
  try {
    const answer = await visitor.goto(`${baseUrl()}/${alice.username}`);
    expect(answer?.status()).toBe(410);
    await visitor.getByText(COMPANY).waitFor();
    expect(await visitor.getByRole('link', { name: '210 555 0100' }).getAttribute('href')).toBe(
      'tel:+302105550100',
    );
    await visitor.getByRole('link', { name: 'studio.example' }).waitFor();
    const save = visitor.getByRole('link', { name: 'Αποθήκευση επαφής εταιρείας' });
    expect(await save.getAttribute('href')).toBe(`/${alice.username}/vcard`);
    await expectAccessible(visitor, '410 page (360 px)');
    await saveScreenshot(visitor, 'card-off-410-360', true);
    const vcard = await get(`/${alice.username}/vcard`);
    expect(vcard.status).toBe(200);
    expect(vcard.body).toContain(`ORG:${COMPANY}`);
    expect(vcard.body).toContain('TEL;TYPE=WORK,VOICE:+302105550100');
  } finally {
    await visitor.close();
  }
});

test('the removed person’s console says who removed them, when, and what the old address opens; the admin’s list at 1366 px', async () => {
  const context = await browser().newContext({ viewport: DESKTOP });
  try {
    const removed = await submitSignIn(context, alice);
    const note = removed.getByTestId('departure');
    await note.getByText(`Η εταιρεία «${COMPANY}» σας αφαίρεσε από τα μέλη της στις`).waitFor();
    await note
      .getByText(`Η παλιά σας διεύθυνση /${alice.username} δεν είναι πλέον ενεργή`)
      .waitFor();
    await removed.getByRole('button', { name: 'Δημιουργία κάρτας' }).waitFor();
    await expectAccessible(removed, 'removed person’s console (1366 px)');
  } finally {
    await context.close();
  }
  const adminWide = await browser().newContext({ viewport: DESKTOP });
  try {
    const wide = await signIn(adminWide, maria);
    await membersScreen(wide);
    await aliceRow(wide).getByText('Αφαιρέθηκε', { exact: true }).waitFor();
    await aliceRow(wide)
      .getByRole('button', { name: 'Προώθηση της κάρτας Αλίκη Σταύρου' })
      .waitFor();
    await expectAccessible(wide, 'members with a removed one (1366 px)');
  } finally {
    await adminWide.close();
  }
});

test('a member sees the company’s leads on their card without a delete button, and why (360 px)', async () => {
  const lead = `Επισκέπτης ${STAMP}`;
  await adminDb()
    .collection(`users/${kostas.username}/contacts`)
    .add({ name: lead, email: `lead-${STAMP}@visitor.test`, createdAt: Timestamp.now() });
  const context = await browser().newContext({ viewport: PHONE });
  try {
    const member = await signIn(context, kostas);
    await member.getByText(lead, { exact: true }).waitFor();
    await member.getByTestId('company-leads-note').waitFor();
    expect(await member.getByRole('button', { name: `Διαγραφή της επαφής ${lead}` }).count()).toBe(
      0,
    );
    await expectAccessible(member, 'a member’s contacts (360 px)');
  } finally {
    await context.close();
  }
});
