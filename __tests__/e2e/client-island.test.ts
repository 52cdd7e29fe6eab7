// The visitor's two actions in real Chromium against the production build on the emulator:
// leaving their details (read back with firebase-admin) and saving the card as a vCard.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { adminDb } from '@/server/firebase/admin-app';
import { DEMO_PROFILES_FILE, ROOT } from '@/tools/lib/paths';
import { loadProfilesFile } from '@/tools/lib/seed';
import { baseUrl, watchProblems, browserForThisFile } from '../helpers/browser';
import { untilAtRest } from '../helpers/at-rest';
import { tapExchange } from '../helpers/exchange';
import { get } from '../helpers/http';
import { visitorFields } from '../helpers/visitor-fields';

const maria = loadProfilesFile(DEMO_PROFILES_FILE).find((p) => p.username === 'maria')!;
const browser = browserForThisFile();

async function openCard(username: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser().newPage({
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  const problems = watchProblems(page);
  await page.goto(`${baseUrl()}/${username}`, { waitUntil: 'networkidle' });
  return { page, problems };
}

async function openSheet(page: Page) {
  await tapExchange(page);
  const dialog = page.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
  await dialog.waitFor();
  return dialog;
}

test('a visitor leaves their details: one document, exactly the fields, a server timestamp', async () => {
  const contacts = adminDb().collection('users/maria/contacts');
  const { page, problems } = await openCard('maria');
  const dialog = await openSheet(page);
  const stamp = `${Date.now()}`;
  await dialog.getByLabel('Όνομα').fill(`  Γιώργος ${stamp} `);
  await dialog.getByLabel('Email').fill('giorgos@example.gr');
  await dialog.getByLabel('Τηλέφωνο').fill('+30 697 123 4567');
  await untilAtRest(dialog); // the open animation over, for the picture only
  await page.screenshot({
    path: path.join(ROOT, 'artifacts', 'screenshots', 'maria-sheet-390x844.png'),
  });
  const before = Date.now();
  await dialog.getByRole('button', { name: 'Αποστολή' }).dblclick();
  await page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' }).waitFor();
  await dialog.waitFor({ state: 'hidden' });

  const written = (await contacts.where('name', '==', `Γιώργος ${stamp}`).get()).docs;
  expect(written).toHaveLength(1);
  const data = written[0].data();
  expect(visitorFields(data)).toEqual(['createdAt', 'email', 'name', 'phone']);
  expect(data).toMatchObject({
    name: `Γιώργος ${stamp}`,
    email: 'giorgos@example.gr',
    phone: '+30 697 123 4567',
  });
  expect(data.createdAt).toBeInstanceOf(Timestamp);
  expect(Math.abs((data.createdAt as Timestamp).toMillis() - before)).toBeLessThan(60_000);
  expect(problems).toEqual([]);
  await page.close();
});

test('without a phone, the document has no phone key', async () => {
  const { page } = await openCard('maria');
  const dialog = await openSheet(page);
  const name = `Χωρίς τηλέφωνο ${Date.now()}`;
  await dialog.getByLabel('Όνομα').fill(name);
  await dialog.getByLabel('Email').fill('nophone@example.gr');
  await dialog.getByRole('button', { name: 'Αποστολή' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const docs = (await adminDb().collection('users/maria/contacts').where('name', '==', name).get())
    .docs;
  expect(docs.map((d) => visitorFields(d.data()))).toEqual([['createdAt', 'email', 'name']]);
  await page.close();
});

test('an invalid form shows its messages and writes nothing', async () => {
  // Other files leave contacts on Maria's card meanwhile: only this form's address is counted.
  const typed = `wrong-${Date.now()}@`;
  const count = async () =>
    (
      await adminDb().collection('users/maria/contacts').where('email', '==', typed).count().get()
    ).data().count;
  const { page } = await openCard('maria');
  const dialog = await openSheet(page);
  await dialog.getByLabel('Email').fill(typed);
  await expect(dialog.getByText('Συμπληρώστε σωστό email').count()).resolves.toBe(0);
  await dialog.getByRole('button', { name: 'Αποστολή' }).click();
  await dialog.getByText('Υποχρεωτικό πεδίο').waitFor();
  await dialog.getByText('Συμπληρώστε σωστό email').waitFor();
  expect(await dialog.getByLabel('Όνομα').getAttribute('aria-invalid')).toBe('true');
  const border = await dialog
    .getByLabel('Όνομα')
    .evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(border).toBe('rgb(176, 0, 32)');
  expect(await count()).toBe(0);
  await page.close();
});

test('a write the rules refuse keeps what was typed and says so in Greek', async () => {
  // Maria's card under a name of its own, which only this test opens and takes away.
  const username = `maria-refused-${Date.now()}`;
  const card = { ...(await adminDb().doc('users/maria').get()).data(), username };
  await adminDb().doc(`users/${username}`).set(card);
  const { page } = await openCard(username);
  // The profile disappears while the sheet is open: the rules then deny the create.
  const dialog = await openSheet(page);
  await adminDb().doc(`users/${username}`).delete();
  try {
    await dialog.getByLabel('Όνομα').fill('Άννα');
    await dialog.getByLabel('Email').fill('anna@example.gr');
    await dialog.getByRole('button', { name: 'Αποστολή' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Η αποστολή απέτυχε. Δοκιμάστε ξανά.' })
      .waitFor();
    expect(await dialog.getByLabel('Όνομα').inputValue()).toBe('Άννα');
    expect(await dialog.getByLabel('Email').inputValue()).toBe('anna@example.gr');
  } finally {
    await adminDb().doc(`users/${username}`).set(card);
  }
  // A retry works once the profile is back.
  await dialog.getByRole('button', { name: 'Αποστολή' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.close();
});

test('Save contact downloads {firstName}.vcf holding the card', async () => {
  const { page, problems } = await openCard('maria');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Αποθήκευση Επαφής' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Μαρία.vcf');
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain('FN:Μαρία Παπαδοπούλου\r\n');
  expect(text).toContain('TEL;TYPE=WORK,VOICE:+306912345678\r\n');
  expect(problems).toEqual([]);
  await page.close();
});

test('the vCard route: headers, and a card an independent parser reads back', async () => {
  const res = await get('/maria/vcard');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="contact.vcf"; filename*=UTF-8''${encodeURIComponent('Μαρία.vcf')}`,
  );
  const card = new ICAL.Component(ICAL.parse(res.body) as unknown as unknown[]);
  const value = (name: string) => card.getFirstPropertyValue(name);
  expect(value('version')).toBe('3.0');
  expect(value('fn')).toBe('Μαρία Παπαδοπούλου');
  expect(value('n')).toEqual(['Παπαδοπούλου', 'Μαρία', '', '', '']);
  expect(value('title')).toBe(maria.jobTitle);
  expect(value('email')).toBe(maria.email);
  expect(value('tel')).toBe('+306912345678');
  expect(value('url')).toBe('https://www.example.gr/');
  const photo = String(value('photo')).replace(/\s/g, '');
  expect(photo).toBe(String(maria.thumbnailBase64).replace(/^data:[^,]*,/, ''));
  expect(Buffer.from(photo, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

  // The data: prefixed thumbnail of another profile is stripped too.
  const eleni = await get('/eleni/vcard');
  expect(eleni.body).toMatch(/PHOTO;ENCODING=b;TYPE=JPEG:\/9j\//);
  expect(eleni.body).not.toContain('data:image');
  expect((await get('/nobody-here/vcard')).status).toBe(404);
});

test('a card with only a last name: the page saves it under the same name the route serves', async () => {
  const username = 'onlylast';
  await adminDb().doc(`users/${username}`).set({ lastName: 'Ζαχαρίου', jobTitle: 'Λογίστρια' });
  try {
    const { page, problems } = await openCard(username);
    const link = page.getByRole('link', { name: 'Αποθήκευση Επαφής' });
    expect(await link.getAttribute('download')).toBe('Ζαχαρίου.vcf');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Ζαχαρίου.vcf');
    const route = await get(`/${username}/vcard`);
    expect(route.headers.get('content-disposition')).toBe(
      `attachment; filename="contact.vcf"; filename*=UTF-8''${encodeURIComponent('Ζαχαρίου.vcf')}`,
    );
    expect(problems).toEqual([]);
    await page.close();
  } finally {
    await adminDb().doc(`users/${username}`).delete();
  }
});
