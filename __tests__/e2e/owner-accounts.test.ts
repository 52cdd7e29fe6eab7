// Accounts as people expect them, in Chromium against the production build and the run's real
// Auth emulator: sign-up asks for the address to be verified before a card can be claimed (the
// e-mail's link, from the emulator's list of what it would have sent), a forgotten password is
// reset by e-mail without telling whether an address has an account, the password and the address
// are changed from the console (the new address only once verified), a changed or reset password
// ends the account's other sessions (their tokens are refused as revoked), a console whose session
// was revoked asks to sign in again, one over the limit on edits says so and keeps the form, Google
// is a second way in, and an owner whose address is not verified keeps their card and is asked to
// verify. axe on each new screen at 390 px.
import type { BrowserContext, Page } from 'playwright-core';
import { adminAuth, adminDb } from '@/server/firebase/admin-app';
import { AUTH_MESSAGES, resetSentMessage } from '@/browser/owner/auth';
import { NEW_CONTACT_MAIL_FIELD, ownerWritesPath } from '@/lib/collections';
import {
  OWNER_WRITES_PER_WINDOW,
  OWNER_WRITE_LIMIT_MESSAGE,
  OWNER_WRITE_WINDOW_MS,
} from '@/lib/owner-writes';
import { baseUrl, expectAccessible, watchProblems } from '../helpers/browser';
import { standInForGoogle } from '../helpers/google-stand-in';
import {
  authMail,
  editWithToken,
  lastAuthMail,
  openAuthLink,
  pastSignInSecond,
  restIdToken,
  restSignInStatus,
  section,
  sessionToken,
  signIn,
  type Owner,
} from '../helpers/owner';
import { realProblems, watchErrorResponses } from '../helpers/page-problems';
import { ownerFile } from '../helpers/owner-file';
import { PHONE_VIEWPORT } from '../helpers/viewports';

const { browser, stamp: STAMP, makeOwner } = ownerFile();
const CLAIM = 'Η διεύθυνση της κάρτας σας';
const VERIFY = 'Επιβεβαιώστε το email σας';
const SIGN_IN = 'Σύνδεση στην karta';

let context: BrowserContext;

beforeEach(async () => {
  context = await browser().newContext({ viewport: PHONE_VIEWPORT });
});

afterEach(async () => {
  await context?.close();
});

/** The email_verified of the ID token the console keeps in this browser (as the web SDK stores it). */
function sessionVerified(page: Page): Promise<boolean | undefined> {
  return page.evaluate(async () => {
    const open = indexedDB.open('firebaseLocalStorageDb');
    await new Promise((r) => (open.onsuccess = r));
    const all = open.result
      .transaction('firebaseLocalStorage', 'readonly')
      .objectStore('firebaseLocalStorage')
      .getAll();
    await new Promise((r) => (all.onsuccess = r));
    const row = (
      all.result as Array<{ value: { stsTokenManager?: { accessToken: string } } }>
    ).find((r) => r.value.stsTokenManager);
    const token = row?.value.stsTokenManager?.accessToken ?? '';
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return (JSON.parse(atob(payload)) as { email_verified?: boolean }).email_verified;
  });
}

async function openAccount(): Promise<{ page: Page; problems: string[]; responses: string[] }> {
  const page = await context.newPage();
  const problems = watchProblems(page);
  const responses = watchErrorResponses(page);
  await page.goto(`${baseUrl()}/account`);
  await page.getByRole('heading', { name: SIGN_IN }).waitFor();
  return { page, problems, responses };
}

async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Δεν έχω λογαριασμό' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Κωδικός').fill(password);
  await page.getByRole('button', { name: 'Δημιουργία λογαριασμού' }).click();
}

