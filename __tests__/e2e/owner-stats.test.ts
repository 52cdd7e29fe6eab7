// The console's «Στατιστικά» in real Chromium against the production build, on the run's emulators:
// the counts firebase-admin seeds (as the server writes them) shown for today, 7 and 30 Athens days,
// the chart, the share, the links, the sources and the languages; an increment arriving live; the panel's code
// fetched only when its tab opens; axe in both schemes and nothing wider than a 360 px phone; and a
// second owner, who sees only their own card's counts, and none from before their claim.
import path from 'node:path';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { BrowserContext, Page } from 'playwright-core';
import { adminDb } from '@/server/firebase/admin-app';
import { lastDays } from '@/browser/owner/stats-summary';
import { CLAIMED_FIELD, STATS_COLLECTION } from '@/lib/collections';
import { athensDay } from '@/lib/stats/day';
import { ROOT } from '../setup/harness';
import { browserForThisFile, expectAccessible, watchProblems } from '../helpers/browser';
import { emulateScheme } from '../helpers/emulation';
import { getStatus, makeOwner, queryStatus, section, signIn, type Owner } from '../helpers/owner';

const PHONE = { width: 360, height: 780 };
const SCREENSHOTS = path.join(ROOT, 'artifacts', 'screenshots');
const STAMP = Date.now().toString(36);
const browser = browserForThisFile();

// The days as the console counts them. Its clock is held at the file's start: a run crossing
// Athens midnight (22:00 UTC) would otherwise see the console move to a day with no counts.
const STARTED = Date.now();
const TODAY = athensDay(STARTED);
const DAYS = lastDays(TODAY);
const daysAgo = (n: number) => DAYS[DAYS.length - 1 - n];
const BEFORE_WINDOW = lastDays(TODAY, 31)[0];

let nefeli: Owner;
let danai: Owner;

const stats = (owner: Owner, day: string) =>
  adminDb().doc(`users/${owner.username}/${STATS_COLLECTION}/${day}`);

beforeAll(async () => {
  nefeli = await makeOwner('nefeli-stats', { firstName: 'Νεφέλη', lastName: 'Σταθοπούλου' }, STAMP);
  danai = await makeOwner('danai-stats', { firstName: 'Δανάη', lastName: 'Καρρά' }, STAMP);
  // Danai claimed her card yesterday: what was counted before belongs to someone else.
  await adminDb()
    .doc(`users/${danai.username}`)
    .update({ [CLAIMED_FIELD]: Timestamp.fromMillis(Date.now() - 86_400_000) });
  await Promise.all([
    stats(danai, daysAgo(5)).set({ views: 50, saves: 9 }),
    stats(nefeli, TODAY).set({
      views: 5,
      qrViews: 2,
      enViews: 2,
      saves: 1,
      exchanges: 1,
      sheetOpens: 2,
      shares: 1,
      qrShows: 1,
      phoneTaps: 1,
      whatsappTaps: 3,
    }),
    stats(nefeli, daysAgo(2)).set({
      views: 4,
      qrViews: 1,
      walletViews: 3,
      enViews: 1,
      saves: 1,
      instagramTaps: 2,
    }),
    // The 7th day, counting today: still in the week. Its malformed email count is 0.
    stats(nefeli, daysAgo(6)).set({ views: 9, websiteTaps: 1, emailTaps: 'δύο' }),
    // The 8th: only in the 30 days, and the busiest.
    stats(nefeli, daysAgo(7)).set({ views: 12, enViews: 5, mapTaps: 4 }),
    // The 30th: the first day shown.
    stats(nefeli, daysAgo(29)).set({ views: 2, qrViews: 2, facebookTaps: 1 }),
    stats(nefeli, BEFORE_WINDOW).set({ views: 100, saves: 100, phoneTaps: 100 }),
  ]);
});

/** The problems of watchProblems, less the Firestore SDK's own aborted long polls. */
const realProblems = (problems: string[]) =>
  problems.filter(
    (p) => !(p.includes('/google.firestore.v1.Firestore/') && p.endsWith('net::ERR_ABORTED')),
  );

/** Each row of a totals table, by its caption: [label, today, 7 days, 30 days]. */
function totalsTable(page: Page, caption: string): Promise<string[][]> {
  return page
    .getByRole('table', { name: caption })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())),
    );
}

const listItems = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('li').allTextContents();

/** Waits until `text` shows in the row `label` of the table `caption`. */
function rowReads(page: Page, caption: string, label: string, cells: string[]): Promise<void> {
  return page
    .getByRole('table', { name: caption })
    .getByRole('row', { name: [label, ...cells].join(' '), exact: true })
    .waitFor();
}

