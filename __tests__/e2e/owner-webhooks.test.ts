// The console's «Webhooks» in Chromium against the production build: the owner registers a
// receiver (a URL the form refuses first, then one it takes), the signing secret is shown once
// with «Αντιγραφή» and never again; «Δοκιμή» queues a webhook.test delivery; the log shows a
// failed delivery (written here as the daemon leaves one) and «Επανάληψη» puts it back to
// pending; deletion asks first, then removes it. A company's admin registers one for the company
// in its own screens. Accessible (axe) with the secret shown and with the log open.
import { Timestamp } from 'firebase-admin/firestore';
import type { BrowserContext, Page } from 'playwright-core';
import {
  COMPANY_FIELD,
  DELIVERIES_COLLECTION,
  JOINED_FIELD,
  WEBHOOK_ENDPOINTS_COLLECTION,
  deliveryPath,
} from '@/lib/collections';
import type { DeliveryDoc } from '@/lib/deliveries';
import { WEBHOOK_MESSAGES } from '@/lib/webhook-input';
import { deliveryKey } from '@/server/deliveries/events';
import { adminDb } from '@/server/firebase/admin-app';
import { browserForThisFile, expectAccessible } from '../helpers/browser';
import { companyDocument } from '../helpers/company-docs';
import { eventually } from '../helpers/eventually';
import { makeOwner, section, signIn, type Owner } from '../helpers/owner';

const STAMP = Date.now().toString(36);
const USERNAME = 'webhooks-e2e';
// Loopback over http: the demo's projects allow it (the port answers nothing: no delivery here
// is expected to succeed).
const RECEIVER = 'http://127.0.0.1:9/hooks/karta';
const browser = browserForThisFile();

let owner: Owner;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  owner = await makeOwner(USERNAME, { firstName: 'Ρένα', lastName: 'Δοκιμή' }, STAMP);
  context = await browser().newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  page = await signIn(context, owner);
  await section(page, 'Λογαριασμός');
  await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
});

afterAll(async () => {
  await context?.close();
  const db = adminDb();
  for (const name of [WEBHOOK_ENDPOINTS_COLLECTION, DELIVERIES_COLLECTION]) {
    const docs = await db.collection(name).where('username', '==', USERNAME).get();
    await Promise.all(docs.docs.map((doc) => doc.ref.delete()));
  }
});

const endpoints = () =>
  adminDb().collection(WEBHOOK_ENDPOINTS_COLLECTION).where('username', '==', USERNAME).get();

let endpointId: string;

test('register: a plain-http address elsewhere is refused in the form; then the secret is shown once', async () => {
  await page.getByLabel('Διεύθυνση παραλήπτη (URL)').fill('http://crm.example.gr/hooks');
  await page.getByRole('button', { name: 'Καταχώριση webhook' }).click();
  await page.getByText(WEBHOOK_MESSAGES.https).waitFor();
  expect((await endpoints()).size).toBe(0);

  await page.getByLabel('Διεύθυνση παραλήπτη (URL)').fill(RECEIVER);
  await page.getByLabel(/Αλλαγή της κάρτας/).check();
  await page.getByRole('button', { name: 'Καταχώριση webhook' }).click();
  const secretField = page.getByLabel('Μυστικό υπογραφής (signing secret)');
  await secretField.waitFor();
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  await expectAccessible(page, 'webhooks (secret shown)');
  await page.getByRole('button', { name: 'Αντιγραφή' }).click();
  await page.getByText('Αντιγράφηκε.').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const stored = (await endpoints()).docs;
  expect(stored).toHaveLength(1);
  endpointId = stored[0].id;
  expect(stored[0].data()).toMatchObject({
    url: RECEIVER,
    events: ['lead.created', 'card.updated'],
  });
  expect(JSON.stringify(stored[0].data())).not.toContain(secret.slice(6));

  await page.getByRole('button', { name: 'Το αντέγραψα' }).click();
  await secretField.waitFor({ state: 'detached' });
  // Read again: the list names it, the secret is gone for good.
  await page.reload();
  await section(page, 'Λογαριασμός');
  const list = page.getByRole('list', { name: 'Καταχωρισμένα webhooks' });
  await list.getByRole('heading', { name: RECEIVER }).waitFor();
  await list.getByText('Κατάσταση: Ενεργό').waitFor();
  expect(await page.getByLabel('Μυστικό υπογραφής (signing secret)').count()).toBe(0);
  expect(await page.content()).not.toContain(secret);
});

