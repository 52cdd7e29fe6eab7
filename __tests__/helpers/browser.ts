import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '@/tools/lib/chromium';

export function baseUrl(): string {
  const url = process.env.KARTA_BASE_URL;
  if (!url)
    throw new Error('KARTA_BASE_URL is not set: run e2e tests through Jest (global setup).');
  return url;
}

/** Debian's Chromium through playwright-core: no downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error('Chromium not found: `apt-get install -y chromium` or set CHROMIUM_PATH.');
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
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
  page.on('requestfailed', (req) =>
    problems.push(`failed: ${req.url()} ${req.failure()?.errorText}`),
  );
  return problems;
}

/** One Chromium for the calling test file, closed after it; call the getter inside tests. */
export function browserForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
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
