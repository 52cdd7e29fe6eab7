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

/** Collects console errors and failed requests, which no page of ours may have. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
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