test('sign-up shows the verification screen, never the claim screen, until the e-mail’s link is opened', async () => {
  const email = `neos-${STAMP}@karta.test`;
  const { page, problems, responses } = await openAccount();
  const locales: Array<string | undefined> = [];
  page.on('request', (req) => {
    if (req.url().includes('accounts:sendOobCode'))
      locales.push(req.headers()['x-firebase-locale']);
  });
  await signUp(page, email, 'secret-password');
  await page.getByRole('heading', { name: VERIFY }).waitFor();
  await page.getByText(`Στείλαμε email επιβεβαίωσης στο ${email}.`).waitFor();
  expect(await page.getByRole('heading', { name: CLAIM }).count()).toBe(0);
  await expectAccessible(page, 'verify');

  // The e-mail, as Firebase would have sent it: a link back to the console.
  const sent = await lastAuthMail(email, 'VERIFY_EMAIL');
  expect(new URL(sent.oobLink).searchParams.get('continueUrl')).toBe(`${baseUrl()}/account`);
  // Asked for in Greek (the emulator's list says `lang=en` whatever it was asked).
  expect(locales).toEqual(['el']);

  // Pressed too early, it says so and stays.
  await page.getByRole('button', { name: 'Το επιβεβαίωσα' }).click();
  await page.getByText('Η διεύθυνση δεν έχει επιβεβαιωθεί ακόμη', { exact: false }).waitFor();
  expect(await page.getByRole('heading', { name: CLAIM }).count()).toBe(0);

  // Another e-mail on request, then a pause before the next.
  await page.getByRole('button', { name: 'Αποστολή ξανά' }).click();
  await page.getByText('Στάλθηκε νέο email επιβεβαίωσης.').waitFor();
  expect(await page.getByRole('button', { name: 'Αποστολή ξανά' }).isDisabled()).toBe(true);
  const verifications = (await authMail(email)).filter((m) => m.requestType === 'VERIFY_EMAIL');
  expect(verifications).toHaveLength(2);
  await expectAccessible(page, 'verify (resent)');

  // A reload keeps it there: the account is not verified.
  await page.reload();
  await page.getByRole('heading', { name: VERIFY }).waitFor();

  expect(await openAuthLink(email, 'VERIFY_EMAIL')).toBe(`${baseUrl()}/account`);
  expect((await adminAuth().getUserByEmail(email)).emailVerified).toBe(true);
  await page.getByRole('button', { name: 'Το επιβεβαίωσα' }).click();
  await page.getByRole('heading', { name: CLAIM }).waitFor();
  // The session's ID token now says so too: what the server and the rules read.
  const verifiedClaim = await sessionVerified(page);
  expect(verifiedClaim).toBe(true);
  expect(realProblems(problems, responses)).toEqual([]);
});

test('back in the tab from the link, the verification screen moves on by itself', async () => {
  const email = `piso-${STAMP}@karta.test`;
  const { page } = await openAccount();
  await signUp(page, email, 'secret-password');
  await page.getByRole('heading', { name: VERIFY }).waitFor();
  await openAuthLink(email, 'VERIFY_EMAIL');
  // The owner comes back to this tab (a headless page is always visible: only the event is sent).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.getByRole('heading', { name: CLAIM }).waitFor();
  expect(await sessionVerified(page)).toBe(true);
});

test('the link leads to the claim screen, with an ID token that says the address is verified', async () => {
  const email = `synechia-${STAMP}@karta.test`;
  const { page } = await openAccount();
  await signUp(page, email, 'secret-password');
  await page.getByRole('heading', { name: VERIFY }).waitFor();
  // Where the link leads, in the browser that signed up (its session is from before).
  const next = await openAuthLink(email, 'VERIFY_EMAIL');
  await page.goto(next as string);
  await page.getByRole('heading', { name: CLAIM }).waitFor();
  expect(await sessionVerified(page)).toBe(true);
});

