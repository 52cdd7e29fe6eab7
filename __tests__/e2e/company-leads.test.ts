// The company's leads in real Chromium, at 360 and 1366 px, against the production build and the
// run's emulators: the admin's search, member filter and date range narrow the list, a lead's
// status, note and tags are set beside it and filtered by, and the admin's choice of alert is
// saved; a visitor's sheet on a member card says that the company receives the details. axe on
// each.
import { Timestamp } from 'firebase-admin/firestore';
import type { BrowserContext, Page } from 'playwright-core';
import { COMPANY_FIELD, JOINED_FIELD } from '@/lib/collections';
import { LEAD_ALERT_FIELD } from '@/lib/lead-alert';
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { baseUrl, browserForThisFile, expectAccessible } from '../helpers/browser';
import { tapExchange } from '../helpers/exchange';
import { companyDocument } from '../helpers/company-docs';
import { eventually } from '../helpers/eventually';
import { expectInView } from '../helpers/in-view';
import { makeOwner, section, signIn, type Owner } from '../helpers/owner';

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1366, height: 900 };
const STAMP = Date.now().toString(36);
const COMPANY = `Studio Φως ${STAMP}`;
const SOFIA = `sofia-${STAMP}`;
const HOUR = 60 * 60 * 1000;
const browser = browserForThisFile();

let admin: Owner;
let context: BrowserContext;
let page: Page;
const companyId = `studio-${STAMP}`;

const ago = (ms: number) => Timestamp.fromMillis(Date.now() - ms);

beforeAll(async () => {
  admin = await makeOwner(`maria-${STAMP}`, { firstName: 'Μαρία', lastName: 'Φωτίου' }, STAMP);
  await adminAuth().updateUser(admin.uid, { emailVerified: true });
  const db = adminDb();
  const joined = { [COMPANY_FIELD]: companyId, [JOINED_FIELD]: ago(240 * HOUR) };
  const member = (uid: string, username: string, firstName: string, role: string) =>
    db.doc(`companies/${companyId}/members/${uid}`).set({
      username,
      firstName,
      lastName: 'Φωτίου',
      email: `${username}@karta.test`,
      role,
      status: 'active',
      joinedAt: joined[JOINED_FIELD],
    });
  await db.doc(`companies/${companyId}`).set(
    companyDocument({
      name: COMPANY,
      template: {},
      admins: [admin.uid],
      memberUids: [admin.uid, `uid-${SOFIA}`],
    }),
  );
  await Promise.all([
    member(admin.uid, admin.username, 'Μαρία', 'admin'),
    member(`uid-${SOFIA}`, SOFIA, 'Σοφία', 'member'),
    db.doc(`users/${admin.username}`).update(joined),
    db.doc(`users/${SOFIA}`).set({
      username: SOFIA,
      firstName: 'Σοφία',
      lastName: 'Φωτίου',
      ownerUid: `uid-${SOFIA}`,
      ...joined,
    }),
  ]);
  const lead = (username: string, name: string, email: string, at: Timestamp, phone?: string) =>
    db
      .collection(`users/${username}/contacts`)
      .add({ name, email, ...(phone ? { phone } : {}), createdAt: at });
  await Promise.all([
    lead(admin.username, 'Γιώργος Άλφα', 'giorgos@example.gr', ago(48 * HOUR)),
    lead(SOFIA, 'Ελένη Βήτα', 'eleni@firma.gr', ago(HOUR / 2), '210 555 0101'),
    lead(SOFIA, 'Anna Gamma', 'anna@example.de', ago(72 * HOUR)),
  ]);
  context = await browser().newContext({ viewport: PHONE });
  page = await signIn(context, admin);
});

afterAll(async () => {
  await context?.close();
});

const leads = (p: Page) =>
  p.getByRole('list', { name: 'Επαφές των μελών, οι νεότερες πρώτα' }).getByRole('listitem');

/** The company's leads screen, as its admin. */
async function openLeads(p: Page) {
  await section(p, 'Εταιρεία');
  await p
    .getByRole('navigation', { name: 'Ενότητες εταιρείας' })
    .getByRole('button', { name: 'Επαφές μελών' })
    .click();
}

/** Until the list shows exactly `names`, in order. */
async function expectLeads(p: Page, names: string[]) {
  await eventually(
    async () =>
      JSON.stringify(await leads(p).locator('strong').allTextContents()) === JSON.stringify(names),
    { what: `the leads ${names.join(', ')}` },
  );
}

