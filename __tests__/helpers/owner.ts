// Owners for the e2e tests: an account on the run's Auth emulator with a card of its own, and
// signing in to the console (/account) as them in Chromium.
import type { BrowserContext, Page } from 'playwright-core';
import { adminDb } from '@/lib/firebase/admin-app';
import { OWNER_FIELD } from '@/lib/profile';
import { ensureAccount } from '@/tools/lib/demo-owners';
import { baseUrl } from './browser';

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

export async function signIn(context: BrowserContext, owner: Owner): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/account`);
  await page.getByRole('heading', { name: 'Σύνδεση στην karta' }).waitFor();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Κωδικός').fill(owner.password);
  await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
  await page
    .getByRole('heading', { level: 1, name: `Η κάρτα σας: /${owner.username}` })
    .waitFor({ timeout: 20_000 });
  return page;
}

/** Opens one section of the console by its tab. */
export async function section(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
}
