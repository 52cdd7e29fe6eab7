// Tap on 'Ανταλλαγή Επαφής' → a form the visitor can type in, as a new visitor on a phone gets it:
// Lighthouse's mobile profile applied through the DevTools protocol (150 ms RTT, 1,638.4 Kbps
// down, 675 Kbps up, CPU 4× slower), a fresh browser context (empty cache) per run, a touch tap.
// Timed inside the page from the touch to the first frame in which the first field is on screen,
// visible and focused, then confirmed by typing into it.
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

const CASES = {
  /** The visitor reads the card for a second, then taps. */
  afterRead: { label: 'tap 1 s after load', delayMs: 1000 },
  /** The visitor taps as soon as the page has loaded. */
  atLoad: { label: 'tap at load', delayMs: 0 },
} as const;
type CaseName = keyof typeof CASES;

export interface ExchangeRun {
  /** Tap → the first field on screen, visible and focused (ms); NaN when it never took focus. */
  usableMs: number;
  /** Tap → each condition first held, for seeing what the wait was made of (ms). */
  visibleMs: number;
  focusedMs: number;
  /** Load event → tap (ms): how "at load" the tap really was. */
  tapAfterLoadMs: number;
  /** Encoded bytes of the responses to requests sent after the tap. */
  tapBytes: number;
  /** Scripts requested before the load event (there must be none). */
  scriptsBeforeLoad: string[];
  /** Typing a character into the field worked. */
  typed: boolean;
}

export interface ExchangeCase {
  label: string;
  runs: ExchangeRun[];
  /** NaN when a run's field never took focus. */
  medianUsableMs: number;
  medianVisibleMs: number;
  medianTapBytes: number;
}

export type ExchangeResult = Record<CaseName, ExchangeCase>;

interface PageTimes {
  tapAt: number | null;
  visibleAt: number | null;
  focusedAt: number | null;
  usableAt: number | null;
}

declare global {
  interface Window {
    __exchangeBench?: PageTimes;
  }
}

// Installed before the card's own script. A string, so that nothing the TypeScript transform adds
// to functions reaches the page. The frame loop starts on the tap, so it costs nothing before.
const WATCHER = `(() => {
  const t = { tapAt: null, visibleAt: null, focusedAt: null, usableAt: null };
  window.__exchangeBench = t;
  const field = () => {
    for (const label of document.querySelectorAll('[role="dialog"] label')) {
      if (label.textContent.trim() === 'Όνομα' && label.htmlFor) {
        return document.getElementById(label.htmlFor);
      }
    }
    return null;
  };
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
    const now = performance.now();
    const input = field();
    if (input) {
      const shown = visible(input);
      const focused = document.activeElement === input;
      if (shown) t.visibleAt ??= now;
      if (focused) t.focusedAt ??= now;
      if (shown && focused) t.usableAt = now;
    }
    if (t.usableAt === null) requestAnimationFrame(check);
  };
  addEventListener('touchstart', (event) => {
    if (t.tapAt !== null || !event.target.closest || !event.target.closest('[data-exchange]')) return;
    const now = performance.now();
    // The touch's own time when the browser gives a plausible one: it includes any wait for a
    // busy main thread, which the visitor waits too.
    t.tapAt = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
    requestAnimationFrame(check);
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

/** How long after the field shows a run waits for it to take focus before calling it unfocused. */
const UNFOCUSED_GRACE_MS = 2000;

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

/** What the page shows, for a run that never got its form. */
function pageState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('[role="dialog"] input');
    const box = input?.getBoundingClientRect();
    return JSON.stringify({
      times: window.__exchangeBench,
      error: document.querySelector('[data-exchange-error]')?.textContent,
      input: input
        ? {
            visibility: getComputedStyle(input).visibility,
            box: box && [box.top, box.bottom, innerHeight],
            focused: document.activeElement === input,
          }
        : null,
      active: document.activeElement?.outerHTML.slice(0, 80),
    });
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
    await page
      .waitForFunction(
        (graceMs) => {
          const t = window.__exchangeBench;
          // Shown but never focused: the visitor would have to tap the field first.
          const unfocused = t?.visibleAt != null && performance.now() - t.visibleAt > graceMs;
          return t?.usableAt != null || unfocused;
        },
        UNFOCUSED_GRACE_MS,
        { polling: 200, timeout: 30_000 },
      )
      .catch(async () => {
        throw new Error(`the form never became usable: ${await pageState(page)}`);
      });
    const times = await page.evaluate(() => window.__exchangeBench);
    if (!times || times.tapAt === null) throw new Error('the tap never reached the button');
    const tapAt = times.tapAt;
    const since = (at: number | null) => (at === null ? Number.NaN : at - tapAt);

    // The field has focus: a key typed now lands in it.
    await page.keyboard.type('K');
    const typed = await page.evaluate(() => {
      const el = document.activeElement;
      return el instanceof HTMLInputElement && el.name === 'name' && el.value === 'K';
    });

    await requests.settled();
    const tapWall = clock.origin + tapAt;
    const loadWall = clock.origin + clock.loadAt;
    const all = requests.all();
    const afterTap = all.filter((r) => r.sentAt >= tapWall);
    return {
      usableMs: since(times.usableAt),
      visibleMs: since(times.visibleAt),
      focusedMs: since(times.focusedAt),
      tapAfterLoadMs: tapAt - clock.loadAt,
      tapBytes: afterTap.reduce((sum, r) => sum + r.bytes, 0),
      scriptsBeforeLoad: all
        .filter((r) => r.type === 'Script' && r.sentAt < loadWall)
        .map((r) => shortName(r.url)),
      typed,
    };
  } finally {
    await context.close();
  }
}

const runText = (r: ExchangeRun) =>
  `usable ${Number.isNaN(r.usableMs) ? 'never (no focus)' : `${r.usableMs.toFixed(0)} ms`} ` +
  `(visible ${r.visibleMs.toFixed(0)}, focused ${r.focusedMs.toFixed(0)}), ` +
  `tap ${r.tapAfterLoadMs.toFixed(0)} ms after load, ` +
  `${(r.tapBytes / 1024).toFixed(1)} KiB on tap${r.typed ? '' : ', TYPING FAILED'}` +
  (r.scriptsBeforeLoad.length ? `, scripts before load: ${r.scriptsBeforeLoad.join(' ')}` : '');

/** `runs` runs of each case, after one warm-up of the server that is not counted. */
export async function measureExchange(
  browser: Browser,
  url: string,
  runs: number,
): Promise<ExchangeResult> {
  await oneRun(browser, url, CASES.afterRead.delayMs);
  const result = {} as ExchangeResult;
  for (const name of Object.keys(CASES) as CaseName[]) {
    const { label, delayMs } = CASES[name];
    const done: ExchangeRun[] = [];
    for (let i = 1; i <= runs; i++) {
      const run = await oneRun(browser, url, delayMs);
      console.log(`  ${label}, run ${i}/${runs}: ${runText(run)}`);
      done.push(run);
    }
    result[name] = {
      label,
      runs: done,
      medianUsableMs: done.some((r) => Number.isNaN(r.usableMs))
        ? Number.NaN
        : median(done.map((r) => r.usableMs)),
      medianVisibleMs: median(done.map((r) => r.visibleMs)),
      medianTapBytes: median(done.map((r) => r.tapBytes)),
    };
  }
  return result;
}