test('«Ξεχάσατε τον κωδικό;» mails a reset link without saying whether the address has an account; the new password then works', async () => {
  const owner = await makeOwner(`xechasa-${STAMP}`, { firstName: 'Ξεχασμένη' });
  const { page, problems } = await openAccount();
  await page.getByRole('button', { name: 'Ξεχάσατε τον κωδικό;' }).click();
  await page.getByRole('heading', { name: 'Νέος κωδικός' }).waitFor();
  await expectAccessible(page, 'reset');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('button', { name: 'Αποστολή συνδέσμου' }).click();
  await page.getByText(resetSentMessage(owner.email)).waitFor();
  const reset = await lastAuthMail(owner.email, 'PASSWORD_RESET');
  expect(new URL(reset.oobLink).searchParams.get('continueUrl')).toBe(`${baseUrl()}/account`);

  // An address with no account reads the same, and nothing is sent.
  const nobody = `kanenas-${STAMP}@karta.test`;
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Αποστολή συνδέσμου' }).click();
  await page.getByText(resetSentMessage(nobody)).waitFor();
  expect(await page.getByRole('main').getByRole('alert').textContent()).toBe('');
  expect(await authMail(nobody)).toEqual([]);
  // A malformed one is said to be.
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Αποστολή συνδέσμου' }).click();
  await page.getByRole('main').getByRole('alert').getByText(AUTH_MESSAGES.invalidEmail).waitFor();

  // A session signed in elsewhere before the reset (a stolen password's, say).
  const before = await restIdToken(owner.email, owner.password);
  expect((await editWithToken(before, owner.username, { city: 'Σάμος' })).status).toBe(200);
  await pastSignInSecond(before);

  // The link, opened with a new password (the emulator's page takes it in its URL), leads back.
  const newPassword = `new-${STAMP}`;
  expect(await openAuthLink(owner.email, 'PASSWORD_RESET', `&newPassword=${newPassword}`)).toBe(
    `${baseUrl()}/account`,
  );
  // That session can no longer write.
  expect(await editWithToken(before, owner.username, { city: 'Νάξος' })).toEqual({
    status: 401,
    body: { error: 'revoked' },
  });
  await page.getByRole('button', { name: 'Πίσω στη σύνδεση' }).click();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Κωδικός').fill(owner.password);
  await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
  await page
    .getByRole('main')
    .getByRole('alert')
    .getByText(AUTH_MESSAGES.wrongCredentials)
    .waitFor();
  await page.close();
  await signIn(context, { ...owner, password: newPassword });
  // The browser logs each refused sign-in's 400 itself.
  expect(realProblems(problems).filter((p) => !p.includes('status of 400'))).toEqual([]);
});

