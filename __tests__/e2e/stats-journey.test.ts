// The whole path of a count, every part real: a visitor's phone browser on an owner's card (a
// view from the card's wallet pass, Save contact, the exchange sheet with a contact sent, a WhatsApp tap), its beacons to the
// production build's endpoint, the flush into users/{username}/stats/{Athens day}, and the owner's
// «Στατιστικά» showing them. Headless Chromium counts nothing (server/stats/bots.ts), so the visitor
// has a phone's user agent.
import { adminDb } from '@/server/firebase/admin-app';
import { athensDay } from '@/lib/stats/day';
import { STATS_COLLECTION } from '@/lib/collections';
import { walletUrl } from '@/lib/routes';
import { baseUrl, browserForThisFile, watchProblems } from '../helpers/browser';
import { tapExchange } from '../helpers/exchange';
import { makeOwner, section, signIn } from '../helpers/owner';
import { eventually } from '../helpers/eventually';

const browser = browserForThisFile();
const STAMP = Date.now().toString(36);
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0.0.0 Mobile Safari/537.36';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  let last: T | undefined;
  try {
    return await eventually(
      async () => {
        last = await read();
        return done(last) && { value: last };
      },
      { every: 250 },
    ).then(({ value }) => value);
  } catch (error) {
    throw new Error(`${(error as Error).message}; last ${JSON.stringify(last)}`);
  }
}

test('a visit from the wallet pass, Save contact, an exchange and a WhatsApp tap reach the owner’s stats and console', async () => {
  const owner = await makeOwner(
    `counted-${STAMP}`,
    { firstName: 'Μέτρα', lastName: 'Μετρητή', phoneNumber: '+30 691 234 5678' },
    STAMP,
  );
  const visitor = await browser().newContext({
    userAgent: PHONE_UA,
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  // WhatsApp's site is not the card's business (and there is no internet here).
  await visitor.route(/^https:\/\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'elsewhere' }),
  );
  try {
    const page = await visitor.newPage();
    const problems = watchProblems(page);
    // The address a wallet pass's barcode holds; the script takes its `src` off at once.
    const fromWallet = new URL(walletUrl(owner.username));
    await page.goto(`${baseUrl()}${fromWallet.pathname}${fromWallet.search}`, {
      waitUntil: 'load',
    });
    expect(page.url()).toBe(`${baseUrl()}/${owner.username}`);
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Αποθήκευση Επαφής' }).click(),
    ]);
    await tapExchange(page);
    const dialog = page.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μέτρα' });
    await dialog.getByLabel('Όνομα').fill('Επισκέπτρια');
    await dialog.getByLabel('Email').fill('visitor@example.gr');
    await dialog.getByRole('button', { name: 'Αποστολή' }).click();
    await page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' }).waitFor();
    await page
      .getByRole('button', { name: /κλείσιμο/i })
      .click()
      .catch(() => undefined);
    const [tab] = await Promise.all([
      visitor.waitForEvent('page'),
      page.getByRole('link', { name: /^WhatsApp/ }).click(),
    ]);
    await tab.close();
    expect(problems).toEqual([]);
  } finally {
    await visitor.close();
  }

  const today = adminDb().doc(
    `users/${owner.username}/${STATS_COLLECTION}/${athensDay(Date.now())}`,
  );
  const expected = {
    views: 1,
    walletViews: 1,
    saves: 1,
    sheetOpens: 1,
    exchanges: 1,
    whatsappTaps: 1,
  };
  const counted = await until(
    async () => (await today.get()).data() ?? {},
    (data) => Object.entries(expected).every(([field, n]) => data[field] === n),
  );
  expect(counted).toEqual(expected);

  const ownerSide = await browser().newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await signIn(ownerSide, owner);
    await section(page, 'Στατιστικά');
    const visitors = page.getByRole('table', { name: 'Τι έκαναν οι επισκέπτες' });
    await visitors.getByRole('row', { name: 'Προβολές 1 1 1', exact: true }).waitFor();
    await visitors.getByRole('row', { name: 'Αποθηκεύσεις επαφής 1 1 1', exact: true }).waitFor();
    await visitors.getByRole('row', { name: 'Ανταλλαγές επαφών 1 1 1', exact: true }).waitFor();
    await page
      .getByRole('table', { name: 'Πατήματα συνδέσμων' })
      .getByRole('row', { name: 'WhatsApp 1 1 1', exact: true })
      .waitFor();
    await page
      .getByTestId('stats-sources')
      .getByText('Από Wallet: 1 (100%)', { exact: true })
      .waitFor();
  } finally {
    await ownerSide.close();
  }
});
