// A visitor's contact reaches the card's owner by e-mail, in real Chromium against the production
// build and the run's emulators, through the run's daemon (`npm run watch`, whose lead mailer mails
// every contact on any card, as in production) and a real SMTP server with an inbox: the owner's account address from Firebase Auth, Reply-To the visitor,
// once; the console's switch turns the mails off; and an address its owner never verified gets
// nothing.
import { FieldValue } from 'firebase-admin/firestore';
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { LEAD_MAIL_FIELD, NEW_CONTACT_MAIL_FIELD } from '@/lib/collections';
import { mailInbox } from '@/tools/lib/mail-catcher';
import type { Page } from 'playwright-core';
import { baseUrl, browserForThisFile, watchProblems } from '../helpers/browser';
import { tapExchange } from '../helpers/exchange';
import { markDaemonLog } from '../helpers/daemon';
import { makeOwner, section, signIn, type Owner } from '../helpers/owner';
import { eventually } from '../helpers/eventually';

const STAMP = Date.now().toString(36);
const browser = browserForThisFile();
const catcher = () => mailInbox(process.env.KARTA_MAIL_INBOX_URL as string);
let owner: Owner;

beforeAll(async () => {
  owner = await makeOwner(`lida-${STAMP}`, { firstName: 'Λήδα', lastName: 'Μαυρίδου' }, STAMP);
  // Only a verified address is mailed.
  await adminAuth().updateUser(owner.uid, { emailVerified: true });
  // The card's public e-mail is not where the mail goes: the account's is.
  await adminDb().doc(`users/${owner.username}`).update({ email: 'public@lida.example.gr' });
});

async function leaveContact(page: Page, name: string): Promise<void> {
  await page.goto(`${baseUrl()}/${owner.username}`, { waitUntil: 'networkidle' });
  await tapExchange(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Όνομα').fill(name);
  await dialog.getByLabel('Email').fill('visitor.lida@example.gr');
  await dialog.getByLabel('Τηλέφωνο').fill('+30 697 000 1111');
  await dialog.getByRole('button', { name: 'Αποστολή' }).click();
  await page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' }).waitFor();
}

async function contactNamed(name: string) {
  const docs = (
    await adminDb().collection(`users/${owner.username}/contacts`).where('name', '==', name).get()
  ).docs;
  return docs[0];
}

test('a contact left in the browser is mailed once to the owner’s account address', async () => {
  const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
  const problems = watchProblems(page);
  const name = `Θέμης ${STAMP}`;
  await leaveContact(page, name);
  const mails = await eventually(
    async () => {
      const inbox = await catcher().mails();
      return inbox.some((m) => m.subject.includes(name)) && inbox;
    },
    { what: `the mail about ${name}` },
  );
  const about = mails.filter((m) => m.subject.includes(name));
  expect(about).toHaveLength(1);
  const [mail] = about;
  expect(mail.to.map((to) => to.address)).toEqual([owner.email]);
  expect(await catcher().source(mail.id)).toMatch(/^Reply-To: visitor\.lida@example\.gr\r?$/m);
  expect(mail.subject).toBe(`Νέα επαφή από την κάρτα σας: «${name}»`);
  expect(mail.text).toContain('Email: «visitor.lida@example.gr»');
  expect(mail.text).toContain('Τηλέφωνο: «+30 697 000 1111»');
  expect(mail.text).toContain(`${baseUrl()}/account`);
  // The mailer records sentAt once SMTP has accepted the mail, a moment after the inbox has it.
  const contact = await eventually(
    async () => {
      const stored = await contactNamed(name);
      return stored.get(`${LEAD_MAIL_FIELD}.sentAt`) !== undefined && stored;
    },
    { what: 'sentAt recorded' },
  );
  const sentAt = contact.get(`${LEAD_MAIL_FIELD}.sentAt`);
  expect(sentAt).toBeDefined();
  console.log(
    `contact left in the browser → mail accepted by SMTP: ` +
      `${sentAt.toMillis() - contact.get('createdAt').toMillis()} ms (server times)`,
  );
  expect(problems).toEqual([]);
  await page.close();
});

test('the owner turns the mails off in the console: the next contact is not mailed', async () => {
  const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
  const accountPage = await signIn(context, owner);
  await section(accountPage, 'Λογαριασμός');
  const toggle = accountPage.getByRole('checkbox', { name: /Email για κάθε νέα επαφή/ });
  // Disabled until the stored choice has arrived.
  const stored = async () => {
    await accountPage.waitForFunction(
      (el) => !(el as HTMLInputElement).disabled,
      await toggle.elementHandle(),
    );
    return toggle.isChecked();
  };
  await expect(stored()).resolves.toBe(true);
  await toggle.uncheck();
  const preferences = adminDb().doc(`owners/${owner.uid}`);
  await eventually(async () => (await preferences.get()).get(NEW_CONTACT_MAIL_FIELD) === false, {
    what: 'the switch saved off',
  });
  const name = `Σιωπή ${STAMP}`;
  const daemon = markDaemonLog();
  await leaveContact(await context.newPage(), name);
  await eventually(
    async () => {
      if ((await contactNamed(name))?.get(`${LEAD_MAIL_FIELD}.skipped`) === 'switched-off') {
        return true;
      }
      throw new Error(`daemon: ${daemon.lines().join(' | ')}`);
    },
    { what: 'the contact skipped' },
  );
  expect((await catcher().mails()).filter((m) => m.subject.includes(name))).toEqual([]);
  // And back on, from the same switch, which shows what is stored.
  await accountPage.reload();
  await section(accountPage, 'Λογαριασμός');
  await expect(stored()).resolves.toBe(false);
  await toggle.check();
  await eventually(async () => (await preferences.get()).get(NEW_CONTACT_MAIL_FIELD) === true, {
    what: 'the switch saved on',
  });
  await context.close();
});

test('an owner whose address is not verified: the contact is kept, no mail is sent', async () => {
  const unverified = await makeOwner(`ada-${STAMP}`, { firstName: 'Άδα' }, STAMP);
  // Anyone can sign up with someone else's address: until its holder confirms it, nothing goes there.
  await adminAuth().updateUser(unverified.uid, { emailVerified: false });
  const name = `Ανεπιβεβαίωτη ${STAMP}`;
  const daemon = markDaemonLog();
  const ref = await adminDb().collection(`users/${unverified.username}/contacts`).add({
    name,
    email: 'visitor.ada@example.gr',
    createdAt: FieldValue.serverTimestamp(),
  });
  await eventually(
    async () => {
      if ((await ref.get()).get(`${LEAD_MAIL_FIELD}.skipped`) === 'unverified') return true;
      throw new Error(`daemon: ${daemon.lines().join(' | ')}`);
    },
    { what: 'the contact skipped as unverified' },
  );
  expect((await ref.get()).get('name')).toBe(name);
  const mails = await catcher().mails();
  expect(
    mails.filter(
      (m) => m.subject.includes(name) || m.to.some((to) => to.address === unverified.email),
    ),
  ).toEqual([]);
});
