// Sign-in with the company's account in real Chromium at 360 px, against the production build,
// the run's emulators and a real OpenID provider (oidc-provider) the file starts on loopback: the
// admin sets the company's sign-in through the API; a member types her address at /account,
// presses «Σύνδεση με τον λογαριασμό της εταιρείας», signs in at the provider's own login page
// and is back at /account signed in, the token gone from the address bar; the admin does the same
// and finds the setting in the console, its secret only said to be set, and makes the company's
// sign-in required there; then a password sign-in with an address of the domain is refused with
// the Greek message. Last, the admin removes the company's sign-in in the console: the form shows
// empty and her password session is accepted again. axe on every screen.
import { COMPANY_FIELD, OWNER_FIELD } from '@/lib/collections';
import {
  COMPANY_SIGN_IN_BUTTON,
  COMPANY_SIGN_IN_ERRORS,
  COMPANY_SIGN_IN_REQUIRED,
} from '@/lib/company-sign-in';
import { adminDb } from '@/server/firebase/admin-app';
import { ensureAccount } from '@/tools/lib/demo-owners';
import type { Page } from 'playwright-core';
import { baseUrl, browserForThisFile, expectAccessible } from '../helpers/browser';
import { oidcProviderForThisFile } from '../helpers/oidc-provider';
import { authHost, restIdToken, section } from '../helpers/owner';

const STAMP = Date.now().toString(36);
const DOMAIN = `sso-${STAMP}.test`;
const ADMIN = {
  email: `admin@${DOMAIN}`,
  password: `secret-${STAMP}`,
  username: `sso-admin-${STAMP}`,
};
const MEMBER = `eleni@${DOMAIN}`;
const SECRET = `client-secret-${STAMP}`;
const PHONE = { width: 360, height: 780 };

const browser = browserForThisFile();
const provider = oidcProviderForThisFile(() => ({
  clients: [
    {
      clientId: 'karta-e2e',
      clientSecret: SECRET,
      redirectUris: [`${baseUrl()}/api/auth/oidc/callback`],
    },
  ],
  accounts: {
    [ADMIN.email]: { email: ADMIN.email, emailVerified: true },
    [MEMBER]: { email: MEMBER, emailVerified: true },
  },
}));

let companyId: string;

/** A request of the admin's password session to karta's company API: status and JSON. */
async function asAdmin(method: string, path: string, json?: object) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await restIdToken(ADMIN.email, ADMIN.password)}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  const uid = await ensureAccount(authHost(), ADMIN.email, ADMIN.password);
  await adminDb()
    .doc(`users/${ADMIN.username}`)
    .set({ username: ADMIN.username, firstName: 'Άρης', lastName: 'Φωτεινός', [OWNER_FIELD]: uid });
  await adminDb().doc(`owners/${uid}`).set({ username: ADMIN.username });
  const created = await asAdmin('POST', '/api/owner/companies', { name: `Φως ${STAMP}` });
  expect(created.status).toBe(201);
  companyId = String(created.body.id);
  expect((await adminDb().doc(`users/${ADMIN.username}`).get()).get(COMPANY_FIELD)).toBe(companyId);
  const saved = await asAdmin('PUT', `/api/owner/companies/${companyId}/sign-in`, {
    issuer: provider().issuer,
    clientId: 'karta-e2e',
    clientSecret: SECRET,
    domains: DOMAIN,
    required: false,
  });
  expect(saved).toMatchObject({ status: 200, body: { secretSet: true, domains: [DOMAIN] } });
});

