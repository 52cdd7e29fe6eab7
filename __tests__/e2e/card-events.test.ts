// What the card counts, in real Chromium against the production build: the beacons its script
// sends to EVENTS_PATH, caught by request interception (answered 204 here: the endpoint is not
// what is tested), one view after the load event and one event per tap, each with the card's stats
// key as the origin computes it (so a real endpoint would count it); a visit from the QR code
// (`?src=qr`) or the wallet pass (`?src=wallet`) counted as such and its address cleaned; the
// card's CSP allowing all of it; and the origin's ISR answering `?src=qr` from the card's one
// cached entry.
import type { BrowserContext, Page } from 'playwright-core';
import { IDLE_TIMEOUT_MS } from '@/browser/card/after-load';
import { cardUrl, qrCodeUrl, walletUrl } from '@/lib/routes';
import { EVENTS_PATH, type Beacon } from '@/lib/stats/events';
import { cardKey } from '@/server/stats/card-key';
import { baseUrl, browserForThisFile, watchProblems } from '../helpers/browser';
import { tapExchange } from '../helpers/exchange';
import { get } from '../helpers/http';
import { eventually } from '../helpers/eventually';

const PHONE = { width: 390, height: 844 };
const browser = browserForThisFile();

/** For a beacon the card sent in its last idle moment to reach the test's route. */
const QUIET_MS = 2500;

interface Visit {
  context: BrowserContext;
  page: Page;
  problems: string[];
  beacons: Beacon[];
}

const until = (condition: () => boolean, what: string) =>
  eventually(condition, { every: 25, what });

async function visit(pathname: string): Promise<Visit> {
  const context = await browser().newContext({ viewport: PHONE, acceptDownloads: true });
  // Taps that leave the card for another site open a tab there; it is not the card's business.
  await context.route(/^https:\/\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'elsewhere' }),
  );
  const page = await context.newPage();
  const problems = watchProblems(page);
  const beacons: Beacon[] = [];
  await page.route(`**${EVENTS_PATH}`, async (route) => {
    const request = route.request();
    expect(request.method()).toBe('POST');
    beacons.push(JSON.parse(request.postData() ?? 'null') as Beacon);
    await route.fulfill({ status: 204 });
  });
  await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'load' });
  await until(() => beacons.length > 0, 'the view');
  return { context, page, problems, beacons };
}

/**
 * Returns once the card's work after load has run, plus QUIET_MS for a beacon it sent to arrive:
 * two idle callbacks of the test's own, one inside the other, queued after the card's and with a
 * later deadline, run only after the card's have.
 */
async function quiet(page: Page): Promise<void> {
  await page.evaluate(
    (timeout) =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout }), { timeout }),
      ),
    2 * IDLE_TIMEOUT_MS,
  );
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
}
/** Maria's card, as its beacons name it: with its key, from the stack's REVALIDATE_SECRET. */
const maria = { u: 'maria', k: cardKey(process.env.REVALIDATE_SECRET as string, 'maria') };
const view = { ...maria, e: 'view' };

test('a visit sends exactly one view, which starts after the load event, within the CSP', async () => {
  const { context, page, problems, beacons } = await visit('/maria');
  // The route sees the beacon before its resource entry is recorded (that waits for the answer).
  await page.waitForFunction(
    (path) =>
      performance
        .getEntriesByType('resource')
        .some((entry) => new URL(entry.name).pathname === path),
    EVENTS_PATH,
  );
  const timing = await page.evaluate((path) => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const sent = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === path)
      .map((entry) => entry.startTime);
    return { loadEventEnd: navigation.loadEventEnd, sent };
  }, EVENTS_PATH);
  expect(timing.loadEventEnd).toBeGreaterThan(0);
  expect(timing.sent).toHaveLength(1);
  expect(timing.sent[0]).toBeGreaterThanOrEqual(timing.loadEventEnd);
  await quiet(page);
  expect(beacons).toEqual([view]);
  expect(page.url()).toBe(`${baseUrl()}/maria`);
  expect(problems).toEqual([]);
  await context.close();
});

