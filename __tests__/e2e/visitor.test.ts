// The visitor in the real world, in Chromium against the production build: in-app browsers,
// both colour schemes, the privacy notice, Share and the QR code, and a card whose first paint
// needs nothing but its HTML.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CARD_HTML_BUDGET } from '@/bench/lib/html-budget';
import jsQR from 'jsqr';
import type { BrowserContextOptions } from 'playwright-core';
import sharp from 'sharp';
import { adminDb } from '@/server/firebase/admin-app';
import { cardUrl, qrCodeUrl } from '@/lib/routes';
import { ROOT } from '@/tools/lib/paths';
import { BROWSER_AGENTS, IN_APP_AGENTS } from '../fixtures/user-agents';
import {
  axeViolations,
  baseUrl,
  browserForThisFile,
  contextForThisFile,
  explain,
  runAxe,
  watchProblems,
} from '../helpers/browser';
import { untilAtRest } from '../helpers/at-rest';
import { tapExchange } from '../helpers/exchange';
import { get } from '../helpers/http';
import { eventually } from '../helpers/eventually';
import { openToRead } from '../helpers/page-to-read';
import { PHONE_VIEWPORT } from '../helpers/viewports';

declare global {
  interface Window {
    sharedData?: ShareData[];
  }
}

// The whole table runs in the unit test of the detection (visitor-in-app-browser.test.ts); here,
// the hint in each of its two forms (Android's link to Chrome, iOS's copy button), and no hint in
// the two browsers most like them: iOS Safari shares the in-app iOS agents' WebKit tokens, and a
// desktop browser must never see it.
const pick = <T extends [string, ...unknown[]]>(rows: T[], names: string[]): T[] =>
  names.map((name) => rows.find((row) => row[0] === name)!);
const IN_APP = pick(IN_APP_AGENTS, ['Instagram, iOS', 'Instagram, Android']);
const BROWSERS = pick(BROWSER_AGENTS, ['Safari, iOS', 'Chrome, Windows']);
const SCREENSHOTS = path.join(ROOT, 'artifacts', 'screenshots');
const browser = browserForThisFile();

async function open(pathname: string, options: BrowserContextOptions = {}) {
  const context = await browser().newContext({ viewport: PHONE_VIEWPORT, ...options });
  const page = await context.newPage();
  const problems = watchProblems(page);
  const response = await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'networkidle' });
  return { context, page, problems, response };
}

const shared = contextForThisFile(browser, { viewport: PHONE_VIEWPORT });

/** A page of the file's shared context, for a check that only reads the card. */
const openShared = (pathname: string, colorScheme: 'light' | 'dark' = 'light') =>
  openToRead(shared(), pathname, { colorScheme });

/** Decodes the QR code in a PNG with jsqr, an independent decoder. */
async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

async function revalidate(username: string) {
  const res = await fetch(`${baseUrl()}/api/revalidate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${process.env.REVALIDATE_SECRET}`,
    },
    body: JSON.stringify({ username }),
  });
  expect(res.status).toBe(200);
}

async function untilStatus(pathname: string, status: number) {
  return eventually(
    async () => {
      const res = await get(pathname);
      return res.status === status && res;
    },
    { every: 50, what: `${pathname} answering ${status}` },
  );
}

async function untilShown(pathname: string, text: string) {
  // A revalidation's recheck (one read deadline of 8 s and a render) is what brings the edit when
  // the card's first render was still being stored as the edit arrived: WAIT_MS covers it.
  await eventually(async () => (await get(pathname)).body.includes(text), {
    every: 50,
    what: `${pathname} showing ${text}`,
  });
}

