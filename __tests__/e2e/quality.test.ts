// Quality gates on the production build in real Chromium: contrast at a desktop width (axe on each
// screen of the card, in both schemes, is visitor.test.ts's), layout at a phone and a desktop
// width, the card without JavaScript, and pages that load without a single console error or
// failed request.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Response } from 'playwright-core';
import { CARD_END_ID } from '@/components/card/Card';
import { DEMO_PROFILES_FILE } from '@/tools/lib/paths';
import { loadProfilesFile } from '@/tools/lib/seed';
import {
  baseUrl,
  browserForThisFile,
  contextForThisFile,
  explain,
  runAxe,
} from '../helpers/browser';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const maria = loadProfilesFile(DEMO_PROFILES_FILE).find((p) => p.username === 'maria')!;

const browser = browserForThisFile();
const context = contextForThisFile(browser, { viewport: PHONE });

async function open(
  pathname: string,
  { viewport = PHONE }: { viewport?: typeof PHONE } = {},
): Promise<{ page: Page; response: Response | null }> {
  const page = await context().newPage();
  await page.setViewportSize(viewport);
  const response = await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'networkidle' });
  return { page, response };
}

/**
 * The layout shifts of the page so far, not caused by input, each with what moved (tag, class,
 * from and to): a failure says what to fix.
 */
