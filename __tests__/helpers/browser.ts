import { readFileSync } from 'node:fs';
import type axe from 'axe-core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '@/tools/lib/chromium';
import { recordStart } from '@/tools/lib/start-ledger';
import { BROWSER_WS } from '../setup/e2e-state';
import { ceiling, WAIT_MS } from './eventually';

export function baseUrl(): string {
  const url = process.env.KARTA_BASE_URL;
  if (!url)
    throw new Error('KARTA_BASE_URL is not set: run e2e tests through Jest (global setup).');
  return url;
}

/** A Chromium of its own (Debian's, through playwright-core), for a test that must not share one. */
async function launchBrowser(): Promise<Browser> {
  recordStart('chromium');
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

/**
 * Every context of `browser` waits WAIT_MS for an element or a navigation, not Playwright's 30 s:
 * beside a CPU-bound process, a console's save and the page it changes took longer than that.
 */
function withTestTimeouts(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(ceiling(WAIT_MS));
    return context;
  };
  return browser;
}

/** The run's one Chromium when the e2e set-up started it, else one of the file's own. */
async function connectBrowser(): Promise<Browser> {
  const wsEndpoint = process.env[BROWSER_WS];
  if (!wsEndpoint) return withTestTimeouts(await launchBrowser());
  const browser = await chromium.connect(wsEndpoint);
  // Playwright takes every connect() for a browser on another machine, and then refuses a
  // download's path() (and sends uploads by value). This one runs on this machine, in the run's
  // own process: its files are ours to read, as when a file launches a browser of its own.
  (browser as unknown as { _connection: { _isRemote: boolean } })._connection._isRemote = false;
  return withTestTimeouts(browser);
}

/**
 * Collects console errors and failed requests, which no page of ours may have, and every
 * Content-Security-Policy violation (reported by the page's `securitypolicyviolation` event, on
 * top of the console error Chromium logs). Call it before the page's first navigation.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  // Both sent now, in order, ahead of the caller's navigation; the script reaches the binding
  // only when a violation happens.
  void page
    .exposeBinding('__kartaCspViolation', (_source, text: string) => {
      problems.push(`csp: ${text}`);
    })
    .catch(() => undefined);
  void page
    .addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as Record<string, (text: string) => void>)
          .__kartaCspViolation;
        report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
      });
    })
    .catch(() => undefined);
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText;
    // An image the page dropped before it arrived (a screen left, a sign-out, a reload): the
    // browser cancels it, and nothing is missing from what the visitor sees.
    if (error === 'net::ERR_ABORTED' && req.resourceType() === 'image') return;
    problems.push(`failed: ${req.url()} ${error}`);
  });
  return problems;
}

/**
 * The run's Chromium for the calling test file: a connection of its own, closed after it with the
 * contexts it opened (the browser stays up for the other files); call the getter inside tests.
 */
export function browserForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser)
      throw new Error(
        'Chromium is not running: call browserForThisFile() at the top level of the file.',
      );
    return browser;
  };
}

/**
 * One context for the file's read-only page checks, which open pages in it and navigate: a fresh
 * context costs several times a navigation. A test that needs clean storage, a cold cache, a
 * sign-in, or a user agent of its own opens its own. Call the getter inside tests.
 */
export function contextForThisFile(
  browser: () => Browser,
  options: BrowserContextOptions = {},
): () => BrowserContext {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    context = await browser().newContext(options);
  });
  afterAll(async () => {
    await context?.close();
  });
  return () => {
    if (!context)
      throw new Error('No context: call contextForThisFile() at the top level of the file.');
    return context;
  };
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

/** One of axe's violations, as plain data (nothing else crosses back from the page). */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string; summary: string }>;
}

/** axe-core (every rule it runs by default, unless `options` says otherwise) on the page as it is. */
export async function runAxe(
  page: Page,
  options: axe.RunOptions = {},
): Promise<{ violations: AxeFinding[]; passed: string[] }> {
  // Evaluated rather than added as a <script>: the pages' CSP refuses inline scripts it does not
  // know, and a test must not weaken it.
  await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'));
  return page.evaluate(async (opts) => {
    const results = await window.axe.run(document, opts);
    return {
      violations: results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String).join(' '),
          summary: n.failureSummary ?? '',
        })),
      })),
      passed: results.passes.map((p) => p.id),
    };
  }, options);
}

/** One line per failing node, so a failure says what to fix and where. */
export function explain(violations: AxeFinding[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${v.help} at ${n.target}: ${n.summary.replace(/\s+/g, ' ')}`,
    ),
  );
}

/** axe's violations on the page as it is now, one line per failing node. */
export async function axeViolations(page: Page): Promise<string[]> {
  return explain((await runAxe(page)).violations);
}

/** axe finds nothing on the page as it is, and nothing is wider than its screen. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect([screen, await axeViolations(page)]).toEqual([screen, []]);
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    wider: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  }));
  expect([screen, overflow]).toEqual([screen, { page: 0, wider: [] }]);
}