/** On /account's sign-in screen: types `email` and presses the company's button. */
async function companySignIn(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl()}/account`);
  await page.getByRole('heading', { name: 'Σύνδεση στην karta' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: COMPANY_SIGN_IN_BUTTON }).click();
}

/** At the provider's development login page (its login filled in from karta's hint). */
async function atProvider(page: Page, email: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(provider().issuer));
  expect(await page.locator('input[name="login"]').inputValue()).toBe(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test("a member: her address, the company's button, the provider's page, and back at /account signed in", async () => {
  const context = await browser().newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    // An address of a domain without a company sign-in is told so.
    await companySignIn(page, `someone@elsewhere-${STAMP}.test`);
    await page.getByRole('alert').getByText(COMPANY_SIGN_IN_ERRORS['no-company']).waitFor();
    await expectAccessible(page, 'sign-in screen with the company button');

    await page.getByLabel('Email').fill(MEMBER);
    await page.getByRole('button', { name: COMPANY_SIGN_IN_BUTTON }).click();
    await atProvider(page, MEMBER);
    // A new account with its address verified: the console asks for her card's address.
    await page.getByRole('heading', { name: 'Η διεύθυνση της κάρτας σας' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(new URL(page.url()).hash).toBe('');
    await expectAccessible(page, 'signed in by the company, claim screen');
  } finally {
    await context.close();
  }
});

test("the admin signs in the company's way, finds the setting (its secret only said to be set) and requires it", async () => {
  const context = await browser().newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    await companySignIn(page, ADMIN.email);
    await atProvider(page, ADMIN.email);
    await page
      .getByRole('heading', { level: 1, name: `Η κάρτα σας: /${ADMIN.username}` })
      .waitFor();
    await section(page, 'Εταιρεία');
    await page.getByRole('button', { name: 'Σύνδεση εταιρείας', exact: true }).click();
    await page.getByLabel('Διεύθυνση παρόχου (issuer)').waitFor();
    expect(await page.getByLabel('Διεύθυνση παρόχου (issuer)').inputValue()).toBe(
      provider().issuer,
    );
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    await page.getByText('Έχει οριστεί και δεν εμφανίζεται').waitFor();
    expect(await page.content()).not.toContain(SECRET);
    await expectAccessible(page, 'the company sign-in setting');

    await page.getByLabel('Υποχρεωτική σύνδεση με τον λογαριασμό της εταιρείας').check();
    await page.getByRole('button', { name: 'Αποθήκευση', exact: true }).click();
    await page.getByRole('status').getByText('Αποθηκεύτηκε.').waitFor();
  } finally {
    await context.close();
  }
  // The admin's own password session is now refused by karta's server too.
  expect(await asAdmin('GET', `/api/owner/companies/${companyId}/sign-in`)).toMatchObject({
    status: 403,
    body: { error: 'company-sign-in', message: COMPANY_SIGN_IN_REQUIRED },
  });
});

test('required: a password sign-in with an address of the domain is refused with the Greek message', async () => {
  const context = await browser().newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/account`);
    await page.getByRole('heading', { name: 'Σύνδεση στην karta' }).waitFor();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Κωδικός').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
    await page.getByRole('alert').getByText(COMPANY_SIGN_IN_REQUIRED).waitFor();
    await page.getByRole('heading', { name: 'Σύνδεση στην karta' }).waitFor();
    await expectAccessible(page, 'password sign-in refused');
  } finally {
    await context.close();
  }
});

test("the admin removes the company's sign-in in the console: the form shows empty, passwords work again", async () => {
  const context = await browser().newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    await companySignIn(page, ADMIN.email);
    await atProvider(page, ADMIN.email);
    await section(page, 'Εταιρεία');
    await page.getByRole('button', { name: 'Σύνδεση εταιρείας', exact: true }).click();
    await page.getByRole('button', { name: 'Κατάργηση της σύνδεσης εταιρείας' }).click();
    await page.getByText(`Όσοι έχουν διεύθυνση στον τομέα «${DOMAIN}»`).waitFor();
    await expectAccessible(page, "the company sign-in's removal, confirming");
    await page.getByRole('button', { name: 'Οριστική κατάργηση' }).click();
    await page
      .getByRole('status')
      .getByText('Η σύνδεση με τον λογαριασμό της εταιρείας καταργήθηκε.')
      .waitFor();
    expect(await page.getByLabel('Διεύθυνση παρόχου (issuer)').inputValue()).toBe('');
    expect(await page.getByLabel('Τομείς email της εταιρείας').inputValue()).toBe('');
    expect(await page.getByText('Έχει οριστεί και δεν εμφανίζεται').count()).toBe(0);
    expect(
      await page.getByRole('button', { name: 'Κατάργηση της σύνδεσης εταιρείας' }).count(),
    ).toBe(0);
  } finally {
    await context.close();
  }
  expect(await asAdmin('GET', `/api/owner/companies/${companyId}/sign-in`)).toMatchObject({
    status: 200,
    body: { secretSet: false, domains: [] },
  });
});
