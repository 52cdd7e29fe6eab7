// The card in English at /{username}/en, in Chromium against the production build: its words, its
// cache and CDN headers beside the Greek card's, the switch both ways, the Greek card's offer to a
// browser that asks for no Greek (and only to one), the exchange sheet sending from it, and its
// 404. The purge of both languages by one edit through Varnish: scale/cdn-purges.ts.
import { gzipSync } from 'node:zlib';
import { CARD_HTML_BUDGET } from '@/bench/lib/html-budget';
import type { Page } from 'playwright-core';
import { profilePath, vcardPath } from '@/lib/routes';
import { CARD_VERSION_HEADER } from '@/server/cdn/tags';
import { adminDb } from '@/server/firebase/admin-app';
import { seedProfiles } from '@/tools/lib/seed';
import { axeViolations, baseUrl, browserForThisFile, watchProblems } from '../helpers/browser';
import { tapExchange } from '../helpers/exchange';
import { visitorFields } from '../helpers/visitor-fields';
import { get } from '../helpers/http';

const STAMP = Date.now().toString(36);
const CARD = `en-${STAMP}`;
const EMAIL = `en-${STAMP}@karta.test`;
const PHONE = { width: 390, height: 844 };
const GREEK_LETTER = /[\u0370-\u03ff\u1f00-\u1fff]/;
const browser = browserForThisFile();

beforeAll(async () => {
  // No English field: every word of the owner's comes transliterated.
  await seedProfiles(adminDb(), [
    {
      username: CARD,
      firstName: 'Ελένη',
      lastName: 'Παπαδάκη',
      jobTitle: 'Μηχανικός',
      city: 'Πάτρα',
      email: EMAIL,
      mobileNumber: '+30 690 000 5678',
    },
  ]);
});

async function open(pathname: string, locale = 'el-GR') {
  const context = await browser().newContext({ viewport: PHONE, locale });
  await context.addInitScript(observeLayoutShifts);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const response = await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'networkidle' });
  // The card's script has run (the offer, if any, is shown after load).
  await page.waitForFunction(() => document.documentElement.dataset.enhanced === 'true');
  return { context, page, problems, status: response?.status() };
}

/** The visible words of karta's own: buttons, captions, the place; the owner's are Latin too. */
const shownWords = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main :not([lang="el"]):not(script)')]
      .filter((el) => el.children.length === 0 && (el as HTMLElement).offsetParent !== null)
      .map((el) => el.textContent ?? ''),
  );