describe('an owner with counts', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const scripts: { url: string; body: Promise<string> }[] = [];

  beforeAll(async () => {
    context = await browser().newContext({ viewport: PHONE });
    await context.clock.setFixedTime(STARTED);
    // Every script the console fetches, from the sign-in on.
    context.on('response', (res) => {
      if (res.request().resourceType() === 'script') {
        scripts.push({ url: res.url(), body: res.text().catch(() => '') });
      }
    });
    page = await signIn(context, nefeli);
    problems = watchProblems(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  test('the panel’s code arrives only when its tab is opened', async () => {
    const panelCode = async (list: typeof scripts) =>
      (await Promise.all(list.map((s) => s.body))).some((body) => body.includes('stats-top-links'));
    await page.getByRole('heading', { name: 'Επαφές που λάβατε' }).waitFor();
    const before = scripts.length;
    expect(await panelCode(scripts)).toBe(false);
    await section(page, 'Στατιστικά');
    await page.getByRole('heading', { level: 2, name: 'Στατιστικά' }).waitFor();
    await page.getByTestId('views-chart').waitFor();
    expect(await panelCode(scripts.slice(before))).toBe(true);
  });

  test('today, 7 and 30 days for each event', async () => {
    // Reading these at all means the rules let the owner's list query through.
    expect(await totalsTable(page, 'Τι έκαναν οι επισκέπτες')).toEqual([
      ['Προβολές', '5', '18', '32'],
      ['Αποθηκεύσεις επαφής', '1', '2', '2'],
      ['Ανοίγματα φόρμας ανταλλαγής', '2', '2', '2'],
      ['Ανταλλαγές επαφών', '1', '1', '1'],
      ['Κοινοποιήσεις', '1', '1', '1'],
      ['Εμφανίσεις QR', '1', '1', '1'],
    ]);
    expect(await totalsTable(page, 'Πατήματα συνδέσμων')).toEqual([
      ['Τηλέφωνο', '1', '1', '1'],
      ['Email', '0', '0', '0'],
      ['Ιστότοπος', '0', '1', '1'],
      ['Χάρτης', '0', '0', '4'],
      ['Viber', '0', '0', '0'],
      ['WhatsApp', '3', '3', '3'],
      ['Facebook', '0', '0', '1'],
      ['Instagram', '0', '2', '2'],
    ]);
    expect(await totalsTable(page, 'Προβολές ανά γλώσσα της κάρτας')).toEqual([
      ['Ελληνικά', '3', '15', '24'],
      ['Αγγλικά', '2', '3', '8'],
    ]);
    expect(await page.getByText('Τα στατιστικά δεν φορτώθηκαν').count()).toBe(0);
  });

  test('the chart: 30 days, the busiest at full height, and its summary', async () => {
    const bars = await page
      .getByTestId('views-chart')
      .locator('rect')
      .evaluateAll((rects) =>
        rects.map((r) => ({
          day: r.getAttribute('data-day'),
          views: Number(r.getAttribute('data-views')),
          height: Number(r.getAttribute('height')),
        })),
      );
    expect(bars.map((b) => b.day)).toEqual(DAYS);
    const byDay = Object.fromEntries(bars.map((b) => [b.day, b.views]));
    expect(byDay).toEqual(
      Object.fromEntries(
        DAYS.map((d) => [
          d,
          { [TODAY]: 5, [daysAgo(2)]: 4, [daysAgo(6)]: 9, [daysAgo(7)]: 12, [daysAgo(29)]: 2 }[d] ??
            0,
        ]),
      ),
    );
    const tallest = bars.filter((b) => b.height === Math.max(...bars.map((x) => x.height)));
    expect(tallest).toEqual([{ day: daysAgo(7), views: 12, height: 100 }]);
    expect(bars.find((b) => b.day === TODAY)?.height).toBeCloseTo((5 / 12) * 100);
    expect(await page.getByTestId('views-chart-max').textContent()).toBe('12');
    const label = await page.getByTestId('views-chart').getAttribute('aria-label');
    expect(label).toMatch(/^Προβολές ανά ημέρα, 30 ημέρες από .+ έως σήμερα: σύνολο 32, /);
    expect(label).toMatch(/οι περισσότερες 12 στις .+, σήμερα 5\.$/);

    // The same 30 days as a table, newest first.
    await page.getByText('Οι προβολές κάθε ημέρας').click();
    const table = page.getByTestId('views-by-day');
    expect(await table.locator('tbody tr').count()).toBe(30);
    expect(await table.locator('tbody time').first().getAttribute('datetime')).toBe(TODAY);
    expect(await table.locator('tbody tr td').allTextContents()).toEqual(
      [...bars].reverse().map((b) => String(b.views)),
    );
  });

  test('the share that became a contact, the links tapped, QR against link', async () => {
    expect(await listItems(page, 'stats-share')).toEqual([
      'Σήμερα: 40% (2 από 5 προβολές)',
      '7 ημέρες: 17% (3 από 18 προβολές)',
      '30 ημέρες: 9% (3 από 32 προβολές)',
    ]);
    // Ties keep the card's order; the malformed email count and the day before the 30 are out.
    expect(await listItems(page, 'stats-top-links')).toEqual([
      'Χάρτης: 4',
      'WhatsApp: 3',
      'Instagram: 2',
      'Τηλέφωνο: 1',
      'Ιστότοπος: 1',
      'Facebook: 1',
    ]);
    expect(await listItems(page, 'stats-sources')).toEqual([
      'Από τον κωδικό QR: 5 (16%)',
      'Από Wallet: 3 (9%)',
      'Από σύνδεσμο: 24 (75%)',
    ]);
  });

  test('a count the server adds shows without a reload', async () => {
    const sent = Date.now();
    await stats(nefeli, TODAY).update({
      views: FieldValue.increment(1),
      qrViews: FieldValue.increment(1),
      whatsappTaps: FieldValue.increment(2),
    });
    await rowReads(page, 'Τι έκαναν οι επισκέπτες', 'Προβολές', ['6', '19', '33']);
    console.log(`owner stats: an increment shown ${Date.now() - sent} ms after the write`);
    await rowReads(page, 'Πατήματα συνδέσμων', 'WhatsApp', ['5', '5', '5']);
    expect((await listItems(page, 'stats-top-links')).slice(0, 2)).toEqual([
      'WhatsApp: 5',
      'Χάρτης: 4',
    ]);
    expect(await listItems(page, 'stats-sources')).toEqual([
      'Από τον κωδικό QR: 6 (18%)',
      'Από Wallet: 3 (9%)',
      'Από σύνδεσμο: 24 (73%)',
    ]);
    expect(
      await page
        .getByTestId('views-chart')
        .locator(`rect[data-day="${TODAY}"]`)
        .getAttribute('data-views'),
    ).toBe('6');
  });

  test('accessible in both schemes, and nothing wider than 360 px', async () => {
    await page.screenshot({ path: path.join(SCREENSHOTS, 'owner-stats-360.png'), fullPage: true });
    await expectAccessible(page, 'stats, light');
    await emulateScheme(page, 'dark');
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'owner-stats-360-dark.png'),
      fullPage: true,
    });
    await expectAccessible(page, 'stats, dark');
    await emulateScheme(page, 'light');
  });

  test('the privacy line links to the notice', async () => {
    expect(
      await page.getByRole('link', { name: 'Περισσότερα για το απόρρητο' }).getAttribute('href'),
    ).toBe('/privacy');
  });

  test('no CSP violation, console error or failed request', () => {
    expect(realProblems(problems)).toEqual([]);
  });
});