async function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        // LayoutShift is not in TypeScript's DOM library.
        type LayoutShift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: {
            node: Node | null;
            previousRect: DOMRectReadOnly;
            currentRect: DOMRectReadOnly;
          }[];
        };
        const box = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}x${height}`;
        const shifts: string[] = [];
        const take = (entries: PerformanceEntryList) => {
          for (const entry of entries as LayoutShift[]) {
            if (entry.hadRecentInput) continue;
            const moved = entry.sources.map(({ node, previousRect, currentRect }) => {
              const el = node instanceof Element ? node : node?.parentElement;
              const name = el ? `${el.tagName.toLowerCase()}.${el.className}` : '?';
              return `${name} ${box(previousRect)} → ${box(currentRect)}`;
            });
            shifts.push(`${entry.value}: ${moved.join('; ')}`);
          }
        };
        const observer = new PerformanceObserver((list) => take(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        // The buffered shifts are the observer's from observe() on: whatever its callback has
        // not been given two frames later, takeRecords() hands over. No timer to outlast.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            take(observer.takeRecords());
            observer.disconnect();
            resolve(shifts);
          }),
        );
      }),
  );
}

/** Resolves after `count` frames of a blank page of the file's browser. */
async function framesPass(count: number): Promise<void> {
  const ticker = await browser().newPage();
  await ticker.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        const tick = () => (--frames > 0 ? requestAnimationFrame(tick) : resolve());
        requestAnimationFrame(tick);
      }),
    count,
  );
  await ticker.close();
}

/** The page's first paints so far (first-paint is not counted: a blank frame is no content). */
const firstPaints = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByName('first-contentful-paint').map((entry) => entry.name),
  );

/**
 * A relay to the run's origin that sends `pathname`'s HTML in two parts, cut after the first tag
 * holding `cutInside`, the second on `release()`; everything else passes as it is.
 */
async function startSplitRelay(pathname: string, cutInside: string) {
  const html = await (await fetch(`${baseUrl()}${pathname}`)).text();
  const cut = html.indexOf('>', html.indexOf(cutInside)) + 1;
  if (cut < 1) throw new Error(`${pathname} has no ${cutInside}`);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((req, res) => {
    void (async () => {
      if (req.url === pathname) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write(html.slice(0, cut));
        await released;
        res.end(html.slice(cut));
        return;
      }
      const body: Buffer[] = [];
      for await (const chunk of req) body.push(chunk as Buffer);
      const upstream = await fetch(`${baseUrl()}${req.url}`, {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'text/plain' },
        body: body.length ? Buffer.concat(body) : undefined,
      });
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    })().catch((error: unknown) => res.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    release,
    stop: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each([
  ['390x844', PHONE],
  ['1280x800', DESKTOP],
])('the profile page at %s', (_, viewport) => {
  test.each(['maria', 'eleni'])('/%s: nothing overflows horizontally', async (username) => {
    const { page } = await open(`/${username}`, { viewport });
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      const width = root.clientWidth;
      const beyond = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      return { scrollWidth: root.scrollWidth, clientWidth: width, beyond };
    });
    expect(overflow.beyond).toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    await page.close();
  });

  test('the social icons are 80x80', async () => {
    const { page } = await open('/maria', { viewport });
    const boxes = await page.locator('nav a[data-social] svg.socialTile').evaluateAll((tiles) =>
      tiles.map((tile) => {
        const r = tile.getBoundingClientRect();
        return [r.width, r.height];
      }),
    );
    expect(boxes).toEqual([
      [80, 80],
      [80, 80],
      [80, 80],
      [80, 80],
    ]);
    await page.close();
  });

  test('the display image has its square reserved before any image arrives', async () => {
    const page = await browser().newPage({ viewport });
    await page.route('**/_next/image**', (route) => route.abort());
    await page.goto(`${baseUrl()}/maria`, { waitUntil: 'networkidle' });
    const image = await page
      .locator('main img')
      .first()
      .evaluate((img: HTMLImageElement) => {
        const box = img.parentElement!.getBoundingClientRect();
        return { loaded: img.naturalWidth > 0, width: box.width, height: box.height };
      });
    // Blocked for real, or the measurement would prove nothing.
    expect(image.loaded).toBe(false);
    const cardWidth = Math.min(viewport.width, 480);
    expect(image).toEqual({ loaded: false, width: cardWidth, height: cardWidth });
    await page.close();
  });

  test('loading the page shifts nothing (CLS = 0)', async () => {
    // A context of its own: its photo must come over the network, not from the shared cache.
    const page = await browser().newPage({ viewport });
    await page.goto(`${baseUrl()}/maria`, { waitUntil: 'networkidle' });
    expect(await layoutShifts(page)).toEqual([]);
    await page.close();
  });

  test('HTML that arrives in two parts, cut inside a button, is painted whole: nothing shifts', async () => {
    // A slow network hands the parser the card in pieces, and Chromium paints what it has parsed
    // when it yields: the exchange button painted before its label, and the label's arrival moved
    // it. The document holds its first paint until the whole card is parsed (CardDocument.tsx).
    const relay = await startSplitRelay('/maria', 'data-exchange');
    const page = await browser().newPage({ viewport });
    try {
      await page.goto(`${relay.url}/maria`, { waitUntil: 'commit' });
      // Polled by interval: a page that holds its rendering runs no animation frames.
      await page.waitForFunction(() => document.querySelector('[data-exchange]') !== null, null, {
        polling: 50,
      });
      // A page that holds its rendering runs no frame callbacks and no idle tasks, so the frames
      // are counted in another: had this one been free to paint the part parsed so far, ten
      // frames of the same browser later it has.
      await framesPass(10);
      const paintedBeforeTheRest = await firstPaints(page);
      relay.release();
      await page.waitForLoadState('load');
      await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length,
      );
      expect({
        paintedBeforeTheRest,
        whole: await page.evaluate((id) => document.getElementById(id) !== null, CARD_END_ID),
        shifts: await layoutShifts(page),
      }).toEqual({ paintedBeforeTheRest: [], whole: true, shifts: [] });
    } finally {
      await page.close();
      await relay.stop();
    }
  });

  test('the photo arriving after the first paint shifts nothing', async () => {
    // On a busy phone (and beside a busy CPU) the card paints before its images arrive: each
    // must have its box before it has its pixels. Held here until Chromium has painted.
    const page = await browser().newPage({ viewport });
    let release!: () => void;
    const painted = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'image') return route.continue();
      held.push(new URL(route.request().url()).pathname);
      await painted;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/maria`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() =>
      performance.getEntriesByName('first-contentful-paint').some(Boolean),
    );
    release();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('main img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    // Held for real, or the test would prove nothing.
    expect(held).toContain('/_next/image');
    expect(await layoutShifts(page)).toEqual([]);
    await page.close();
  });
});

// axe on every screen of the card, in both schemes, is visitor.test.ts's, at the phone's width.
test('at 1280x800 text contrast passes (axe color-contrast)', async () => {
  const { page } = await open('/maria', { viewport: DESKTOP });
  const { violations, passed } = await runAxe(page, {
    runOnly: { type: 'rule', values: ['color-contrast'] },
  });
  expect(explain(violations)).toEqual([]);
  expect(passed).toEqual(['color-contrast']);
  await page.close();
});

