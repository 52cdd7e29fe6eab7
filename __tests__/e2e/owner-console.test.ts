// The owner console (/account) in real Chromium against the production build, on the run's
// Firestore and Auth emulators: signing in, contacts arriving live from a visitor in another
// browser, the exports read back by independent parsers, an edit reaching the public card, the QR
// decoded, the rules seen from a second owner's browser, claiming, erasure, and axe on every
// screen at 390 px.
//
// The cards here are this file's own (created below), so other test files' cards stay untouched.
import { readFileSync } from 'node:fs';
import { Timestamp } from 'firebase-admin/firestore';
import ICAL from 'ical.js';
import jsQR from 'jsqr';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import sharp from 'sharp';
import { adminDb } from '@/server/firebase/admin-app';
import { CONTACTS_PAGE } from '@/browser/owner/contacts';
import { CLAIMED_FIELD, ERASURES_COLLECTION, OWNER_FIELD } from '@/lib/collections';
import { LEAD_NOTE_MAX, LEAD_NOTE_TOO_LONG } from '@/lib/lead-workflow';
import { CARD_MESSAGES } from '@/lib/profile';
import { USERNAME_MESSAGES } from '@/lib/username';
import { baseUrl, expectAccessible, watchProblems } from '../helpers/browser';
import { tapExchange } from '../helpers/exchange';
import { get } from '../helpers/http';
import {
  queryStatus,
  restSignInStatus,
  section,
  signIn,
  verifyByLink,
  type Owner,
} from '../helpers/owner';
import { realProblems, watchErrorResponses } from '../helpers/page-problems';
import { eventually } from '../helpers/eventually';
import { ownerFile } from '../helpers/owner-file';
import { PHONE_VIEWPORT } from '../helpers/viewports';

const { browser, stamp: STAMP, makeOwner } = ownerFile();

const secret = () => process.env.REVALIDATE_SECRET as string;

let ektor: Owner;
let fotini: Owner;

beforeAll(async () => {
  ektor = await makeOwner('ektor-e2e', {
    firstName: 'Έκτορας',
    lastName: 'Αλεξίου',
    jobTitle: 'Δικηγόρος',
    websiteLink: 'https://ektor.example.gr/',
  });
  fotini = await makeOwner('fotini-e2e', { firstName: 'Φωτεινή', lastName: 'Ραφαηλίδου' });
  // An older contact, from the day before.
  await adminDb()
    .collection(`users/${ektor.username}/contacts`)
    .add({
      name: 'Παλιά Επαφή',
      email: 'palia@example.gr',
      phone: '+30 210 123 4567',
      createdAt: Timestamp.fromMillis(Date.now() - 86_400_000),
    });
});

function revalidate(username: string) {
  return fetch(`${baseUrl()}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret()}` },
    body: JSON.stringify({ username }),
  });
}

async function untilStatus(pathname: string, status: number): Promise<void> {
  await eventually(async () => (await get(pathname)).status === status, {
    what: `${pathname} answering ${status}`,
  });
}

