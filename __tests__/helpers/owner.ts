// Owners for the e2e tests: an account on the run's Auth emulator with a card of its own, and
// signing in to the console (/account) as them in Chromium.
import type { BrowserContext, Page } from 'playwright-core';
import { adminDb } from '@/server/firebase/admin-app';
import { OWNER_FIELD } from '@/lib/collections';
import { authEmulatorFetch, authMailUrl, authToolkit } from '@/tools/lib/auth-emulator';
import { ensureAccount } from '@/tools/lib/demo-owners';
import { baseUrl } from './browser';
import { ceiling, eventually } from './eventually';

export interface Owner {
  username: string;
  email: string;
  password: string;
  uid: string;
}

export const authHost = () => process.env.FIREBASE_AUTH_EMULATOR_HOST as string;

/** An account `username-stamp@karta.test` owning the card users/{username} with `fields`. */
export async function makeOwner(
  username: string,
  fields: Record<string, string>,
  stamp: string,
): Promise<Owner> {
  const email = `${username}-${stamp}@karta.test`;
  const password = `secret-${stamp}`;
  const uid = await ensureAccount(authHost(), email, password);
  await adminDb()
    .doc(`users/${username}`)
    .set({ username, ...fields, [OWNER_FIELD]: uid });
  await adminDb().doc(`owners/${uid}`).set({ username });
  return { username, email, password, uid };
}

/** One e-mail Firebase Auth would have sent, as the emulator lists it. */
export interface AuthMail {
  email: string;
  newEmail?: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'VERIFY_AND_CHANGE_EMAIL' | string;
  oobCode: string;
  oobLink: string;
}

/** The account e-mails of the run's Auth emulator (to `email` only, when given), oldest first. */
export async function authMail(email?: string): Promise<AuthMail[]> {
  const project = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID as string;
  const res = await authEmulatorFetch(
    authHost(),
    new URL(authMailUrl(authHost(), project)).pathname,
    {
      method: 'GET',
    },
  );
  const { oobCodes } = (await res.json()) as { oobCodes: AuthMail[] };
  return email ? oobCodes.filter((mail) => mail.email === email) : oobCodes;
}

/** The newest e-mail of `requestType` to `email`, waiting a little for it. */
export async function lastAuthMail(email: string, requestType: string): Promise<AuthMail> {
  const found = await eventually(
    async () => {
      const mails = (await authMail(email)).filter((mail) => mail.requestType === requestType);
      return mails.length > 0 && mails;
    },
    { what: `a ${requestType} e-mail to ${email}` },
  );
  return found[found.length - 1];
}

/**
 * Opens the link of the newest e-mail of `requestType` to `email`, as the owner would from their
 * inbox (the emulator applies it), and returns where it then leads: the console, for our links.
 */
export async function openAuthLink(
  email: string,
  requestType: string,
  query = '',
): Promise<string | null> {
  const mail = await lastAuthMail(email, requestType);
  const res = await fetch(`${mail.oobLink}${query}`, { redirect: 'manual' });
  if (res.status !== 303) throw new Error(`${requestType} link: ${res.status} ${await res.text()}`);
  return res.headers.get('location');
}

/**
 * Opens the verification e-mail's link, then presses «Το επιβεβαίωσα» on `page` (the
 * verification screen), which reaches the claim screen.
 */
export async function verifyByLink(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Επιβεβαιώστε το email σας' }).waitFor();
  await openAuthLink(email, 'VERIFY_EMAIL');
  await page.getByRole('button', { name: 'Το επιβεβαίωσα' }).click();
  await page.getByRole('heading', { name: 'Η διεύθυνση της κάρτας σας' }).waitFor();
}