describe('the QR code', () => {
  test('/{username}/qr.svg: an SVG, cached and tagged like the card, that decodes to the card URL', async () => {
    const res = await fetch(`${baseUrl()}/maria/qr.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('surrogate-key')).toBe('card-maria');
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=3600/);
    const svg = await res.text();
    const page = await browser().newPage({ viewport: { width: 400, height: 400 } });
    await page.setContent(
      `<body style="margin:0"><img src="${baseUrl()}/maria/qr.svg" width="400" height="400"></body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const decoded = await decodeQr(await page.screenshot());
    await page.close();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(decoded).toBe(qrCodeUrl('maria'));
    expect((await get('/nobody-here/qr.svg')).status).toBe(404);
  });

  test('the QR button shows the code large enough to scan, and it scans to the card', async () => {
    const { page, problems } = await openShared('/maria');
    await page.getByRole('link', { name: 'Κωδικός QR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Σαρώστε με την κάμερα του κινητού' });
    await dialog.waitFor();
    const image = dialog.getByRole('img', { name: 'Κωδικός QR της κάρτας: Μαρία Παπαδοπούλου' });
    await image.evaluate((img: HTMLImageElement) => img.decode());
    const box = await image.boundingBox();
    // Most of a phone's width: another phone's camera reads it from arm's length.
    expect(box!.width).toBeGreaterThanOrEqual(280);
    expect(await decodeQr(await image.screenshot())).toBe(qrCodeUrl('maria'));
    await page.screenshot({ path: path.join(SCREENSHOTS, 'maria-qr-390x844.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe(
      'Κωδικός QR',
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  test('revalidating a card regenerates its QR code: same URL, same bytes; gone with the card', async () => {
    const username = 'qrvisitor';
    await adminDb().doc(`users/${username}`).set({ firstName: 'Άννα', lastName: 'Κ' });
    try {
      await revalidate(username);
      const first = await untilStatus(`/${username}/qr.svg`, 200);
      expect(first.headers.get('surrogate-key')).toBe(`card-${username}`);

      await adminDb().doc(`users/${username}`).update({ jobTitle: 'Φαρμακοποιός' });
      await revalidate(username);
      await untilShown(`/${username}`, 'Φαρμακοποιός');
      // Regenerated with the card, and the URL did not change: not a byte either.
      const again = await get(`/${username}/qr.svg`);
      expect(again.status).toBe(200);
      expect(again.body).toBe(first.body);
      expect(
        await decodeQr(await sharp(Buffer.from(again.body)).resize(400).png().toBuffer()),
      ).toBe(qrCodeUrl(username));

      await adminDb().doc(`users/${username}`).delete();
      await revalidate(username);
      await untilStatus(`/${username}/qr.svg`, 404);
    } finally {
      await adminDb().doc(`users/${username}`).delete();
    }
  });
});

describe('Share', () => {
  test('without the Web Share API, Share copies the canonical URL and says so in Greek', async () => {
    const { context, page, problems } = await open('/maria');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    expect(await page.evaluate(() => 'share' in navigator)).toBe(false);
    await page.getByRole('button', { name: 'Κοινοποίηση' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Ο σύνδεσμος της κάρτας αντιγράφηκε' })
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cardUrl('maria'));
    expect(problems).toEqual([]);
    await context.close();
  });

  test('with the Web Share API, Share hands the name and the canonical URL to it', async () => {
    const context = await browser().newContext({ viewport: PHONE_VIEWPORT });
    await context.addInitScript(() => {
      window.sharedData = [];
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => void window.sharedData!.push(data),
      });
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/maria`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Κοινοποίηση' }).click();
    await page.waitForFunction(() => window.sharedData!.length > 0);
    expect(await page.evaluate(() => window.sharedData)).toEqual([
      { title: 'Μαρία Παπαδοπούλου', url: cardUrl('maria') },
    ]);
    await context.close();
  });
});

describe('the privacy notice', () => {
  test('the sheet names the owner and links to /privacy, which answers 200 in Greek', async () => {
    const { page } = await openShared('/maria');
    await tapExchange(page);
    const dialog = page.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
    await dialog.waitFor();
    await dialog.getByText('Τα στοιχεία σας πηγαίνουν μόνο στον/στην Μαρία.').waitFor();
    const href = await dialog
      .getByRole('link', { name: 'Πώς προστατεύονται' })
      .getAttribute('href');
    expect(href).toBe('/privacy');
    await page.close();

    const res = await get(href!);
    expect(res.status).toBe(200);
    for (const heading of [
      'Τι αποθηκεύεται',
      'Για ποιο σκοπό',
      'Ποιος τα βλέπει',
      'Για πόσο',
      'Πώς τα διαγράφετε',
    ]) {
      expect(res.body).toContain(`>${heading}</h2>`);
    }
    // App Check is off in the tests, so its paragraph is left out.
    expect(res.body).not.toContain('reCAPTCHA');
  });
});

describe('in-app browsers', () => {
  test.each(IN_APP)('%s: the hint and its way out', async (_, app, platform, userAgent) => {
    const { context, page } = await open('/maria', { userAgent });
    const hint = page.getByRole('note');
    await hint.waitFor();
    expect(await hint.innerText()).toContain(
      `Η αποθήκευση της επαφής λειτουργεί στο πρόγραμμα περιήγησης του κινητού σας, όχι ${app ? `μέσα στο ${app}` : 'μέσα σε αυτή την εφαρμογή'}.`,
    );
    if (platform === 'android') {
      const href = await hint
        .getByRole('link', { name: 'Άνοιγμα στο Chrome' })
        .getAttribute('href');
      expect(href).toMatch(
        /^intent:\/\/127\.0\.0\.1:\d+\/maria#Intent;scheme=http;package=com\.android\.chrome;/,
      );
    } else {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      await hint.getByRole('button', { name: 'Αντιγραφή συνδέσμου' }).click();
      await hint.getByText('Ο σύνδεσμος της κάρτας αντιγράφηκε').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cardUrl('maria'));
    }
    await context.close();
  });

  test.each(BROWSERS)('%s: no hint', async (_, userAgent) => {
    const { context, page } = await open('/maria', { userAgent });
    // Hydrated (the island answers), so the hint would have shown by now.
    await tapExchange(page);
    await page.getByRole('dialog').waitFor();
    expect(await page.getByRole('note').count()).toBe(0);
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('the %s scheme', (colorScheme) => {
  // The one axe check of these screens (quality.test.ts checks the card's contrast at 1280 px).
  test('axe: the card, the sheet, the QR code, the privacy page, / and the 404 page', async () => {
    const { page } = await openShared('/maria', colorScheme);
    const card = await runAxe(page);
    expect(explain(card.violations)).toEqual([]);
    expect(card.passed).toContain('color-contrast');
    await page.screenshot({
      path: path.join(SCREENSHOTS, `maria-${colorScheme}-390x844.png`),
      fullPage: true,
    });

    await tapExchange(page);
    const dialog = page.getByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Μαρία' });
    await dialog.waitFor();
    // Contrast is measured with the sheet at rest, its open animation over.
    await untilAtRest(dialog);
    const sheet = await runAxe(page);
    expect(explain(sheet.violations)).toEqual([]);
    // The form itself was checked, not just the page behind it.
    expect(sheet.passed).toEqual(expect.arrayContaining(['label', 'aria-dialog-name']));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Κωδικός QR' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    for (const [pathname, status] of [
      ['/privacy', 200],
      ['/', 200],
      ['/nobody-here', 404],
    ] as const) {
      const response = await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'networkidle' });
      expect([pathname, response?.status(), ...(await axeViolations(page))]).toEqual([
        pathname,
        status,
      ]);
    }
    await page.close();
  });

  test('the in-app hint passes axe too', async () => {
    const [, , , userAgent] = IN_APP_AGENTS[0];
    const { context, page } = await open('/maria', { colorScheme, userAgent });
    await page.getByRole('note').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test('the first paint is already in the scheme, before any script runs', async () => {
    const { context, page } = await open('/maria', { colorScheme, javaScriptEnabled: false });
    const colours = await page.evaluate(() => ({
      page: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
      meta: document.querySelector('meta[name="color-scheme"]')?.getAttribute('content'),
    }));
    expect(colours).toEqual(
      colorScheme === 'dark'
        ? { page: 'rgb(18, 18, 18)', text: 'rgb(236, 236, 236)', meta: 'light dark' }
        : { page: 'rgb(255, 255, 255)', text: 'rgb(26, 26, 26)', meta: 'light dark' },
    );
    await context.close();
  });
});

describe('painted after one round trip', () => {
  test('the card HTML: CSS inline, no stylesheet link, the display image preloaded, ≤ 30 KiB and 14 KiB gzip', async () => {
    const res = await get('/maria');
    expect(res.status).toBe(200);
    const html = res.body;
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(html).toMatch(/<style[^>]*>[^<]*prefers-color-scheme:\s*dark/);
    const preload = /<link rel="preload"[^>]*as="image"[^>]*>/.exec(html)?.[0] ?? '';
    expect(preload).toContain('maria.jpg');
    expect(preload).toMatch(/fetchpriority="high"/i);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(CARD_HTML_BUDGET.bytes);
    expect(gzipSync(html).length).toBeLessThanOrEqual(CARD_HTML_BUDGET.gzipBytes);
  });

  test('without App Check configured, nothing of it loads, even on a send', async () => {
    const { context, page, problems } = await open('/maria');
    const scripts: string[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push(await res.text());
    });
    const requests: string[] = [];
    page.on('request', (req) => requests.push(req.url()));
    await tapExchange(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Όνομα').fill(`App Check off ${Date.now()}`);
    await dialog.getByLabel('Email').fill('appcheck.off@example.gr');
    await dialog.getByRole('button', { name: 'Αποστολή' }).click();
    await page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' }).waitFor();
    // The sheet, the form and the Firestore client did load: the check looked at real chunks.
    expect(scripts.some((text) => text.includes('firestore'))).toBe(true);
    // Strings of the App Check SDK's own code (its token exchange, the script it would load); the
    // client's chunk only names the SDK's exports where it would import it.
    expect(
      scripts.filter((text) =>
        /exchangeRecaptchaEnterpriseToken|recaptcha\/enterprise\.js/.test(text),
      ),
    ).toEqual([]);
    expect(requests.filter((url) => /recaptcha|google\.com/.test(url))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
