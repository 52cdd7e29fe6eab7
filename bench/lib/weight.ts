// Page weight: the JavaScript a browser downloads for a page before its load event, what the card
// then fetches when idle before any interaction (the exchange sheet's files, run only on a tap),
// the HTML of the profile (its script inline included) and of the card with the most links, and
// where the heavy libraries are loaded (never before the load event).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { profilePath } from '../../lib/routes';
import { rawGet } from './http';

const GZIP = { 'accept-encoding': 'gzip' };

export interface Script {
  url: string;
  /** Bytes on the wire when asked with Accept-Encoding: gzip (tiny chunks are sent as is). */
  wireBytes: number;
  rawBytes: number;
  text: string;
}

export interface ScriptSet {
  scripts: Script[];
  wireBytes: number;
  rawBytes: number;
}

/** A library the card must not load before interaction, and strings that identify its code. */
export const DEFERRED_LIBS: Array<{ name: string; markers: string[] }> = [
  {
    name: 'firebase',
    markers: ['__FIREBASE_DEFAULTS__', '@firebase/', 'firestore.googleapis.com'],
  },
  { name: 'formik', markers: ['setFormikState', 'formik'] },
  { name: 'yup', markers: ['ValidationError'] },
  { name: 'react-modal-sheet', markers: ['react-modal-sheet'] },
  { name: 'motion', markers: ['framerAppearId', 'motionComponentSymbol', 'MotionValue'] },
];

export type Stage = 'load' | 'idle' | 'tap' | 'submit';

export interface LibCheck {
  name: string;
  /**
   * Where it was first found: before the load event (a failure), fetched when idle after it,
   * after the tap, after the first submit.
   */
  stage: Stage | null;
  /** `chunk: marker` of the first hit, for the report. */
  evidence: string;
  ok: boolean;
}

export interface HtmlWeight {
  rawBytes: number;
  /** Bytes on the wire when asked with Accept-Encoding: gzip. */
  gzipBytes: number;
}

export interface WeightResult {
  /** The card's scripts requested before its load event. */
  profile: ScriptSet;
  /** Requested after the load event and before any interaction. */
  idle: ScriptSet;
  root: ScriptSet;
  addedWireBytes: number;
  afterTap: ScriptSet;
  afterSubmit: ScriptSet;
  html: HtmlWeight;
  /** The card with the most links (bench/lib/links-card.ts). */
  linksHtml: HtmlWeight;
  /** The profile's English card (`/{username}/en`). */
  englishHtml: HtmlWeight;
  libs: LibCheck[];
}

async function fetchScripts(urls: string[]): Promise<ScriptSet> {
  const scripts: Script[] = [];
  for (const url of [...new Set(urls)]) {
    const res = await rawGet(url, GZIP);
    if (res.status !== 200) throw new Error(`GET ${url}: HTTP ${res.status}`);
    scripts.push({
      url,
      wireBytes: res.wireBytes,
      rawBytes: res.body.length,
      text: res.body.toString('utf8'),
    });
  }
  return {
    scripts,
    wireBytes: scripts.reduce((sum, s) => sum + s.wireBytes, 0),
    rawBytes: scripts.reduce((sum, s) => sum + s.rawBytes, 0),
  };
}

/** Records the URL of every script response the page gets. */
function scriptRecorder(page: Page): { take: () => string[]; lastAt: () => number } {
  let urls: string[] = [];
  let last = Date.now();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    urls.push(response.url());
    last = Date.now();
  });
  return {
    take: () => {
      const taken = urls;
      urls = [];
      return taken;
    },
    lastAt: () => last,
  };
}

/** Waits until no script has arrived for `quietMs` (at most `maxMs`). */
async function scriptsSettled(lastAt: () => number, quietMs = 1000, maxMs = 15_000) {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline && Date.now() - lastAt() < quietMs) await sleep(100);
}

/** `url` in a fresh phone-sized context, once no script has arrived for a while. */
async function open(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const recorder = scriptRecorder(page);
  await page.goto(url, { waitUntil: 'networkidle' }).catch(async (error: Error) => {
    await context.close();
    throw error;
  });
  await scriptsSettled(recorder.lastAt);
  return { context, page, recorder };
}

function findLib(set: ScriptSet, markers: string[]): string | null {
  for (const script of set.scripts) {
    const marker = markers.find((m) => script.text.includes(m));
    if (marker) return `${new URL(script.url).pathname.split('/').pop()}: "${marker}"`;
  }
  return null;
}

/** The HTML of the page at `url`, raw and as sent gzipped. */
async function measureHtml(url: string): Promise<HtmlWeight> {
  const html = await rawGet(url, GZIP);
  if (html.status !== 200) throw new Error(`GET ${url}: HTTP ${html.status}`);
  return { rawBytes: html.body.length, gzipBytes: html.wireBytes };
}

export async function measureWeight(
  browser: Browser,
  baseUrl: string,
  username: string,
  linksUsername: string,
): Promise<WeightResult> {
  const profileUrl = `${baseUrl}/${username}`;
  const blank = await open(browser, `${baseUrl}/`);
  const root = await fetchScripts(blank.recorder.take()).finally(() => blank.context.close());

  const { context, page, recorder } = await open(browser, profileUrl);
  let profile: ScriptSet;
  let idle: ScriptSet;
  let afterTap: ScriptSet;
  let afterSubmit: ScriptSet;
  try {
    const beforeLoad = new Set(
      await page.evaluate(() => {
        const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < nav.loadEventStart)
          .map((entry) => entry.name);
      }),
    );
    const loaded = recorder.take();
    profile = await fetchScripts(loaded.filter((url) => beforeLoad.has(url)));
    idle = await fetchScripts(loaded.filter((url) => !beforeLoad.has(url)));

    await page.getByRole('button', { name: 'Ανταλλαγή Επαφής' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Όνομα').waitFor();
    await scriptsSettled(recorder.lastAt);
    afterTap = await fetchScripts(recorder.take());

    await dialog.getByLabel('Όνομα').fill(`Bench weight ${Date.now()}`);
    await dialog.getByLabel('Email').fill('bench.weight@example.gr');
    await dialog.getByRole('button', { name: 'Αποστολή' }).click();
    await page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' }).waitFor();
    await scriptsSettled(recorder.lastAt);
    afterSubmit = await fetchScripts(recorder.take());
  } finally {
    await context.close();
  }

  const libs: LibCheck[] = DEFERRED_LIBS.map(({ name, markers }) => {
    const stages: Array<[Stage, ScriptSet]> = [
      ['load', profile],
      ['idle', idle],
      ['tap', afterTap],
      ['submit', afterSubmit],
    ];
    for (const [stage, set] of stages) {
      const evidence = findLib(set, markers);
      if (evidence) return { name, stage, evidence, ok: stage !== 'load' };
    }
    // Never seen: the markers no longer identify it, so the check proves nothing.
    return { name, stage: null, evidence: 'not found after tap or submit', ok: false };
  });

  return {
    profile,
    idle,
    root,
    addedWireBytes: profile.wireBytes - root.wireBytes,
    afterTap,
    afterSubmit,
    html: await measureHtml(profileUrl),
    linksHtml: await measureHtml(`${baseUrl}/${linksUsername}`),
    englishHtml: await measureHtml(`${baseUrl}${profilePath(username, 'en')}`),
    libs,
  };
}