/** Signs in over the emulator's REST API, as the web SDK does. */
function restSignIn(email: string, password: string): Promise<Response> {
  return authToolkit(authHost(), 'signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
}

/** The HTTP status of a sign-in (200, or 400 for wrong credentials). */
export async function restSignInStatus(email: string, password: string): Promise<number> {
  return (await restSignIn(email, password)).status;
}

/** A new session's ID token. */
export async function restIdToken(email: string, password: string): Promise<string> {
  const res = await restSignIn(email, password);
  const { idToken } = (await res.json()) as { idToken?: string };
  if (!idToken) throw new Error(`no ID token for ${email}: ${res.status}`);
  return idToken;
}

/**
 * Returns once the clock has left the second in which `token`'s session signed in. Firebase keeps
 * an account's revocation time (tokensValidAfterTime) in whole seconds and refuses only tokens
 * signed in before it: a session of the same second as a revocation outlives it, there as here.
 */
export async function pastSignInSecond(token: string): Promise<void> {
  const { auth_time: authTime } = JSON.parse(
    Buffer.from(token.split('.')[1], 'base64url').toString(),
  ) as { auth_time: number };
  while (Math.floor(Date.now() / 1000) <= authTime) await new Promise((r) => setTimeout(r, 50));
}

/** An edit of users/{username} sent to karta's server with `token`: its status and body. */
export async function editWithToken(
  token: string,
  username: string,
  changes: object,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl()}/api/owner/cards/${username}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A new page of `context`, signed in as `owner` on the sign-in screen of /account. */
export async function submitSignIn(context: BrowserContext, owner: Owner): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/account`);
  await page.getByRole('heading', { name: 'Σύνδεση στην karta' }).waitFor();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Κωδικός').fill(owner.password);
  await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
  return page;
}

export async function signIn(context: BrowserContext, owner: Owner): Promise<Page> {
  const page = await submitSignIn(context, owner);
  await page.getByRole('heading', { level: 1, name: `Η κάρτα σας: /${owner.username}` }).waitFor();
  return page;
}

/**
 * Opens one section of the console by its item in the navigation; on a phone, an item the bar
 * has no room for is in the «Περισσότερα» menu, which is opened first. The bar may change while
 * the card's company is read (a member's has no «Εταιρεία»), so it is tried until the section is
 * the current one.
 */
export async function section(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Ενότητες λογαριασμού' });
  const item = nav.getByRole('button', { name, exact: true });
  const more = nav.getByRole('button', { name: 'Περισσότερα', exact: true });
  // Once chosen, an item of the menu is hidden with it.
  const chosen = nav.getByRole('button', { name, exact: true, includeHidden: true });
  // Each try is bounded, so that a bar redrawn under a click is tried again rather than waited on;
  // long enough for a click on a busy machine, the whole under the usual ceiling.
  const oneTry = { timeout: ceiling(10_000) };
  await eventually(
    async () => {
      if (!(await item.isVisible())) await more.click(oneTry);
      await item.click(oneTry);
      return (await chosen.getAttribute('aria-current', oneTry)) === 'page';
    },
    { what: `the console's section ${name}` },
  );
}

/** The ID token of the session the console keeps in this browser, as the web SDK stores it. */
export function sessionToken(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result
            .transaction('firebaseLocalStorage', 'readonly')
            .objectStore('firebaseLocalStorage')
            .getAll();
          all.onsuccess = () => {
            const entry = (
              all.result as Array<{ value: { stsTokenManager?: { accessToken: string } } }>
            ).find((row) => row.value.stsTokenManager);
            resolve(entry?.value.stsTokenManager?.accessToken ?? '');
          };
        };
      }),
  );
}

/**
 * The HTTP status of a request on users/{username}`suffix` (`body`, if any, POSTed as JSON) sent
 * from the page with its session's token to Firestore's REST API: the rules themselves, with
 * nothing of the console's code in between.
 */
async function restStatus(
  page: Page,
  username: string,
  suffix: string,
  body?: object,
): Promise<number> {
  const token = await sessionToken(page);
  if (!token) throw new Error('No session in this browser: sign in first');
  return page.evaluate(
    async ({ host, project, path, token, body }) => {
      const name = `projects/${project}/databases/(default)/documents/${path}`;
      const res = await fetch(
        `http://${host}/v1/${name}`,
        body
          ? {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            }
          : { headers: { authorization: `Bearer ${token}` } },
      );
      return res.status;
    },
    {
      host: process.env.FIRESTORE_EMULATOR_HOST as string,
      project: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID as string,
      path: `users/${username}${suffix}`,
      token,
      body,
    },
  );
}

/** The HTTP status of a query on users/{username}'s subcollections (restStatus). */
export function queryStatus(
  page: Page,
  username: string,
  structuredQuery: object,
): Promise<number> {
  return restStatus(page, username, ':runQuery', { structuredQuery });
}

/** The HTTP status of a get of users/{username}/{rest} (restStatus). */
export function getStatus(page: Page, username: string, rest: string): Promise<number> {
  return restStatus(page, username, `/${rest}`);
}