test('another owner sees only their own counts, from their claim on, live', async () => {
  const context = await browser().newContext({ viewport: PHONE });
  await context.clock.setFixedTime(STARTED);
  try {
    const page = await signIn(context, danai);
    const problems = watchProblems(page);
    await section(page, 'Στατιστικά');
    // Her only document is from before her claim: not hers to see.
    await page.getByTestId('stats-empty').waitFor();
    expect(await page.getByTestId('stats-empty').textContent()).toBe(
      'Δεν υπάρχουν ακόμη στατιστικά. Θα εμφανιστούν εδώ μόλις κάποιος ανοίξει την κάρτα σας.',
    );
    await expectAccessible(page, 'stats, empty');

    await stats(danai, TODAY).set({ views: FieldValue.increment(1) }, { merge: true });
    await rowReads(page, 'Τι έκαναν οι επισκέπτες', 'Προβολές', ['1', '1', '1']);
    await rowReads(page, 'Τι έκαναν οι επισκέπτες', 'Αποθηκεύσεις επαφής', ['0', '0', '0']);

    // The rules themselves, with her session: a day of her card from her claim on is hers, one
    // before it (the last owner's) is not, and neither is Nefeli's day; nobody lists the days, not
    // even a range of them (a rule cannot bound a list by id: the console gets each day).
    const parent = (username: string) =>
      `projects/${process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID}/databases/(default)/documents/users/${username}`;
    const bound = (username: string, op: string, day: string) => ({
      fieldFilter: {
        field: { fieldPath: '__name__' },
        op,
        value: { referenceValue: `${parent(username)}/stats/${day}` },
      },
    });
    const listStatus = (username: string) =>
      queryStatus(page, username, {
        from: [{ collectionId: 'stats' }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [
              bound(username, 'GREATER_THAN_OR_EQUAL', DAYS[0]),
              bound(username, 'LESS_THAN_OR_EQUAL', TODAY),
            ],
          },
        },
      });
    // Before the refused requests below, which the browser logs as errors.
    expect(realProblems(problems)).toEqual([]);
    expect(await getStatus(page, danai.username, `stats/${TODAY}`)).toBe(200);
    expect(await getStatus(page, danai.username, `stats/${daysAgo(5)}`)).toBe(403);
    expect(await getStatus(page, nefeli.username, `stats/${TODAY}`)).toBe(403);
    expect(await listStatus(danai.username)).toBe(403);
    expect(await listStatus(nefeli.username)).toBe(403);
  } finally {
    await context.close();
  }
});
