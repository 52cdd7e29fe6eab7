// Contact write latency: in Chromium, a visitor sends their details N times; each time we measure
// from the tap on 'Αποστολή' to the document being readable with firebase-admin.
import type { Firestore } from 'firebase-admin/firestore';
import type { Browser } from 'playwright-core';
import { epochNow, median, percentile, withTimeout } from './stats';

export interface ContactLatency {
  samples: number[];
  /** Tap → the confirmation in role=status, as the visitor sees it. */
  confirmSamples: number[];
  medianMs: number;
  p95Ms: number;
  firstMs: number;
  confirmMedianMs: number;
}

declare global {
  interface Window {
    __benchTapAt?: number;
  }
}

/** `seen` resolves with the wall-clock time the query first returns a document. */
function whenReadable(db: Firestore, path: string, name: string) {
  let unsubscribe: () => void = () => {};
  let listening: () => void = () => {};
  let failed: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    listening = resolve;
    failed = reject;
  });
  const seen = new Promise<number>((resolve, reject) => {
    unsubscribe = db
      .collection(path)
      .where('name', '==', name)
      .onSnapshot(
        (snapshot) => {
          if (snapshot.empty) listening();
          else resolve(epochNow());
        },
        (error: Error) => {
          failed(error);
          reject(error);
        },
      );
  });
  seen.catch(() => undefined); // awaited by the caller; never an unhandled rejection
  return { ready, seen, stop: () => unsubscribe() };
}

export async function measureContactWrites(
  browser: Browser,
  db: Firestore,
  profileUrl: string,
  username: string,
  count: number,
): Promise<ContactLatency> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const samples: number[] = [];
  const confirmSamples: number[] = [];
  try {
    const page = await context.newPage();
    await page.goto(profileUrl, { waitUntil: 'networkidle' });
    // The tap's time, taken in the page as the click reaches the submit button.
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        (event) => {
          const target = event.target as Element | null;
          if (target?.closest('button[type="submit"]')) {
            window.__benchTapAt = performance.timeOrigin + performance.now();
          }
        },
        true,
      );
    });
    const run = Date.now().toString(36);
    const status = page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' });
    for (let i = 1; i <= count; i++) {
      const name = `Bench ${run} ${i}`;
      await page.getByRole('button', { name: 'Ανταλλαγή Επαφής' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Όνομα').fill(name);
      await dialog.getByLabel('Email').fill(`bench.${run}.${i}@example.gr`);
      const watch = whenReadable(db, `users/${username}/contacts`, name);
      try {
        await withTimeout(watch.ready, 15_000, 'the Firestore listener did not start');
        await page.evaluate(() => {
          window.__benchTapAt = undefined;
        });
        const confirmed = status.waitFor({ timeout: 15_000 }).then(() => epochNow());
        confirmed.catch(() => undefined); // awaited below; never an unhandled rejection
        const before = epochNow();
        await dialog.getByRole('button', { name: 'Αποστολή' }).click();
        const readableAt = await withTimeout(
          watch.seen,
          15_000,
          `contact ${i} not readable in 15 s`,
        );
        const confirmedAt = await confirmed;
        const tapAt = (await page.evaluate(() => window.__benchTapAt)) ?? before;
        samples.push(readableAt - tapAt);
        confirmSamples.push(confirmedAt - tapAt);
      } finally {
        watch.stop();
      }
      await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    }
  } finally {
    await context.close();
  }
  return {
    samples,
    confirmSamples,
    medianMs: median(samples),
    p95Ms: percentile(samples, 95),
    firstMs: samples[0] ?? Number.NaN,
    confirmMedianMs: median(confirmSamples),
  };
}