test('from the QR code: the view carries q:1, the address bar loses ?src=qr, canonical never had it', async () => {
  const url = new URL(qrCodeUrl('maria'));
  expect(url.search).toBe('?src=qr');
  const { context, page, problems, beacons } = await visit(`/maria${url.search}`);
  await quiet(page);
  expect(beacons).toEqual([{ ...view, q: 1 }]);
  expect(page.url()).toBe(`${baseUrl()}/maria`);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toBe(cardUrl('maria'));
  expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(
    cardUrl('maria'),
  );
  expect(problems).toEqual([]);
  await context.close();
});

test('from the wallet pass: the view carries w:1 and the address bar loses ?src=wallet', async () => {
  const url = new URL(walletUrl('maria'));
  expect(url.search).toBe('?src=wallet');
  const { context, page, problems, beacons } = await visit(`/maria${url.search}`);
  await quiet(page);
  expect(beacons).toEqual([{ ...view, w: 1 }]);
  expect(page.url()).toBe(`${baseUrl()}/maria`);
  expect(problems).toEqual([]);
  await context.close();
});

/** Each of the card's counted actions, and how a visitor does it. */
const ACTIONS: Array<[string, Beacon['e'], (page: Page) => Promise<void>]> = [
  [
    'Save contact',
    'save',
    async (page) => {
      await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Αποθήκευση Επαφής' }).click(),
      ]);
    },
  ],
  [
    'Share',
    'share',
    async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: baseUrl(),
      });
      await page.getByRole('button', { name: 'Κοινοποίηση' }).click();
      await page.getByRole('status').filter({ hasText: 'αντιγράφηκε' }).waitFor();
    },
  ],
  [
    'the QR dialog',
    'qr',
    async (page) => {
      await page.getByRole('link', { name: 'Κωδικός QR' }).click();
      await page.getByRole('dialog', { name: 'Σαρώστε με την κάμερα του κινητού' }).waitFor();
    },
  ],
  [
    'opening the exchange sheet',
    'sheet',
    async (page) => {
      await tapExchange(page);
      await page.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' }).waitFor();
    },
  ],
  [
    'a tap on WhatsApp',
    'whatsapp',
    async (page) => {
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('link', { name: /^WhatsApp/ }).click(),
      ]);
      await tab.close();
    },
  ],
];

test.each(ACTIONS)('%s sends exactly its event (%s), with the card', async (_, event, act) => {
  const { context, page, problems, beacons } = await visit('/maria');
  await act(page);
  await until(() => beacons.length > 1, event);
  await quiet(page);
  expect(beacons).toEqual([view, { ...maria, e: event }]);
  expect(problems).toEqual([]);
  await context.close();
});

test('a contact sent through the sheet sends sheet, then exchange once it is written', async () => {
  const { context, page, problems, beacons } = await visit('/maria');
  await tapExchange(page);
  const dialog = page.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
  await dialog.waitFor();
  await dialog.getByLabel('Όνομα').fill(`Μετρημένος ${Date.now()}`);
  await dialog.getByLabel('Email').fill('counted@example.gr');
  await dialog.getByRole('button', { name: 'Αποστολή' }).click();
  await page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' }).waitFor();
  await until(() => beacons.length > 2, 'exchange');
  await quiet(page);
  expect(beacons).toEqual([view, { ...maria, e: 'sheet' }, { ...maria, e: 'exchange' }]);
  expect(problems).toEqual([]);
  await context.close();
});

test("the origin answers ?src=qr from the card's one ISR entry: a hit, the same bytes", async () => {
  await get('/maria');
  const plain = await get('/maria');
  expect(plain.headers.get('x-nextjs-cache')).toMatch(/HIT|STALE/);
  const fromQr = await get('/maria?src=qr');
  expect(fromQr.status).toBe(200);
  expect(fromQr.headers.get('x-nextjs-cache')).toBe(plain.headers.get('x-nextjs-cache'));
  expect(fromQr.body).toBe(plain.body);
  // Nothing in the page (canonical, Open Graph, JSON-LD, Share's URL) carries the parameter.
  expect(fromQr.body).not.toContain('src=qr');
  expect(fromQr.body).toContain(`<link rel="canonical" href="${cardUrl('maria')}"/>`);
});