test('«Δοκιμή» queues a webhook.test delivery; the log shows a failed one and «Επανάληψη» sends it again', async () => {
  await page.getByRole('button', { name: 'Δοκιμή', exact: true }).click();
  await page.getByText('Το δοκιμαστικό γεγονός (webhook.test) στάλθηκε για αποστολή.').waitFor();
  await eventually(
    async () =>
      (
        await adminDb()
          .collection(DELIVERIES_COLLECTION)
          .where('destination', '==', endpointId)
          .where('type', '==', 'webhook.test')
          .get()
      ).size === 1,
    { what: 'the test delivery' },
  );

  // A delivery the daemon gave up on, as it leaves one.
  const at = Timestamp.fromMillis(Date.now() - 3_600_000);
  const eventId = `msg_e2e${STAMP}`;
  const failed: DeliveryDoc = {
    kind: 'webhook',
    destination: endpointId,
    eventId,
    type: 'lead.created',
    username: USERNAME,
    companyId: null,
    payload: { type: 'lead.created', timestamp: at.toDate().toISOString(), data: {} },
    state: 'failed',
    attempts: 8,
    nextAt: at,
    createdAt: at,
    lastAttemptAt: at,
    lastStatus: 500,
    lastError: 'HTTP 500',
  };
  const key = deliveryKey('webhook', endpointId, eventId);
  await adminDb().doc(deliveryPath(key)).set(failed);

  await page.getByRole('button', { name: 'Παραδόσεις' }).click();
  const log = page.getByRole('region', { name: 'Τελευταίες παραδόσεις' });
  const row = log.getByRole('row').filter({ hasText: 'lead.created' });
  await row.getByText('Απέτυχε').waitFor();
  expect(await row.getByRole('cell').allTextContents()).toEqual(
    expect.arrayContaining(['500', '8', 'Απέτυχε']),
  );
  await log.getByRole('row').filter({ hasText: 'webhook.test' }).waitFor();
  await expectAccessible(page, 'webhooks (log open)');

  await row.getByRole('button', { name: /^Επανάληψη/ }).click();
  await page.getByText('Η παράδοση θα σταλεί ξανά.').waitFor();
  const again = await adminDb().doc(deliveryPath(key)).get();
  expect(again.get('eventId')).toBe(eventId);
  // Pending again with its attempts counted afresh (the daemon, if it tried meanwhile, counts on).
  expect(['pending', 'failed', 'delivered']).toContain(again.get('state'));
  expect(again.get('attempts')).toBeLessThan(8);
});

test('deletion asks first, then the endpoint and its log are gone', async () => {
  const item = page.getByRole('list', { name: 'Καταχωρισμένα webhooks' }).getByRole('listitem');
  await item.getByRole('button', { name: 'Διαγραφή', exact: true }).click();
  await page.getByText(`Το webhook ${RECEIVER} διαγράφεται`).waitFor();
  await item.getByRole('button', { name: 'Οριστική διαγραφή' }).click();
  await page.getByText('Δεν έχετε καταχωρίσει webhook.').waitFor();
  expect((await endpoints()).size).toBe(0);
  await eventually(
    async () =>
      (
        await adminDb()
          .collection(DELIVERIES_COLLECTION)
          .where('destination', '==', endpointId)
          .get()
      ).empty,
    { what: 'the log deleted with it' },
  );
});

test('a company’s admin registers one under «Εταιρεία» → «Webhooks», for every member card', async () => {
  const COMPANY = `webhooks-e2e-${STAMP}`;
  const admin = await makeOwner(
    'webhooks-admin-e2e',
    { firstName: 'Άρης', lastName: 'Δοκιμή' },
    STAMP,
  );
  const db = adminDb();
  await db.doc(`companies/${COMPANY}`).set(
    companyDocument({
      name: 'Studio Webhooks',
      template: {},
      admins: [admin.uid],
      memberUids: [admin.uid],
    }),
  );
  await db.doc(`companies/${COMPANY}/members/${admin.uid}`).set({
    username: admin.username,
    firstName: 'Άρης',
    lastName: 'Δοκιμή',
    email: admin.email,
    role: 'admin',
    status: 'active',
    joinedAt: Timestamp.now(),
  });
  await db
    .doc(`users/${admin.username}`)
    .update({ [COMPANY_FIELD]: COMPANY, [JOINED_FIELD]: Timestamp.now() });
  const adminContext = await browser().newContext();
  try {
    const adminPage = await signIn(adminContext, admin);
    await section(adminPage, 'Εταιρεία');
    await adminPage.getByRole('heading', { name: 'Εταιρεία: Studio Webhooks' }).waitFor();
    await adminPage
      .getByRole('navigation', { name: 'Ενότητες εταιρείας' })
      .getByRole('button', { name: 'Webhooks' })
      .click();
    await adminPage.getByLabel('Διεύθυνση παραλήπτη (URL)').fill(RECEIVER);
    await adminPage.getByRole('button', { name: 'Καταχώριση webhook' }).click();
    await adminPage.getByLabel('Μυστικό υπογραφής (signing secret)').waitFor();
    await adminPage
      .getByRole('list', { name: 'Καταχωρισμένα webhooks' })
      .getByRole('heading', { name: RECEIVER })
      .waitFor();
    await expectAccessible(adminPage, 'company webhooks (secret shown)');
    const stored = await db
      .collection(WEBHOOK_ENDPOINTS_COLLECTION)
      .where('companyId', '==', COMPANY)
      .get();
    expect(stored.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({ scope: 'company', url: RECEIVER, events: ['lead.created'] }),
    ]);
    await Promise.all(stored.docs.map((doc) => doc.ref.delete()));
  } finally {
    await adminContext.close();
  }
});