test('the English card: lang="en", English words, the card’s own script and CSP, no Greek', async () => {
  const { context, page, problems, status } = await open(profilePath(CARD, 'en'));
  expect(status).toBe(200);
  expect(await page.getAttribute('html', 'lang')).toBe('en');
  expect(await page.locator('h1').innerText()).toBe('Eleni Papadaki');
  expect(await page.locator('.headline').innerText()).toBe('Michanikos');
  expect(await page.locator('.location').innerText()).toBe('Patra, Greece');
  await page.getByRole('button', { name: 'Exchange contact' }).waitFor();
  const save = page.getByRole('link', { name: 'Save contact' });
  expect(await save.getAttribute('href')).toBe(vcardPath(CARD, 'en'));
  await page.getByRole('button', { name: 'Share' }).waitFor();
  await page.getByRole('link', { name: 'QR code' }).waitFor();
  expect((await shownWords(page)).filter((text) => GREEK_LETTER.test(text))).toEqual([]);
  // Never offered English again on the English card.
  expect(await page.locator('[data-offer]').count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('within the card’s budgets: ≤ 30 KiB and 14 KiB gzip, no script but the inline one, nothing overflows', async () => {
  for (const pathname of [profilePath('maria', 'en'), profilePath('maria')]) {
    const { body } = await get(pathname);
    const size = { bytes: Buffer.byteLength(body), gzipBytes: gzipSync(body).length };
    expect([
      pathname,
      size.bytes <= CARD_HTML_BUDGET.bytes,
      size.gzipBytes <= CARD_HTML_BUDGET.gzipBytes,
    ]).toEqual([pathname, true, true]);
    expect(body).not.toMatch(/<script[^>]+src=/);
    expect(body.match(/<script/g)).toHaveLength(2);
  }
  const { context, page } = await open(profilePath('maria', 'en'), 'de-DE');
  const beyond = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(beyond).toEqual([]);
  await context.close();
});

test('cached and tagged as the Greek card: its CDN tag, its version, ISR', async () => {
  const greek = await get(profilePath(CARD));
  await get(profilePath(CARD, 'en'));
  const english = await get(profilePath(CARD, 'en'));
  expect(english.status).toBe(200);
  for (const name of ['surrogate-key', 'cache-tag', CARD_VERSION_HEADER, 'cache-control']) {
    expect([name, english.headers.get(name)]).toEqual([name, greek.headers.get(name)]);
  }
  expect(english.headers.get('x-nextjs-cache')).toBe('HIT');
  expect(english.headers.get('content-security-policy')).toBe(
    greek.headers.get('content-security-policy'),
  );
  // HTML's attribute names are the same in any case (React writes hrefLang).
  const alternates = [
    ...english.body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/gi),
  ];
  expect(alternates.map(([, lang, href]) => [lang, href])).toEqual([
    ['el', `${baseUrl()}${profilePath(CARD)}`],
    ['en', `${baseUrl()}${profilePath(CARD, 'en')}`],
    ['x-default', `${baseUrl()}${profilePath(CARD)}`],
  ]);
  expect(english.body).toContain(
    `<link rel="canonical" href="${baseUrl()}${profilePath(CARD, 'en')}"/>`,
  );
});

test('the switch: ΕΛ ⇄ EN, plain links, both ways', async () => {
  const { context, page, problems } = await open(profilePath(CARD));
  await page.getByRole('link', { name: 'Read in English' }).click();
  await page.waitForURL(`${baseUrl()}${profilePath(CARD, 'en')}`);
  expect(await page.getAttribute('html', 'lang')).toBe('en');
  await page.getByRole('link', { name: 'Ανάγνωση στα ελληνικά' }).click();
  await page.waitForURL(`${baseUrl()}${profilePath(CARD)}`);
  expect(await page.getAttribute('html', 'lang')).toBe('el');
  expect(await page.locator('h1').innerText()).toBe('Ελένη Παπαδάκη');
  expect(problems).toEqual([]);
  await context.close();
});

declare global {
  interface Window {
    /** The page's layout shifts so far (what CLS adds up), from an observer set before its HTML. */
    layoutShift?: () => number;
  }
}

/** Adds up every layout shift of the context's pages from their start: read with layoutShift(). */
function observeLayoutShifts(): void {
  let total = 0;
  const add = (entries: PerformanceEntryList) => {
    for (const entry of entries) total += (entry as unknown as { value: number }).value;
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  window.layoutShift = () => {
    add(observer.takeRecords());
    return total;
  };
}

test('the offer: shown to a German browser, not to a Greek one; a link, no redirect, no shift', async () => {
  const german = await open(profilePath(CARD), 'de-DE');
  const offer = german.page.getByRole('link', { name: 'Read this card in English' });
  await offer.waitFor({ state: 'visible' });
  expect(german.page.url()).toBe(`${baseUrl()}${profilePath(CARD)}`);
  expect(await german.page.getAttribute('html', 'lang')).toBe('el');
  // Two frames after it showed: any shift it caused is recorded by then.
  await german.page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await german.page.evaluate(() => window.layoutShift?.())).toBe(0);
  expect(await axeViolations(german.page)).toEqual([]);
  await offer.click();
  await german.page.waitForURL(`${baseUrl()}${profilePath(CARD, 'en')}`);
  expect(german.problems).toEqual([]);
  await german.context.close();

  const greek = await open(profilePath(CARD), 'el-GR');
  expect(await greek.page.evaluate(() => navigator.languages)).toContain('el-GR');
  expect(await greek.page.locator('[data-offer]').isHidden()).toBe(true);
  expect(greek.problems).toEqual([]);
  await greek.context.close();
});

test('the exchange sheet in English: its words and messages, it sends, and the card confirms in English', async () => {
  const { context, page, problems } = await open(profilePath(CARD, 'en'), 'en-GB');
  await tapExchange(page, 'Exchange contact');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  // In English: its title, labels and a validation message, and no Greek word of karta's own
  // (the owner's name is transliterated on this card).
  await dialog.getByRole('heading', { name: /^Exchange details with / }).waitFor();
  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.getByText('Enter a valid email address').waitFor();
  expect(GREEK_LETTER.test((await dialog.innerText()) ?? '')).toBe(false);
  const name = `Hans ${STAMP}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill('hans@example.de');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('status').filter({ hasText: 'Your details have been sent' }).waitFor();
  const written = (
    await adminDb().collection(`users/${CARD}/contacts`).where('name', '==', name).get()
  ).docs;
  expect(written.map((doc) => visitorFields(doc.data()))).toEqual([['createdAt', 'email', 'name']]);
  expect(problems).toEqual([]);
  await context.close();
});

test('no such card: the English 404, cached with the card’s tag', async () => {
  const res = await get(profilePath(`nobody-${STAMP}`, 'en'));
  expect(res.status).toBe(404);
  expect(res.body).toContain('<html lang="en">');
  expect(res.body).toContain('Card not found');
  expect(res.body).not.toMatch(GREEK_LETTER);
  expect(res.headers.get('surrogate-key')).toBe(`card-nobody-${STAMP}`);
});