describe('an owner in «Λογαριασμός»', () => {
  let owner: Owner;
  let page: Page;

  beforeEach(async () => {
    owner = await makeOwner(`asfaleia-${STAMP}-${Math.random().toString(36).slice(2, 6)}`, {
      firstName: 'Ασφάλεια',
    });
    page = await signIn(context, owner);
    await section(page, 'Λογαριασμός');
  });

  test('changes the password: a wrong current one or a weak new one is refused in Greek', async () => {
    const form = page.getByRole('form', { name: 'Αλλαγή κωδικού' });
    await expectAccessible(page, 'account (security)');
    await form.getByLabel('Τρέχων κωδικός').fill('not-the-password');
    await form.getByLabel('Νέος κωδικός').fill('brand-new-password');
    await form.getByRole('button', { name: 'Αλλαγή κωδικού' }).click();
    await form.getByText(AUTH_MESSAGES.wrongCurrentPassword).waitFor();
    expect(await form.getByLabel('Τρέχων κωδικός').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'account (wrong current password)');

    await form.getByLabel('Τρέχων κωδικός').fill(owner.password);
    await form.getByLabel('Νέος κωδικός').fill('abc');
    await form.getByRole('button', { name: 'Αλλαγή κωδικού' }).click();
    await form.getByText(AUTH_MESSAGES.weakPassword, { exact: false }).first().waitFor();
    expect(await form.getByLabel('Νέος κωδικός').getAttribute('aria-invalid')).toBe('true');
    expect(await restSignInStatus(owner.email, owner.password)).toBe(200);

    // Another session of the account, signed in before the change (another device's).
    const other = await restIdToken(owner.email, owner.password);
    expect((await editWithToken(other, owner.username, { city: 'Ρόδος' })).status).toBe(200);
    await pastSignInSecond(other);
    await pastSignInSecond(await sessionToken(page));

    // A slow phone: the change reaches Firebase in a later second than the proof of the current
    // password that comes before it, which dates the account's tokensValidAfterTime after the
    // proof's sign-in (browser/owner/auth.ts changePassword says why the console still writes).
    let held = 0;
    await page.route(
      (url) => url.pathname.endsWith('/accounts:update'),
      async (route) => {
        held += 1;
        const { lastSignInTime } = (await adminAuth().getUser(owner.uid)).metadata;
        const proof = Date.parse(lastSignInTime) / 1000;
        while (Math.floor(Date.now() / 1000) <= proof) await new Promise((r) => setTimeout(r, 50));
        await route.continue();
      },
    );
    await form.getByLabel('Νέος κωδικός').fill('brand-new-password');
    await form.getByRole('button', { name: 'Αλλαγή κωδικού' }).click();
    await form.getByText('Ο κωδικός άλλαξε και', { exact: false }).waitFor();
    expect(held).toBe(1);
    expect(await restSignInStatus(owner.email, owner.password)).toBe(400);
    expect(await restSignInStatus(owner.email, 'brand-new-password')).toBe(200);

    // The other session is refused; this one goes on writing (Firebase handed it new tokens).
    expect(await editWithToken(other, owner.username, { city: 'Κως' })).toEqual({
      status: 401,
      body: { error: 'revoked' },
    });
    // The console's answer to its write is what it acts on (a refusal as revoked signs it out).
    const put = page.waitForResponse(
      (res) =>
        res.url().endsWith('/api/owner/new-contact-mail') && res.request().method() === 'PUT',
    );
    const mailSwitch = page.getByLabel('Email για κάθε νέα επαφή', { exact: false });
    await mailSwitch.uncheck();
    expect((await put).status()).toBe(200);
    expect((await adminDb().doc(`owners/${owner.uid}`).get()).get(NEW_CONTACT_MAIL_FIELD)).toBe(
      false,
    );
    expect(await mailSwitch.isChecked()).toBe(false);
    expect((await page.getByRole('alert').allInnerTexts()).filter((t) => t.trim())).toEqual([]);
    expect(await page.getByRole('heading', { name: SIGN_IN }).count()).toBe(0);
  });

  test('changes the address: it takes effect once the new one is verified by its link', async () => {
    const form = page.getByRole('form', { name: 'Αλλαγή email' });
    const next = `allo-${STAMP}@karta.test`;
    await form.getByLabel('Νέο email').fill(next);
    await form.getByLabel('Ο κωδικός σας').fill('wrong-password');
    await form.getByRole('button', { name: 'Αλλαγή email' }).click();
    await form.getByText(AUTH_MESSAGES.wrongCurrentPassword).waitFor();
    expect(await authMail(owner.email)).toEqual([]);

    await form.getByLabel('Ο κωδικός σας').fill(owner.password);
    await form.getByRole('button', { name: 'Αλλαγή email' }).click();
    await form.getByText(`Στείλαμε σύνδεσμο στο ${next}.`, { exact: false }).waitFor();
    await expectAccessible(page, 'account (address change sent)');
    const mail = await lastAuthMail(owner.email, 'VERIFY_AND_CHANGE_EMAIL');
    expect(mail.newEmail).toBe(next);
    // Not yet: the account keeps its address until the link is opened.
    expect((await adminAuth().getUser(owner.uid)).email).toBe(owner.email);

    expect(await openAuthLink(owner.email, 'VERIFY_AND_CHANGE_EMAIL')).toBe(`${baseUrl()}/account`);
    const changed = await adminAuth().getUser(owner.uid);
    expect([changed.email, changed.emailVerified]).toEqual([next, true]);
    expect(await restSignInStatus(next, owner.password)).toBe(200);
    expect(await restSignInStatus(owner.email, owner.password)).toBe(400);
  });
});

test('a console whose session was revoked meanwhile asks, in Greek, to sign in again, and writes nothing', async () => {
  const owner = await makeOwner(`anaklisi-${STAMP}`, { firstName: 'Ανάκληση' });
  const page = await signIn(context, owner);
  await section(page, 'Επεξεργασία');
  await page.getByLabel('Πόλη', { exact: true }).fill('Ιωάννινα');
  await pastSignInSecond(await sessionToken(page));
  // As a password changed on another device, or the operator, would.
  await adminAuth().revokeRefreshTokens(owner.uid);
  await page.getByRole('button', { name: 'Αποθήκευση' }).click();
  await page.getByRole('heading', { name: SIGN_IN }).waitFor();
  await page.getByText(AUTH_MESSAGES.sessionRevoked).waitFor();
  await expectAccessible(page, 'sign-in (session revoked)');
  expect((await adminDb().doc(`users/${owner.username}`).get()).get('city')).toBeUndefined();
  // Signing in again is the way back.
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Κωδικός').fill(owner.password);
  await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: `Η κάρτα σας: /${owner.username}` }).waitFor();
});