async function newContext(b: Browser = browser()): Promise<BrowserContext> {
  return b.newContext({
    viewport: PHONE_VIEWPORT,
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}

/** Waits for the contacts' summary to read `text` (the counts come from Firestore a moment later). */
function summaryReads(page: Page, text: string): Promise<void> {
  return page
    .getByTestId('contacts-summary')
    .and(page.getByText(text, { exact: true }))
    .waitFor();
}

async function downloaded(page: Page, button: string): Promise<Buffer> {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return readFileSync((await download.path()) as string);
}

async function decodeQr(image: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#fff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

const contactList = (page: Page) => page.getByRole('list', { name: 'Επαφές, οι νεότερες πρώτα' });

describe('an owner', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    context = await newContext();
    page = await signIn(context, ektor);
    problems = watchProblems(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  test('sees the contacts received, with links and the count since the last visit', async () => {
    await contactList(page).getByText('Παλιά Επαφή', { exact: true }).waitFor();
    await summaryReads(page, '1 επαφή · πρώτη σας επίσκεψη');
    const item = contactList(page).getByRole('listitem');
    expect(await item.getByRole('link', { name: 'palia@example.gr' }).getAttribute('href')).toBe(
      'mailto:palia@example.gr',
    );
    expect(await item.getByRole('link', { name: '+30 210 123 4567' }).getAttribute('href')).toBe(
      'tel:+302101234567',
    );
    // The next visit counts from this one.
    await page.reload();
    await contactList(page).getByText('Παλιά Επαφή', { exact: true }).waitFor();
    await summaryReads(page, '1 επαφή · 0 νέες από την τελευταία σας επίσκεψη');
  });

  test('a visitor in another browser leaves a contact: it appears live, newest first', async () => {
    const visitorContext = await browser().newContext({ viewport: PHONE_VIEWPORT });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`${baseUrl()}/${ektor.username}`, { waitUntil: 'networkidle' });
      await tapExchange(visitor);
      const dialog = visitor.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Έκτορας' });
      await dialog.waitFor();
      await dialog.getByLabel('Όνομα').fill('Ζωή Ξανθοπούλου');
      await dialog.getByLabel('Email').fill('zoi@example.gr');
      await dialog.getByLabel('Τηλέφωνο').fill('+30 697 000 1111');
      const sent = Date.now();
      await dialog.getByRole('button', { name: 'Αποστολή' }).click();
      await visitor.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' }).waitFor();

      // No reload: the owner's open list follows Firestore.
      await contactList(page).getByText('Ζωή Ξανθοπούλου', { exact: true }).waitFor();
      console.log(`owner console: a visitor's contact listed ${Date.now() - sent} ms after send`);
      const names = await contactList(page).locator('strong').allTextContents();
      expect(names).toEqual(['Ζωή Ξανθοπούλου', 'Παλιά Επαφή']);
      await summaryReads(page, '2 επαφές · 1 νέα από την τελευταία σας επίσκεψη');
      await expectAccessible(page, 'contacts');
    } finally {
      await visitorContext.close();
    }
  });

  test('exports the contacts as a CSV a parser reads back with the Greek intact', async () => {
    const file = await downloaded(page, 'Λήψη CSV');
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const parsed = Papa.parse<Record<string, string>>(file.toString('utf8').slice(1), {
      header: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((row) => [row['Όνομα'], row['Email']])).toEqual([
      ['Ζωή Ξανθοπούλου', 'zoi@example.gr'],
      ['Παλιά Επαφή', 'palia@example.gr'],
    ]);
    expect(parsed.data[0]['Ημερομηνία']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  test('exports them as one .vcf an independent parser reads', async () => {
    const file = (await downloaded(page, 'Λήψη όλων (.vcf)')).toString('utf8');
    const cards = (ICAL.parse(file) as unknown[]).map((j) => new ICAL.Component(j as never));
    expect(cards.map((c) => c.getFirstPropertyValue('fn'))).toEqual([
      'Ζωή Ξανθοπούλου',
      'Παλιά Επαφή',
    ]);
    expect(cards[0].getFirstPropertyValue('email')).toBe('zoi@example.gr');
    expect(cards[0].getFirstPropertyValue('tel')).toBe('+30 697 000 1111');
  });

  test('keeps a private note and tags on a lead, filters by tag and status; the CSV carries them', async () => {
    const zoi = contactList(page).getByRole('listitem').filter({ hasText: 'Ζωή Ξανθοπούλου' });
    const stored = async () =>
      (
        await adminDb()
          .collection(`users/${ektor.username}/contacts`)
          .where('name', '==', 'Ζωή Ξανθοπούλου')
          .get()
      ).docs[0]?.data();
    await zoi.locator('summary').click();
    await zoi.getByLabel('Ιδιωτική σημείωση').fill('Θέλει προσφορά\nως την Παρασκευή');
    await zoi.getByLabel('Ετικέτες', { exact: true }).fill('Έκθεση, vip, VIP');
    await expectAccessible(page, 'contacts, a lead’s note and tags open');
    await zoi
      .getByRole('button', { name: 'Αποθήκευση σημείωσης και ετικετών της επαφής Ζωή Ξανθοπούλου' })
      .click();
    await zoi.getByText('Η σημείωση και οι ετικέτες αποθηκεύτηκαν.').waitFor();
    await eventually(
      async () => {
        const data = await stored();
        return (
          data?.note === 'Θέλει προσφορά\nως την Παρασκευή' &&
          JSON.stringify(data.tags) === JSON.stringify(['Έκθεση', 'vip'])
        );
      },
      { what: 'the note and tags saved' },
    );
    const tags = zoi.getByRole('list', { name: 'Ετικέτες της επαφής Ζωή Ξανθοπούλου' });
    await eventually(
      async () =>
        JSON.stringify(await tags.getByRole('listitem').allTextContents()) ===
        JSON.stringify(['Έκθεση', 'vip']),
      { what: 'the tags shown' },
    );

    // A note over the limit is refused in the form, naming the field, and nothing is sent.
    await zoi.locator('summary').click();
    const note = zoi.getByLabel('Ιδιωτική σημείωση');
    await note.fill('α'.repeat(LEAD_NOTE_MAX + 1));
    await zoi.getByRole('button', { name: /^Αποθήκευση σημείωσης/ }).click();
    await zoi.getByText(LEAD_NOTE_TOO_LONG).waitFor();
    expect(await note.getAttribute('aria-invalid')).toBe('true');
    expect((await stored())?.note).toBe('Θέλει προσφορά\nως την Παρασκευή');
    await zoi.locator('summary').click();

    await page.getByLabel('Κατάσταση της επαφής Ζωή Ξανθοπούλου').selectOption('won');
    await zoi.getByText('Αποθηκεύτηκε.').waitFor();
    const names = () => contactList(page).locator('strong').allTextContents();
    const expectNames = (expected: string[]) =>
      eventually(async () => JSON.stringify(await names()) === JSON.stringify(expected), {
        what: `the contacts ${expected.join(', ')}`,
      });
    await page.getByLabel('Ετικέτα', { exact: true }).selectOption('Έκθεση');
    await expectNames(['Ζωή Ξανθοπούλου']);
    await page.getByLabel('Κατάσταση', { exact: true }).selectOption('new');
    await page.getByText('Καμία επαφή με αυτά τα κριτήρια.').waitFor();
    await expectAccessible(page, 'contacts filtered to none');
    await page.getByRole('button', { name: 'Καθαρισμός φίλτρων' }).click();
    await expectNames(['Ζωή Ξανθοπούλου', 'Παλιά Επαφή']);

    const file = await downloaded(page, 'Λήψη CSV');
    const parsed = Papa.parse<Record<string, string>>(file.toString('utf8').slice(1), {
      header: true,
    });
    expect(
      parsed.data.map((row) => [row['Όνομα'], row['Κατάσταση'], row['Σημείωση'], row['Ετικέτες']]),
    ).toEqual([
      ['Ζωή Ξανθοπούλου', 'Κερδισμένη', 'Θέλει προσφορά\nως την Παρασκευή', 'Έκθεση, vip'],
      ['Παλιά Επαφή', 'Νέα', '', ''],
    ]);
  });

  test('deletes one contact', async () => {
    const item = contactList(page).getByRole('listitem').filter({ hasText: 'Παλιά Επαφή' });
    await item.getByRole('button', { name: 'Διαγραφή της επαφής Παλιά Επαφή' }).click();
    // Shown once Firestore has confirmed the deletion.
    await page.getByText('Η επαφή Παλιά Επαφή διαγράφηκε.').waitFor();
    await item.waitFor({ state: 'detached' });
    const left = await adminDb().collection(`users/${ektor.username}/contacts`).get();
    expect(left.docs.map((d) => d.get('name'))).toEqual(['Ζωή Ξανθοπούλου']);
  });

  test('a wrong value is refused with the rules’ Greek message, and nothing is saved', async () => {
    await section(page, 'Επεξεργασία');
    const website = page.getByLabel('Ιστότοπος');
    await website.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    await page.getByText(CARD_MESSAGES.link).waitFor();
    expect(await website.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'edit (with an error)');
    expect((await adminDb().doc(`users/${ektor.username}`).get()).get('websiteLink')).toBe(
      'https://ektor.example.gr/',
    );
    await website.fill('https://ektor.example.gr/');
  });

  test('edits the job title and the photo: the console says when the public card shows them', async () => {
    // The run's daemon (as `npm run demo`'s) revalidates the card once the console's write lands.
    expect((await get(`/${ektor.username}`)).body).toContain('Δικηγόρος');
    const title = `Συνήγορος ${STAMP}`;
    await page.getByLabel('Ιδιότητα ή θέση', { exact: true }).fill(title);
    // A large picked image, made small in the browser.
    const picked = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#3366aa' },
    })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Επιλογή φωτογραφίας').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: picked,
    });
    await page.getByRole('img', { name: 'Η φωτογραφία της κάρτας σας' }).waitFor();
    await page.getByRole('button', { name: 'Αποθήκευση' }).click();
    const status = page.getByTestId('save-status');
    await status.getByText(/Η αλλαγή φαίνεται στην κάρτα σας/).waitFor();
    console.log(`owner console: ${await status.textContent()}`);

    expect((await get(`/${ektor.username}`)).body).toContain(title);
    const stored = await adminDb().doc(`users/${ektor.username}`).get();
    const thumbnail = Buffer.from(stored.get('thumbnailBase64') as string, 'base64');
    expect(await sharp(thumbnail).metadata()).toMatchObject({
      format: 'jpeg',
      width: 192,
      height: 192,
    });
    console.log(`owner console: a 1600×1200 photo stored as ${thumbnail.length} bytes`);
    const vcard = await eventually(
      async () => {
        const body = (await get(`/${ektor.username}/vcard`)).body;
        return body.includes('PHOTO;ENCODING=b;TYPE=JPEG:') && body;
      },
      { what: 'the photo in the vCard' },
    );
    expect(vcard).toContain(`TITLE:${title}`);
    expect(vcard).toContain('PHOTO;ENCODING=b;TYPE=JPEG:');
    await expectAccessible(page, 'edit (saved)');
  });

  test('shares the card: its URL to copy, a QR code that decodes to it as SVG and PNG', async () => {
    await section(page, 'Κοινοποίηση');
    const url = `${baseUrl()}/${ektor.username}`;
    expect(await page.getByLabel('Η διεύθυνση της κάρτας σας').inputValue()).toBe(url);
    await page.getByRole('button', { name: 'Αντιγραφή διεύθυνσης' }).click();
    await page.getByText('Η διεύθυνση αντιγράφηκε.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.getByRole('img', { name: `Κωδικός QR της κάρτας σας: ${url}` }).waitFor();

    const png = await downloaded(page, 'Λήψη QR (PNG)');
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1024 });
    expect(await decodeQr(png)).toBe(`${url}?src=qr`);
    const svg = await downloaded(page, 'Λήψη QR (SVG)');
    expect(await decodeQr(await sharp(svg, { density: 300 }).png().toBuffer())).toBe(
      `${url}?src=qr`,
    );
    // The same code the card page serves.
    expect(svg.toString('utf8')).toBe((await get(`/${ektor.username}/qr.svg`)).body);
    await expectAccessible(page, 'share');
  });

  test('the account screen and the erasure confirmation are accessible', async () => {
    await section(page, 'Λογαριασμός');
    await page.getByText(`Έχετε συνδεθεί ως ${ektor.email}.`).waitFor();
    await expectAccessible(page, 'account');
    await page.getByRole('button', { name: 'Διαγραφή της κάρτας και των δεδομένων μου' }).click();
    const erase = page.getByRole('button', { name: 'Οριστική διαγραφή' });
    expect(await erase.isDisabled()).toBe(true);
    await expectAccessible(page, 'account (erasure confirmation)');
    await page.getByRole('button', { name: 'Άκυρο' }).click();
  });

  test('signs out', async () => {
    await page.getByRole('button', { name: 'Αποσύνδεση' }).click();
    await page.getByRole('heading', { name: 'Σύνδεση στην karta' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Σύνδεση στην karta' }).waitFor();
    expect(realProblems(problems)).toEqual([]);
  });
});

test('the console lists the newest contacts a page at a time; counts and exports cover them all', async () => {
  const many = await makeOwner(`pavlos-${STAMP}`, { firstName: 'Παύλος' });
  const total = CONTACTS_PAGE + 3;
  const batch = adminDb().batch();
  for (let i = 0; i < total; i++) {
    batch.set(adminDb().collection(`users/${many.username}/contacts`).doc(), {
      name: `Επαφή ${String(i).padStart(3, '0')}`,
      email: `c${i}@example.gr`,
      createdAt: Timestamp.fromMillis(Date.now() - (total - i) * 60_000),
    });
  }
  await batch.commit();
  const context = await newContext();
  try {
    const page = await signIn(context, many);
    await summaryReads(page, `${total} επαφές · πρώτη σας επίσκεψη`);
    const names = () => contactList(page).locator('strong').allTextContents();
    expect(await names()).toHaveLength(CONTACTS_PAGE);
    expect((await names())[0]).toBe(`Επαφή ${String(total - 1).padStart(3, '0')}`);
    await page.getByRole('button', { name: 'Περισσότερες επαφές' }).click();
    await contactList(page).getByText('Επαφή 000', { exact: true }).waitFor();
    expect(await names()).toHaveLength(total);
    expect(await page.getByRole('button', { name: 'Περισσότερες επαφές' }).count()).toBe(0);
    const csv = (await downloaded(page, 'Λήψη CSV')).toString('utf8').slice(1);
    expect(Papa.parse(csv, { header: true }).data).toHaveLength(total);
  } finally {
    await context.close();
  }
});

test('a second owner’s browser is denied the first owner’s contacts, but gets its own', async () => {
  const context = await newContext();
  try {
    const page = await signIn(context, fotini);
    // The session the console keeps in this browser: its ID token, as the web SDK stores it.
    // The query the console makes: the card's contacts since its claim (the epoch for these
    // cards, which the test set up by hand).
    const read = (username: string) =>
      queryStatus(page, username, {
        from: [{ collectionId: 'contacts' }],
        where: {
          fieldFilter: {
            field: { fieldPath: 'createdAt' },
            op: 'GREATER_THAN_OR_EQUAL',
            value: { timestampValue: '1970-01-01T00:00:00Z' },
          },
        },
      });
    expect(await read(ektor.username)).toBe(403);
    expect(await read(fotini.username)).toBe(200);
  } finally {
    await context.close();
  }
});

test('a demo owner (created by the set-up, as `npm run demo` does) can sign in', async () => {
  const context = await newContext();
  try {
    await signIn(context, {
      username: 'kostas',
      email: 'kostas@karta.test',
      password: 'karta-kostas',
      uid: '',
    });
  } finally {
    await context.close();
  }
});

/** A contact from a minute before `claimedAt`, as the name's earlier owner would have received. */
function leaveEarlierContact(username: string, claimedAt: Timestamp) {
  return adminDb()
    .collection(`users/${username}/contacts`)
    .add({
      name: 'Προηγούμενη',
      email: 'pr@example.gr',
      createdAt: Timestamp.fromMillis(claimedAt.toMillis() - 60_000),
    });
}

test('sign-up, verified by the e-mail’s link: a taken or reserved username is refused in Greek; a free one becomes a card, which can be erased and claimed again with nothing of the first owner', async () => {
  const context = await newContext();
  const username = `lefteris-${STAMP}`;
  const email = `${username}@karta.test`;
  try {
    const page = await context.newPage();
    const problems = watchProblems(page);
    const responses = watchErrorResponses(page);
    await page.goto(`${baseUrl()}/account`);
    await page.getByRole('heading', { name: 'Σύνδεση στην karta' }).waitFor();
    await expectAccessible(page, 'sign in');
    await page.getByRole('button', { name: 'Δεν έχω λογαριασμό' }).click();
    await page.getByRole('heading', { name: 'Νέος λογαριασμός' }).waitFor();
    await expectAccessible(page, 'sign up');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Κωδικός').fill('secret-password');
    await page.getByRole('button', { name: 'Δημιουργία λογαριασμού' }).click();
    // A card is claimed once the address is verified.
    await verifyByLink(page, email);

    const claim = async (wanted: string) => {
      await page.getByLabel('Όνομα χρήστη').fill(wanted);
      await page.getByLabel('Όνομα', { exact: true }).fill('Λευτέρης');
      await page.getByLabel('Επώνυμο').fill('Κανάκης');
      await page.getByRole('button', { name: 'Δημιουργία κάρτας' }).click();
    };
    await claim(ektor.username);
    await page.getByText(USERNAME_MESSAGES.taken).waitFor();
    await claim('privacy');
    await page.getByText(USERNAME_MESSAGES.reserved).waitFor();
    expect(await page.getByLabel('Όνομα χρήστη').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'claim (with an error)');
    expect((await adminDb().doc(`users/${ektor.username}`).get()).get(OWNER_FIELD)).toBe(ektor.uid);
    expect((await adminDb().doc('users/privacy').get()).exists).toBe(false);

    await claim(username);
    await page.getByRole('heading', { level: 1, name: `Η κάρτα σας: /${username}` }).waitFor();
    const card = await adminDb().doc(`users/${username}`).get();
    expect(card.data()).toMatchObject({ username, firstName: 'Λευτέρης', lastName: 'Κανάκης' });
    const uid = card.get(OWNER_FIELD) as string;
    expect((await adminDb().doc(`owners/${uid}`).get()).data()).toEqual({ username });
    const claimedAt = card.get(CLAIMED_FIELD) as Timestamp;
    expect(claimedAt).toBeInstanceOf(Timestamp);
    await contactList(page)
      .or(page.getByText('Δεν έχετε λάβει ακόμη επαφές.', { exact: false }))
      .waitFor();
    await expectAccessible(page, 'contacts (none yet)');
    await section(page, 'Επεξεργασία');
    await page.getByLabel('Ιδιότητα ή θέση', { exact: true }).waitFor();
    await expectAccessible(page, 'edit');

    // The card is public once revalidated; then it is erased with what it received.
    expect((await revalidate(username)).status).toBe(200);
    await untilStatus(`/${username}`, 200);
    const visitor = await adminDb()
      .collection(`users/${username}/contacts`)
      .add({ name: 'Επισκέπτρια', email: 'ep@example.gr', createdAt: Timestamp.now() });
    // Left for an earlier owner of the name: not this owner's to read or erase.
    await leaveEarlierContact(username, claimedAt);
    await section(page, 'Επαφές');
    await contactList(page).getByText('Επισκέπτρια', { exact: true }).waitFor();
    expect(await page.getByText('Προηγούμενη').count()).toBe(0);
    await section(page, 'Λογαριασμός');
    await page.getByRole('button', { name: 'Διαγραφή της κάρτας και των δεδομένων μου' }).click();
    await page.getByLabel(`Γράψτε «${username}» για επιβεβαίωση`).fill(username);
    await page.getByRole('button', { name: 'Οριστική διαγραφή' }).click();
    await page.getByRole('heading', { name: 'Σύνδεση στην karta' }).waitFor();
    await page.getByText('Η κάρτα σας, οι επαφές της και ο λογαριασμός σας διαγράφηκαν.').waitFor();
    await expectAccessible(page, 'sign in (after erasure)');

    expect((await adminDb().doc(`users/${username}`).get()).exists).toBe(false);
    // What the owner could read is gone at once (the rest is not theirs to delete); the run's
    // daemon then deletes what an earlier owner left, and the erasure's entry once answered.
    const left = await adminDb().collection(`users/${username}/contacts`).get();
    expect(left.docs.map((d) => d.id)).not.toContain(visitor.id);
    await eventually(
      async () => {
        const [contacts, entry] = await Promise.all([
          adminDb().collection(`users/${username}/contacts`).get(),
          adminDb().doc(`${ERASURES_COLLECTION}/${username}`).get(),
        ]);
        return contacts.empty && !entry.exists;
      },
      { what: `the daemon's clean-up after /${username}'s erasure` },
    );
    expect((await adminDb().doc(`owners/${uid}`).get()).exists).toBe(false);
    expect(await restSignInStatus(email, 'secret-password')).toBe(400);

    expect((await revalidate(username)).status).toBe(200);
    await untilStatus(`/${username}`, 404);

    // Someone else claims the freed name: their console shows none of what was left before.
    await page.getByRole('button', { name: 'Δεν έχω λογαριασμό' }).click();
    await page.getByLabel('Email').fill(`again-${email}`);
    await page.getByLabel('Κωδικός').fill('secret-password');
    await page.getByRole('button', { name: 'Δημιουργία λογαριασμού' }).click();
    await verifyByLink(page, `again-${email}`);
    await claim(username);
    await page.getByRole('heading', { level: 1, name: `Η κάρτα σας: /${username}` }).waitFor();
    await page.getByText('Δεν έχετε λάβει ακόμη επαφές.', { exact: false }).waitFor();
    await page.getByText('0 επαφές', { exact: false }).waitFor();
    // A contact from before this claim, as a previous owner's would be, is never shown.
    const reclaimed = (await adminDb().doc(`users/${username}`).get()).get(
      CLAIMED_FIELD,
    ) as Timestamp;
    await leaveEarlierContact(username, reclaimed);
    await adminDb()
      .collection(`users/${username}/contacts`)
      .add({ name: 'Καινούργια', email: 'ka@example.gr', createdAt: Timestamp.now() });
    await contactList(page).getByText('Καινούργια', { exact: true }).waitFor();
    expect(await page.getByText('Προηγούμενη').count()).toBe(0);
    const unexplained = realProblems(problems, responses);
    // A console error does not name its URL; the responses that failed do.
    expect(unexplained.length > 0 ? [...unexplained, ...responses] : []).toEqual([]);
  } finally {
    await context.close();
  }
});
