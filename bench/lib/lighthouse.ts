// Lighthouse (default config: mobile, simulated throttling) against Debian's Chromium, launched
// by chrome-launcher with a DevTools port, several runs per page in one browser session.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import type { Result } from 'lighthouse';
import { CHROMIUM_ARGS } from '../../tools/lib/chromium';
import { median } from './stats';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  /** Lowest score over the runs, 0..1. */
  score: number;
  displayValue: string;
  /** In how many of the runs it scored under 1. */
  runs: number;
}

export interface PageLighthouse {
  url: string;
  /** Lighthouse's own version. */
  version: string;
  runs: number;
  /** Median category scores, 0..100. */
  scores: Record<Category, number>;
  lcpMs: number;
  /** LCP of every run, for the log. */
  allLcpMs: number[];
  /**
   * The requests Lighthouse found blocking the first render (its render-blocking insight), the
   * most any run had, with their URLs.
   */
  renderBlocking: string[];
  tbtMs: number;
  /** TBT of every run, for the log. */
  allTbtMs: number[];
  cls: number;
  fcpMs: number;
  /** Lighthouse's CPU benchmark index (median): lower means a slower or busier machine. */
  benchmarkIndex: number;
  failing: FailingAudit[];
  warnings: string[];
}

type Cleanup = () => Promise<void>;

function renderBlockingUrls(lhr: Result): string[] {
  const details = lhr.audits['render-blocking-insight']?.details;
  const items = details && 'items' in details && Array.isArray(details.items) ? details.items : [];
  return items.map((item: unknown) =>
    item && typeof item === 'object' && 'url' in item ? String(item.url) : 'unknown',
  );
}

function summarise(url: string, results: Result[]): PageLighthouse {
  const score = (lhr: Result, c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(results.map((r) => score(r, c)))]),
  ) as Record<Category, number>;

  const failing = new Map<string, FailingAudit>();
  for (const lhr of results) {
    for (const category of CATEGORIES) {
      if (scores[category] >= 100) continue;
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) continue;
        if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
        const key = `${category}/${ref.id}`;
        const seen = failing.get(key);
        failing.set(key, {
          category,
          id: ref.id,
          title: audit.title,
          score: Math.min(audit.score, seen?.score ?? 1),
          displayValue: audit.displayValue ?? seen?.displayValue ?? '',
          runs: (seen?.runs ?? 0) + 1,
        });
      }
    }
  }
  return {
    url,
    version: results[0]?.lighthouseVersion ?? 'unknown',
    runs: results.length,
    scores,
    lcpMs: median(results.map((r) => metric(r, 'largest-contentful-paint'))),
    allLcpMs: results.map((r) => metric(r, 'largest-contentful-paint')),
    renderBlocking: results
      .map(renderBlockingUrls)
      .reduce((most, urls) => (urls.length > most.length ? urls : most), []),
    tbtMs: median(results.map((r) => metric(r, 'total-blocking-time'))),
    allTbtMs: results.map((r) => metric(r, 'total-blocking-time')),
    cls: median(results.map((r) => metric(r, 'cumulative-layout-shift'))),
    fcpMs: median(results.map((r) => metric(r, 'first-contentful-paint'))),
    benchmarkIndex: median(results.map((r) => r.environment.benchmarkIndex)),
    failing: [...failing.values()].sort((a, b) => a.score - b.score),
    warnings: [...new Set(results.flatMap((r) => r.runWarnings))],
  };
}

/**
 * Runs Lighthouse `runs` times on each URL (after one warm-up run each), interleaved, and returns
 * the medians per URL; each report (JSON) is kept under `runDir`/lighthouse.
 */
export async function runLighthouse(
  chromiumPath: string,
  urls: string[],
  runs: number,
  runDir: string,
  addCleanup: (cleanup: Cleanup) => void,
): Promise<PageLighthouse[]> {
  const reportDir = path.join(runDir, 'lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    // chrome-launcher's own defaults (no timer throttling, no extensions…) would change what the
    // figures measure; the browser gets the flags it always had, plus the port and a temp profile.
    ignoreDefaultFlags: true,
    // Our own shutdown kills it, in order with the other processes.
    handleSIGINT: false,
  });
  addCleanup(async () => chrome.kill());
  const { port } = chrome;
  try {
    const { default: lighthouse } = await import('lighthouse');
    const results = new Map<string, Result[]>(urls.map((url) => [url, []]));
    // Run 0 of each URL warms the server, the image optimiser's cache and Chromium; not counted.
    for (let i = 0; i <= runs; i++) {
      for (const url of urls) {
        const started = Date.now();
        const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const lhr = result.lhr;
        if (lhr.runtimeError) {
          throw new Error(
            `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
          );
        }
        const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '') || 'root';
        writeFileSync(path.join(reportDir, `${slug}-${i}.json`), JSON.stringify(lhr));
        if (i > 0) results.get(url)?.push(lhr);
        const perf = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
        console.log(
          `  ${i === 0 ? 'warm-up' : `run ${i}/${runs}`} ${new URL(url).pathname}: ` +
            `performance ${perf}, LCP ${audit('largest-contentful-paint')} ms, ` +
            `TBT ${audit('total-blocking-time')} ms, CPU benchmark ` +
            `${Math.round(lhr.environment.benchmarkIndex)} ` +
            `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      }
    }
    return urls.map((url) => summarise(url, results.get(url) ?? []));
  } finally {
    // Also removes the temporary profile.
    chrome.kill();
  }
}