test('at 360 px the filter narrows the leads by words, member and days, and the alert is saved', async () => {
  await openLeads(page);
  await expectLeads(page, ['Ελένη Βήτα', 'Γιώργος Άλφα', 'Anna Gamma']);
  await page.getByText('3 επαφές', { exact: true }).waitFor();
  await expectAccessible(page, 'company leads (360 px)');

  const search = page.getByLabel('Αναζήτηση σε όνομα, email, τηλέφωνο');
  await search.fill('ΕΛΕΝΗ');
  await expectLeads(page, ['Ελένη Βήτα']);
  await page.getByText('Εμφανίζονται 1 από 3 επαφές').waitFor();
  await search.fill('example');
  await expectLeads(page, ['Γιώργος Άλφα', 'Anna Gamma']);
  await search.fill('');
  await page.getByLabel('Μέλος').selectOption(SOFIA);
  await expectLeads(page, ['Ελένη Βήτα', 'Anna Gamma']);
  const yesterday = new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);
  await page.getByLabel('Από (ημερομηνία)').fill(yesterday);
  await expectLeads(page, ['Ελένη Βήτα']);
  await search.fill('γιώργος');
  await page.getByText('Καμία επαφή με αυτά τα κριτήρια.').waitFor();
  await expectAccessible(page, 'company leads, nothing found (360 px)');
  await page.getByRole('button', { name: 'Καθαρισμός φίλτρων' }).click();
  await expectLeads(page, ['Ελένη Βήτα', 'Γιώργος Άλφα', 'Anna Gamma']);

  const each = page.getByLabel('Ένα email για κάθε νέα επαφή');
  await each.check();
  await page.getByText('Αποθηκεύτηκε.').waitFor();
  await eventually(
    async () =>
      (await adminDb().doc(`companies/${companyId}/members/${admin.uid}`).get()).get(
        LEAD_ALERT_FIELD,
      ) === 'each',
    { what: 'the alert saved' },
  );

  // A lead's status: saved from its own select, the result beside it, then a filter by it.
  const eleni = leads(page).filter({ hasText: 'Ελένη Βήτα' });
  await page.getByLabel('Κατάσταση της επαφής Ελένη Βήτα').selectOption('contacted');
  const saved = eleni.getByText('Αποθηκεύτηκε.');
  await saved.waitFor();
  await expectInView(page, saved);
  /** Eleni's lead as stored. */
  const storedEleni = async () =>
    (
      await adminDb().collection(`users/${SOFIA}/contacts`).where('name', '==', 'Ελένη Βήτα').get()
    ).docs[0]?.data();
  await eventually(async () => (await storedEleni())?.status === 'contacted', {
    what: 'the status saved',
  });
  const byStatus = page.getByLabel('Κατάσταση', { exact: true });
  await byStatus.selectOption('contacted');
  await expectLeads(page, ['Ελένη Βήτα']);
  await byStatus.selectOption('new');
  await expectLeads(page, ['Γιώργος Άλφα', 'Anna Gamma']);
  await expectAccessible(page, 'company leads by status (360 px)');
  await page.getByRole('button', { name: 'Καθαρισμός φίλτρων' }).click();
  await expectLeads(page, ['Ελένη Βήτα', 'Γιώργος Άλφα', 'Anna Gamma']);

  // A private note and tags, saved from the lead's own form, then a filter by tag.
  await eleni.locator('summary').click();
  await eleni.getByLabel('Ιδιωτική σημείωση').fill('Ζήτησε κατάλογο');
  await eleni.getByLabel('Ετικέτες', { exact: true }).fill('Έκθεση 2026, χονδρική');
  await eleni.getByRole('button', { name: /^Αποθήκευση σημείωσης/ }).click();
  await eleni.getByText('Η σημείωση και οι ετικέτες αποθηκεύτηκαν.').waitFor();
  await eventually(
    async () => {
      const data = await storedEleni();
      return (
        data?.note === 'Ζήτησε κατάλογο' &&
        JSON.stringify(data.tags) === JSON.stringify(['Έκθεση 2026', 'χονδρική'])
      );
    },
    { what: 'the note and tags saved' },
  );
  const byTag = page.getByLabel('Ετικέτα', { exact: true });
  await eventually(async () => (await byTag.locator('option').count()) === 3, {
    what: 'the tags offered',
  });
  await byTag.selectOption('χονδρική');
  await expectLeads(page, ['Ελένη Βήτα']);
  await expectAccessible(page, 'company leads by tag (360 px)');
  await page.getByRole('button', { name: 'Καθαρισμός φίλτρων' }).click();
  await expectLeads(page, ['Ελένη Βήτα', 'Γιώργος Άλφα', 'Anna Gamma']);
});

test('at 1366 px: a phone number however spaced, and the saved alert shown', async () => {
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await openLeads(page);
  await expectLeads(page, ['Ελένη Βήτα', 'Γιώργος Άλφα', 'Anna Gamma']);
  // The setting is read apart from the leads: it may show a moment after them.
  await eventually(async () => page.getByLabel('Ένα email για κάθε νέα επαφή').isChecked(), {
    what: 'the saved alert shown after a reload',
  });
  await eventually(
    async () =>
      (await page.getByLabel('Κατάσταση της επαφής Ελένη Βήτα').inputValue()) === 'contacted',
    { what: 'the saved status shown after a reload' },
  );
  await leads(page)
    .filter({ hasText: 'Ελένη Βήτα' })
    .getByRole('list', { name: 'Ετικέτες της επαφής Ελένη Βήτα' })
    .getByText('Έκθεση 2026', { exact: true })
    .waitFor();
  await page.getByLabel('Αναζήτηση σε όνομα, email, τηλέφωνο').fill('2105550101');
  await expectLeads(page, ['Ελένη Βήτα']);
  await expectAccessible(page, 'company leads (1366 px)');
});

for (const [width, viewport] of [
  [360, PHONE],
  [1366, DESKTOP],
] as const) {
  test(`at ${width} px the sheet on a member card says the company receives the details`, async () => {
    const visitor = await browser().newContext({ viewport });
    try {
      const card = await visitor.newPage();
      await card.goto(`${baseUrl()}/${SOFIA}`);
      await tapExchange(card);
      const dialog = card.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Σοφία' });
      await dialog
        .getByText(`Τα στοιχεία σας πηγαίνουν στον/στην Σοφία και στην εταιρεία «${COMPANY}».`)
        .waitFor();
      expect(await dialog.textContent()).not.toContain('μόνο');
      await expectAccessible(card, `member card's sheet (${width} px)`);
    } finally {
      await visitor.close();
    }
  });
}