test('an edit over the limit says so in Greek and keeps the form; saved again in a new window, it goes through', async () => {
  const owner = await makeOwner(`poles-allages-${STAMP}`, { firstName: 'Βιαστικός' });
  const page = await signIn(context, owner);
  await section(page, 'Επεξεργασία');
  // The minute's writes already made (as 30 saves would have).
  const window = adminDb().doc(ownerWritesPath(owner.uid));
  await window.set({ start: Date.now(), count: OWNER_WRITES_PER_WINDOW });
  await page.getByLabel('Πόλη', { exact: true }).fill('Καβάλα');
  await page.getByLabel('Ιδιότητα ή θέση', { exact: true }).fill('Φωτογράφος');
  await page.getByRole('button', { name: 'Αποθήκευση' }).click();
  await page.getByTestId('save-status').getByText(OWNER_WRITE_LIMIT_MESSAGE).waitFor();
  await expectAccessible(page, 'edit (over the limit)');
  expect(await page.getByLabel('Πόλη', { exact: true }).inputValue()).toBe('Καβάλα');
  expect(await page.getByLabel('Ιδιότητα ή θέση', { exact: true }).inputValue()).toBe('Φωτογράφος');
  expect((await adminDb().doc(`users/${owner.username}`).get()).get('city')).toBeUndefined();

  // The window over (moved back rather than waited for), the same form saves.
  await window.set({ start: Date.now() - OWNER_WRITE_WINDOW_MS, count: OWNER_WRITES_PER_WINDOW });
  await page.getByRole('button', { name: 'Αποθήκευση' }).click();
  await page.getByTestId('save-status').getByText('Αποθηκεύτηκε', { exact: false }).waitFor();
  const card = (await adminDb().doc(`users/${owner.username}`).get()).data();
  expect([card?.city, card?.jobTitle]).toEqual(['Καβάλα', 'Φωτογράφος']);
});

test('an owner whose address is not verified keeps their card and is asked to verify it', async () => {
  const owner = await makeOwner(`anepivevaioti-${STAMP}`, { firstName: 'Άγνωστη' });
  await adminAuth().updateUser(owner.uid, { emailVerified: false });
  const page = await signIn(context, owner);
  const notice = page.getByRole('region', { name: VERIFY });
  await notice.getByText('δεν σας στέλνουμε email για τις νέες επαφές', { exact: false }).waitFor();
  await expectAccessible(page, 'console (unverified)');
  await adminAuth().updateUser(owner.uid, { emailVerified: true });
  await notice.getByRole('button', { name: 'Το επιβεβαίωσα' }).click();
  await notice.waitFor({ state: 'detached' });
});

test('sign-in with Google (the emulator’s account picker) reaches the claim screen, its address verified by Google', async () => {
  await standInForGoogle(context);
  const { page, problems } = await openAccount();
  const email = `google-${STAMP}@example.gr`;
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Σύνδεση με Google' }).click(),
  ]);
  // The emulator's picker draws its buttons before its script (after a stylesheet and a script
  // from unpkg, stood in for) listens to them: a click that lands first does nothing.
  await popup.waitForLoadState('load');
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill('Γκούγκλη Χρήστρια');
  await popup.locator('#sign-in').click();
  await page.getByRole('heading', { name: CLAIM }).waitFor();
  const user = await adminAuth().getUserByEmail(email);
  expect(user.emailVerified).toBe(true);
  expect(user.providerData.map((p) => p.providerId)).toEqual(['google.com']);

  // Its console has no password to change: Google keeps it. The address can change.
  const username = `google-${STAMP}`;
  await page.getByLabel('Όνομα χρήστη').fill(username);
  await page.getByLabel('Όνομα', { exact: true }).fill('Γκούγκλη');
  await page.getByLabel('Επώνυμο').fill('Χρήστρια');
  await page.getByRole('button', { name: 'Δημιουργία κάρτας' }).click();
  await page.getByRole('heading', { level: 1, name: `Η κάρτα σας: /${username}` }).waitFor();
  await section(page, 'Λογαριασμός');
  await page.getByText('Συνδέεστε με Google', { exact: false }).waitFor();
  expect(await page.getByRole('form', { name: 'Αλλαγή κωδικού' }).count()).toBe(0);
  await page.getByRole('form', { name: 'Αλλαγή email' }).waitFor();
  await expectAccessible(page, 'account (Google)');
  expect(realProblems(problems)).toEqual([]);
});