test('at 1280 the card is centred and at most 480 px wide', async () => {
  const { page } = await open('/maria', { viewport: DESKTOP });
  const box = await page.locator('main').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: document.documentElement.clientWidth - r.right, width: r.width };
  });
  expect(box.width).toBeGreaterThan(300);
  expect(box.width).toBeLessThanOrEqual(480);
  expect(Math.abs(box.left - box.right)).toBeLessThanOrEqual(1);
  await page.close();
});

describe('without JavaScript', () => {
  test('the card, its links and Save contact all work as plain HTML', async () => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      acceptDownloads: true,
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/maria`, { waitUntil: 'networkidle' });
    // Scripts really are off: the card's script, which marks the page when it runs, never ran.
    const enhanced = (p: typeof page) =>
      p.evaluate(() => 'enhanced' in document.documentElement.dataset);
    expect(await enhanced(page)).toBe(false);
    const { page: scripted } = await open('/maria');
    await scripted.waitForFunction(() => 'enhanced' in document.documentElement.dataset);
    expect(await enhanced(scripted)).toBe(true);
    await scripted.close();

    expect(await page.locator('h1').innerText()).toBe('Μαρία Παπαδοπούλου');
    expect(await page.getByText('Αρχιτέκτονας, @Studio Φως').count()).toBe(1);
    const rows = await page.$$eval('[data-row]', (els) =>
      els.map((el) => [el.getAttribute('data-row'), el.querySelector('a')?.getAttribute('href')]),
    );
    expect(rows).toEqual([
      ['email', `mailto:${maria.email}`],
      ['phone', 'tel:+306912345678'],
      [
        'address',
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(String(maria.address))}`,
      ],
      ['website', 'https://www.example.gr/'],
    ]);
    const social = await page.$$eval('nav a', (els) =>
      els.map((a) => [a.getAttribute('data-social'), a.getAttribute('href')]),
    );
    expect(social).toEqual([
      ['facebook', 'https://www.facebook.com/example'],
      ['instagram', 'https://www.instagram.com/example'],
      ['viber', 'viber://chat?number=%2B306912345678'],
      ['whatsapp', 'https://wa.me/306912345678'],
    ]);

    const save = page.getByRole('link', { name: 'Αποθήκευση Επαφής' });
    expect(await save.getAttribute('href')).toBe('/maria/vcard');
    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    expect(download.suggestedFilename()).toBe('Μαρία.vcf');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('BEGIN:VCARD')).toBe(true);
    expect(text).toContain('FN:Μαρία Παπαδοπούλου');
    await context.close();
  });
});

describe('no console errors or failed requests', () => {
  test.each([
    ['/', 200],
    ['/maria', 200],
    ['/nikos', 200],
    ['/eleni', 200],
    ['/kostas', 200],
    ['/alice', 200],
    ['/nobody-here', 404],
  ])('%s', async (pathname, status) => {
    const page = await context().newPage();
    const documentUrl = `${baseUrl()}${pathname}`;
    const isDocument404 = (url: string, code: number) =>
      status === 404 && code === 404 && url === documentUrl;
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      // Chromium logs the document's own 404 as a console error; only that one is expected.
      if (isDocument404(msg.location().url, /status of 404/.test(msg.text()) ? 404 : 0)) return;
      problems.push(`console: ${msg.text()} (${msg.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('requestfailed', (req) =>
      problems.push(`failed: ${req.url()} ${req.failure()?.errorText}`),
    );
    page.on('response', (res) => {
      if (res.status() < 400) return;
      if (isDocument404(res.url(), res.status()) && res.request().resourceType() === 'document') {
        return;
      }
      problems.push(`HTTP ${res.status()}: ${res.url()}`);
    });
    const response = await page.goto(documentUrl, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(status);

    // Headless Chromium does not fetch icons itself: every one the head names, and /favicon.ico.
    const icons = await page.$$eval(
      'head link[rel~="icon"], head link[rel="apple-touch-icon"]',
      (els) => els.map((el) => (el as HTMLLinkElement).href),
    );
    expect(icons.length).toBeGreaterThanOrEqual(2);
    for (const icon of ['/favicon.ico', ...icons]) {
      const res = await fetch(new URL(icon, baseUrl()));
      expect([icon, res.status, res.headers.get('content-type')?.split('/')[0]]).toEqual([
        icon,
        200,
        'image',
      ]);
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
