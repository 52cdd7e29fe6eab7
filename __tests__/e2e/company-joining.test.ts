// Joining a company in a few taps, in real Chromium at 360 and 1366 px against the production build
// and the run's emulators: an invited person with no account opens the link on sign-up with the
// invited address filled in, verifies it, is offered a username made of the invited Greek names
// (a Greek one is refused with its own message, and the address preview never shows
// percent-encoding), joins and is welcomed; a signed-in owner sees their pending invitation at
// /account without the link, and joins from there. axe on every screen.
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { INVITE_PARAM } from '@/lib/routes';
import { USERNAME_MESSAGES, claimProblem, latinOnlyMessage } from '@/lib/username';
import { baseUrl, browserForThisFile, expectAccessible } from '../helpers/browser';
import { invitationToken } from '../helpers/invitation-mail';
import { makeOwner, openAuthLink, restIdToken, submitSignIn, type Owner } from '../helpers/owner';

const VIEWPORTS = [
  { name: '360 px', width: 360, height: 780 },
  { name: '1366 px', width: 1366, height: 900 },
];
const STAMP = Date.now().toString(36);
const COMPANY = `Studio Φως ${STAMP}`;
const browser = browserForThisFile();

let admin: Owner;
let companyId: string;

/** A request of the admin's to karta's company API, and its JSON answer. */
async function asAdmin(path: string, json: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await restIdToken(admin.email, admin.password)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(json),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The admin invites `email`: the token its mail's link carries. */
async function invite(email: string, names: object): Promise<string> {
  expect(
    await asAdmin(`/api/owner/companies/${companyId}/invites`, { invites: [{ email, ...names }] }),
  ).toMatchObject({ sent: 1 });
  return invitationToken(email);
}

beforeAll(async () => {
  admin = await makeOwner(`maria-${STAMP}`, { firstName: 'Μαρία', lastName: 'Φωτίου' }, STAMP);
  await adminAuth().updateUser(admin.uid, { emailVerified: true });
  companyId = String((await asAdmin('/api/owner/companies', { name: COMPANY })).id);
});

describe.each(VIEWPORTS)('at $name', ({ name, width, height }) => {
  test('an invited person with no account: link → sign-up with the address filled in → verify → suggested username → joined → welcome', async () => {
    const email = `sofia-${width}-${STAMP}@karta.test`;
    const token = await invite(email, { firstName: 'Σοφία', lastName: 'Αλεξίου' });
    const context = await browser().newContext({ viewport: { width, height } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/account?${INVITE_PARAM}=${encodeURIComponent(token)}`);
      await page.getByRole('heading', { name: 'Νέος λογαριασμός' }).waitFor();
      await page.getByText(`Η εταιρεία «${COMPANY}» σας προσκαλεί.`, { exact: false }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await expectAccessible(page, `sign-up from the invitation (${name})`);

      await page.getByLabel('Κωδικός').fill('secret-password');
      await page.getByRole('button', { name: 'Δημιουργία λογαριασμού' }).click();
      await page.getByRole('heading', { name: 'Επιβεβαιώστε το email σας' }).waitFor();
      await openAuthLink(email, 'VERIFY_EMAIL');
      await page.getByRole('button', { name: 'Το επιβεβαίωσα' }).click();
      await page.getByRole('heading', { name: `Πρόσκληση από την εταιρεία ${COMPANY}` }).waitFor();

      // The username offered: the invited names in Latin letters (ELOT 743), free now.
      const field = page.getByLabel('Όνομα χρήστη');
      const suggested = await field.inputValue();
      expect(suggested).toMatch(/^sofia\.alexiou\d?$/);
      expect(claimProblem(suggested)).toBeNull();
      expect((await adminDb().doc(`users/${suggested}`).get()).exists).toBe(false);
      await page.getByText(`/${suggested}`, { exact: true }).waitFor();
      await expectAccessible(page, `invitation with a suggested username (${name})`);

      // A Greek username: its own refusal, in the hint's place; the preview stays readable.
      await field.fill('σοφία');
      expect(await page.getByText('/sofia', { exact: true }).count()).toBe(1);
      expect(await page.locator('main').innerText()).not.toContain('%');
      await page.getByRole('button', { name: 'Αποδοχή' }).click();
      await page.getByText(latinOnlyMessage('σοφία'), { exact: true }).waitFor();
      expect(await page.getByText(USERNAME_MESSAGES.format, { exact: true }).count()).toBe(0);
      await expectAccessible(page, `a Greek username refused (${name})`);

      await field.fill(suggested);
      await page.getByRole('button', { name: 'Αποδοχή' }).click();
      await page
        .getByRole('heading', { name: `Καλώς ήρθατε στην εταιρεία «${COMPANY}»` })
        .waitFor();
      await page.getByText('έχει ήδη τα στοιχεία της εταιρείας', { exact: false }).waitFor();
      await expectAccessible(page, `welcome (${name})`);
      expect((await adminDb().doc(`users/${suggested}`).get()).get('companyId')).toBe(companyId);

      await page.getByRole('button', { name: 'Στην κάρτα μου' }).click();
      await page.getByRole('heading', { level: 1, name: `Η κάρτα σας: /${suggested}` }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('a signed-in owner sees their pending invitation at /account without the link, and joins', async () => {
    const owner = await makeOwner(
      `nikos-${width}-${STAMP}`,
      { firstName: 'Νίκος', lastName: 'Θεοδώρου' },
      STAMP,
    );
    await adminAuth().updateUser(owner.uid, { emailVerified: true });
    await invite(owner.email, { firstName: 'Νίκος', lastName: 'Θεοδώρου' });
    const context = await browser().newContext({ viewport: { width, height } });
    try {
      const page = await submitSignIn(context, owner);
      await page.getByRole('heading', { name: `Πρόσκληση από την εταιρεία ${COMPANY}` }).waitFor();
      await page.getByText(owner.email, { exact: true }).waitFor();
      await page.getByText(`/${owner.username}`, { exact: true }).waitFor();
      await expectAccessible(page, `pending invitation at /account (${name})`);

      await page.getByRole('button', { name: 'Αποδοχή' }).click();
      await page
        .getByRole('heading', { name: `Καλώς ήρθατε στην εταιρεία «${COMPANY}»` })
        .waitFor();
      await page.getByRole('button', { name: 'Στην κάρτα μου' }).click();
      await page
        .getByRole('heading', { level: 1, name: `Η κάρτα σας: /${owner.username}` })
        .waitFor();
      const card = await adminDb().doc(`users/${owner.username}`).get();
      expect(card.get('companyId')).toBe(companyId);

      // Accepted: the next visit goes straight to the console.
      await page.reload();
      await page
        .getByRole('heading', { level: 1, name: `Η κάρτα σας: /${owner.username}` })
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
