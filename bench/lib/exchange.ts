// Tap on «Ανταλλαγή στοιχείων», then type a name into «Όνομα», as a new visitor on a phone does it:
// Lighthouse's mobile profile applied through the DevTools protocol (150 ms RTT, 1,638.4 Kbps
// down, 675 Kbps up, CPU 4× slower), a fresh browser context (empty cache) per run, a touch tap.
// The figure is the time from the touch until the whole name is in the focused, visible field,
// timed inside the page. The driver (the DevTools protocol, Playwright's waits and keystrokes)
// takes time of its own, so the same run on a page whose form is already open and focused
// (bench/lib/reference-pages.ts) is measured beside it, and the card's figure is given net of that.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { median } from './stats';

/** Lighthouse's default mobile throttling (its `mobileSlow4G` figures). */
const PHONE_PROFILE = {
  rttMs: 150,
  downKbps: 1638.4,
  upKbps: 675,
  cpuSlowdown: 4,
} as const;

/** What the visitor types into «Όνομα». */
export const TYPED_NAME = 'Γιώργος';

const CASES = {
  /** The visitor reads the card for a second, then taps. */
  afterRead: { label: 'tap 1 s after load', delayMs: 1000 },
  /** The visitor taps as soon as the page has loaded. */
  atLoad: { label: 'tap at load', delayMs: 0 },
} as const;
type CaseName = keyof typeof CASES;

export interface ExchangeRun {
  /** Tap → the whole name in the focused, visible «Όνομα» (ms). */
  typedMs: number;
  /** Tap → the field on screen, visible and focused (ms); NaN when it never took focus. */
  usableMs: number;
  /** Load event → tap (ms): how "at load" the tap really was. */
  tapAfterLoadMs: number;
  /** Encoded bytes of the responses to requests sent after the tap. */
  tapBytes: number;
  /** Scripts requested before the load event (there must be none). */
  scriptsBeforeLoad: string[];
}

export interface ExchangeCase {
  label: string;
  runs: ExchangeRun[];
  /** The same driver on the page whose form is already there. */
  referenceRuns: ExchangeRun[];
  medianTypedMs: number;
  medianReferenceMs: number;
  /** The card's median over the reference's: what the visitor waits for beyond the driver. */
  netTypedMs: number;
  /** NaN when a run's field never took focus. */
  medianUsableMs: number;
  medianTapBytes: number;
}

export type ExchangeResult = Record<CaseName, ExchangeCase>;

interface PageTimes {
  tapAt: number | null;
  usableAt: number | null;
  typedAt: number | null;
  /** The field's value when last looked at, for a run whose name never arrived whole. */
  value: string | null;
}

declare global {
  interface Window {
    __exchangeBench?: PageTimes;
  }
}

// Installed before the page's own script. A string, so that nothing the TypeScript transform adds
// to functions reaches the page. It looks on every frame from the tap and on every input event,
// so it costs nothing before the tap. The field is whichever «Όνομα» is on screen: the card's plain
// form, or the sheet that took over from it.
const WATCHER = `(() => {
  const NAME = ${JSON.stringify(TYPED_NAME)};
  const t = { tapAt: null, usableAt: null, typedAt: null, value: null };
  window.__exchangeBench = t;
  const visible = (el) => {
    if (getComputedStyle(el).visibility !== 'visible') return false;
    for (let e = el; e; e = e.parentElement) {
      if (Number(getComputedStyle(e).opacity) === 0) return false;
    }
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 &&
      box.bottom <= innerHeight && box.right <= innerWidth;
  };
  const check = () => {
    if (t.tapAt === null || t.typedAt !== null) return;
    const now = performance.now();
    const input = document.activeElement;
    if (input instanceof HTMLInputElement && input.name === 'name' && visible(input)) {
      t.usableAt ??= now;
      t.value = input.value;
      if (input.value === NAME) t.typedAt = now;
    }
  };
  const frame = () => {
    check();
    if (t.typedAt === null) requestAnimationFrame(frame);
  };
  addEventListener('input', check, true);
  addEventListener('touchstart', (event) => {
    if (t.tapAt !== null || !event.target.closest || !event.target.closest('[data-exchange]')) return;
    const now = performance.now();
    // The touch's own time when the browser gives a plausible one: it includes any wait for a
    // busy main thread, which the visitor waits too.
    t.tapAt = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
    requestAnimationFrame(frame);
  }, { capture: true, passive: true });
})();`;

interface Request {
  url: string;
  type: string;
  /** Wall-clock ms. */
  sentAt: number;
  bytes: number;
  done: boolean;
}

/** Every request of the page with its start time and encoded size, from the DevTools protocol. */
function recordRequests(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  let lastEventAt = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    lastEventAt = Date.now();
    if (requests.has(e.requestId)) return; // a redirect: the same request
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      sentAt: (e.wallTime ?? 0) * 1000,
      bytes: 0,
      done: false,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    lastEventAt = Date.now();
    const request = requests.get(e.requestId);
    if (request) Object.assign(request, { bytes: e.encodedDataLength, done: true });
  });
  cdp.on('Network.loadingFailed', (e) => {
    lastEventAt = Date.now();
    const request = requests.get(e.requestId);
    if (request) request.done = true;
  });
  return {
    all: () => [...requests.values()],
    /** Resolves once nothing is in flight and nothing happened for `quietMs` (at most `maxMs`). */
    async settled(quietMs = 1000, maxMs = 15_000) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline) {
        const busy = [...requests.values()].some((r) => !r.done);
        if (!busy && Date.now() - lastEventAt >= quietMs) return;
        await sleep(100);
      }
    },
  };
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.rttMs,
    // Kbps → bytes/s, as Lighthouse converts them.
    downloadThroughput: (PHONE_PROFILE.downKbps * 1024) / 8,
    uploadThroughput: (PHONE_PROFILE.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
}

