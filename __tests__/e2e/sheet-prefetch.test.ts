// The exchange sheet's code is fetched ahead, when idle after the card's load event, into the cache
// only (a prefetch: not parsed or compiled before the tap, docs/performance.md), except for a
// visitor who asks to save data or is on 2G (browser/card/after-load.ts): there nothing
// is fetched until the visitor reaches for «Ανταλλαγή Επαφής», and the tap still opens the form.
// The connection is Chromium's own, as DevTools emulates it.
import type { Page } from 'playwright-core';
import { CARD_ASSETS_URL_PREFIX } from '@/lib/card-assets';
import { IDLE_TIMEOUT_MS } from '@/browser/card/after-load';
import { baseUrl, browserForThisFile, watchProblems } from '../helpers/browser';
import { holdSheet, PLAIN_SHEET, tapExchange } from '../helpers/exchange';
import { eventually } from '../helpers/eventually';

const browser = browserForThisFile();

type Connection = 'normal' | 'Save-Data' | '2g' | 'slow-2g';

/**
 * The round trip Chromium is told of (its effectiveType follows it; on its own it would estimate
 * one from the machine, busy or not): set on navigator.connection only, the requests themselves
 * are not slowed down.
 */
const RTT_MS: Record<Connection, number> = {
  normal: 50,
  'Save-Data': 50,
  '2g': 1500,
  'slow-2g': 2500,
};

/** navigator.connection on each. */
const SEEN: Record<Connection, { saveData: boolean; effectiveType: string }> = {
  normal: { saveData: false, effectiveType: '4g' },
  'Save-Data': { saveData: true, effectiveType: '4g' },
  '2g': { saveData: false, effectiveType: '2g' },
  'slow-2g': { saveData: false, effectiveType: 'slow-2g' },
};

interface Visit {
  page: Page;
  problems: string[];
  /** Requests for the sheet's files (its script, chunks and stylesheet). */
  sheetRequests: string[];
  /** The sheet's script, as the card's HTML names it. */
  sheetUrl: string;
  /** Responses to the sheet's files: whether Chromium took each from what was prefetched. */
  sheetResponses: Array<{ url: string; fromPrefetchCache: boolean }>;
}

/** navigator.connection as a page reads it (what the card's script asks). */
function readConnection(page: Page): Promise<{ saveData?: boolean; effectiveType?: string }> {
  return page.evaluate(() => {
    type Connection = { saveData: boolean; effectiveType: string };
    const c = (navigator as Navigator & { connection?: Connection }).connection;
    return { saveData: c?.saveData, effectiveType: c?.effectiveType };
  });
}

/**
 * Opens /maria on `connection` and returns once the card has had its idle moment after load. The
 * emulation is applied, and seen by the page's blank document, before the card is asked for: the
 * card reads the connection once, after its load event.
 */
async function visit(connection: Connection): Promise<Visit> {
  const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
  const problems = watchProblems(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.overrideNetworkState', {
    offline: false,
    latency: RTT_MS[connection],
    downloadThroughput: -1,
    uploadThroughput: -1,
    connectionType: connection.endsWith('2g') ? 'cellular2g' : 'wifi',
  });
  if (connection === 'Save-Data') {
    await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  }
  // An older Chromium (150, Debian's on a machine with old package lists) takes the override but
  // keeps effectiveType at '4g': this test then says which Chromium lacks what, not a wrong figure.
  const version = browser().version();
  await eventually(
    async () => {
      expect(await readConnection(page)).toEqual(SEEN[connection]);
      return true;
    },
    {
      what:
        `Chromium ${version} showing CDP's Network.overrideNetworkState (latency ` +
        `${RTT_MS[connection]} ms${connection === 'Save-Data' ? ', Emulation.setDataSaverOverride' : ''}) ` +
        `in navigator.connection (a feature of current Chromium; install it: apt-get update first)`,
    },
  );
  const sheetResponses: Visit['sheetResponses'] = [];
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', ({ response }) => {
    if (new URL(response.url).pathname.startsWith(CARD_ASSETS_URL_PREFIX)) {
      sheetResponses.push({ url: response.url, fromPrefetchCache: !!response.fromPrefetchCache });
    }
  });
  const sheetRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(CARD_ASSETS_URL_PREFIX)) {
      sheetRequests.push(request.url());
    }
  });
  await page.goto(`${baseUrl()}/maria`, { waitUntil: 'load' });
  // The emulation still holds in the card's document, as the card's script reads it.
  expect(await readConnection(page)).toEqual(SEEN[connection]);
  // Two idle callbacks of the test's own, one inside the other, each queued after the card's (which
  // asks about the connection in one idle moment and for the files in the next, asked for in its
  // load handler), with a later deadline: once they have run, the card's have too.
  await page.evaluate(
    (timeout) =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout }), { timeout }),
      ),
    2 * IDLE_TIMEOUT_MS,
  );
  await page.waitForLoadState('networkidle');
  const button = page.getByRole('button', { name: 'Ανταλλαγή Επαφής' });
  const sheetUrl = new URL((await button.getAttribute('data-sheet')) ?? '', baseUrl()).href;
  return { page, problems, sheetRequests, sheetUrl, sheetResponses };
}

async function openSheet(page: Page) {
  await tapExchange(page);
  const dialog = page.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
  await dialog.getByLabel('Όνομα').waitFor();
}

test('on a normal connection the sheet is prefetched when idle after load; the tap takes it from there', async () => {
  const { page, problems, sheetRequests, sheetUrl, sheetResponses } = await visit('normal');
  expect(sheetRequests).toContain(sheetUrl);
  // Stored, not parsed: a modulepreload would compile the sheet's script as it arrives.
  expect(
    await page.locator(`link[rel=prefetch][href="${new URL(sheetUrl).pathname}"]`).count(),
  ).toBe(1);
  expect(await page.locator('link[rel=modulepreload]').count()).toBe(0);

  sheetResponses.length = 0;
  await openSheet(page);
  expect(sheetResponses).toContainEqual({ url: sheetUrl, fromPrefetchCache: true });
  expect(problems).toEqual([]);
  await page.close();
});

test.each(['Save-Data', '2g', 'slow-2g'] as const)(
  'on %s nothing of the sheet is fetched ahead, and the tap still gives a form that takes typing at once',
  async (connection) => {
    const { page, problems, sheetRequests, sheetUrl } = await visit(connection);
    expect(sheetRequests).toEqual([]);
    expect(await page.locator('link[rel=prefetch], link[rel=modulepreload]').count()).toBe(0);

    // The tap gives the card's own form at once: typing waits for nothing of the sheet, held
    // back here until the name is in.
    const release = await holdSheet(page);
    await page.getByRole('button', { name: 'Ανταλλαγή Επαφής' }).click();
    await page.keyboard.type('Γιώργος');
    expect(await page.locator(PLAIN_SHEET).getByLabel('Όνομα').inputValue()).toBe('Γιώργος');
    release();
    await page.locator(PLAIN_SHEET).waitFor({ state: 'hidden' });
    const dialog = page.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
    expect(await dialog.getByLabel('Όνομα').inputValue()).toBe('Γιώργος');
    expect(sheetRequests).toContain(sheetUrl);
    expect(problems).toEqual([]);
    await page.close();
  },
);