const shortName = (url: string) => new URL(url).pathname.split('/').pop() || url;

/** The page's load event and its time origin, both in the page's clock and the wall clock. */
function pageClock(page: Page) {
  return page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      origin: performance.timeOrigin,
      loadAt: nav?.loadEventStart ?? 0,
      now: performance.now(),
    };
  });
}

/** What the page shows, for a run whose name never arrived whole. */
function pageState(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify({
      times: window.__exchangeBench,
      status: document.querySelector('[data-plain-status]')?.textContent,
      active: document.activeElement?.outerHTML.slice(0, 120),
    }),
  );
}

/** Waits for the watcher's `key` to be set; a run that never gets there fails with what it saw. */
async function waitFor(page: Page, key: 'usableAt' | 'typedAt', what: string): Promise<void> {
  await page
    .waitForFunction((k) => window.__exchangeBench?.[k] != null, key, {
      polling: 'raf',
      timeout: 30_000,
    })
    .catch(async () => {
      throw new Error(`${what}: ${await pageState(page)}`);
    });
}

async function oneRun(browser: Browser, url: string, delayMs: number): Promise<ExchangeRun> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript({ content: WATCHER });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = recordRequests(cdp);
    await throttle(cdp);
    // The load event and the tap go straight through the DevTools protocol, and the button's
    // place is read before the load event (the card does not shift: CLS 0), so that the tap "at
    // load" follows the load event by two messages, not by Playwright's own checks.
    await cdp.send('Page.enable');
    const loaded = new Promise<void>((resolve) => cdp.once('Page.loadEventFired', () => resolve()));
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const box = await page.locator('[data-exchange]').boundingBox();
    if (!box || box.y + box.height > 844) throw new Error('the exchange button is off screen');
    await loaded;
    if (delayMs > 0) {
      const clock = await pageClock(page);
      const wait = clock.loadAt + delayMs - clock.now;
      if (wait > 0) await sleep(wait);
    }
    const touchPoints = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const clock = await pageClock(page);
    // The visitor types once they see the field focused, as fast as the driver can.
    await waitFor(page, 'usableAt', 'the form never took focus');
    await page.keyboard.type(TYPED_NAME);
    await waitFor(page, 'typedAt', `«${TYPED_NAME}» never arrived whole in the field`);
    const times = await page.evaluate(() => window.__exchangeBench);
    if (!times || times.tapAt === null) throw new Error('the tap never reached the button');
    const since = (at: number | null) => (at === null ? Number.NaN : at - (times.tapAt ?? 0));

    await requests.settled();
    const tapWall = clock.origin + times.tapAt;
    const loadWall = clock.origin + clock.loadAt;
    const all = requests.all();
    return {
      typedMs: since(times.typedAt),
      usableMs: since(times.usableAt),
      tapAfterLoadMs: times.tapAt - clock.loadAt,
      tapBytes: all.filter((r) => r.sentAt >= tapWall).reduce((sum, r) => sum + r.bytes, 0),
      scriptsBeforeLoad: all
        .filter((r) => r.type === 'Script' && r.sentAt < loadWall)
        .map((r) => shortName(r.url)),
    };
  } finally {
    await context.close();
  }
}

const runText = (r: ExchangeRun) =>
  `typed ${r.typedMs.toFixed(0)} ms (focused field after ${r.usableMs.toFixed(0)}), ` +
  `tap ${r.tapAfterLoadMs.toFixed(0)} ms after load, ${(r.tapBytes / 1024).toFixed(1)} KiB on tap` +
  (r.scriptsBeforeLoad.length ? `, scripts before load: ${r.scriptsBeforeLoad.join(' ')}` : '');

/**
 * `runs` runs of each case on the card, each followed by one on the reference page (so that
 * whatever slows the machine for a while slows both), after one warm-up of each that is not
 * counted.
 */
export async function measureExchange(
  browser: Browser,
  url: string,
  referenceUrl: string,
  runs: number,
): Promise<ExchangeResult> {
  await oneRun(browser, url, CASES.afterRead.delayMs);
  await oneRun(browser, referenceUrl, CASES.afterRead.delayMs);
  const result = {} as ExchangeResult;
  for (const name of Object.keys(CASES) as CaseName[]) {
    const { label, delayMs } = CASES[name];
    const done: ExchangeRun[] = [];
    const reference: ExchangeRun[] = [];
    for (let i = 1; i <= runs; i++) {
      const run = await oneRun(browser, url, delayMs);
      const ref = await oneRun(browser, referenceUrl, delayMs);
      console.log(
        `  ${label}, run ${i}/${runs}: ${runText(run)}; reference page typed ${ref.typedMs.toFixed(0)} ms`,
      );
      done.push(run);
      reference.push(ref);
    }
    const medianTypedMs = median(done.map((r) => r.typedMs));
    const medianReferenceMs = median(reference.map((r) => r.typedMs));
    result[name] = {
      label,
      runs: done,
      referenceRuns: reference,
      medianTypedMs,
      medianReferenceMs,
      netTypedMs: medianTypedMs - medianReferenceMs,
      medianUsableMs: median(done.map((r) => r.usableMs)),
      medianTapBytes: median(done.map((r) => r.tapBytes)),
    };
  }
  return result;
}
