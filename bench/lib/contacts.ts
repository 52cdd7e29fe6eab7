// Contact write latency: in Chromium, a visitor sends their details N times; each time we measure
// from the tap on 'Αποστολή' to the document being readable with firebase-admin.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Firestore } from 'firebase-admin/firestore';
import type { Browser, Locator, Page } from 'playwright-core';
import { withDeadline } from '../../lib/deadline';
import { epochNow, median, percentile } from './stats';

export interface ContactLatency {
  /** The first includes loading firebase. */
  samples: number[];
  medianMs: number;
  p95Ms: number;
}

const SENT = 'Τα στοιχεία σας στάλθηκαν';

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

/**
 * Fills a field and checks it took: now and then a fill sent as the sheet appears never reaches
 * the input (no input event), which would make the submit a validation error instead of a write.
 */
async function fillChecked(field: Locator, value: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await field.fill(value);
    if ((await field.inputValue()) === value) return;
    await sleep(50);
  }
  throw new Error(`could not fill ${await field.getAttribute('name')} with "${value}"`);
}

/** Why a contact did not show up: what the sheet shows, and whether a plain read finds it. */
async function diagnose(page: Page, db: Firestore, username: string, name: string, i: number) {
  const docs = await db.collection(`users/${username}/contacts`).where('name', '==', name).get();
  const sheet = await page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]');
    const root = document.querySelector('[data-sheet-state]');
    const inputs = [...(dialog?.querySelectorAll('input') ?? [])].map(
      (el) => `${el.name}=${JSON.stringify(el.value)}`,
    );
    const messages = [...(dialog?.querySelectorAll('p') ?? [])].map((el) => el.textContent);
    return `sheet ${root?.getAttribute('data-sheet-state') ?? 'absent'}, inputs ${inputs.join(' ')}, messages ${JSON.stringify(messages)}`;
  });
  return (
    `contact ${i} ("${name}") not readable 15 s after the tap: a plain read finds ` +
    `${docs.size} document(s); ${sheet}`
  );
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
    const status = page.getByRole('status').filter({ hasText: SENT });
    for (let i = 1; i <= count; i++) {
      const name = `Bench ${run} ${i}`;
      await page.getByRole('button', { name: 'Ανταλλαγή Επαφής' }).click();
      const dialog = page.getByRole('dialog');
      await fillChecked(dialog.getByLabel('Όνομα'), name);
      await fillChecked(dialog.getByLabel('Email'), `bench.${run}.${i}@example.gr`);
      const watch = whenReadable(db, `users/${username}/contacts`, name);
      try {
        await withDeadline(
          watch.ready,
          15_000,
          () => new Error('the Firestore listener did not start'),
        );
        await page.evaluate(() => {
          window.__benchTapAt = undefined;
        });
        const before = epochNow();
        await dialog.getByRole('button', { name: 'Αποστολή' }).click();
        const readableAt = await withDeadline(
          watch.seen,
          15_000,
          () => new Error(`contact ${i}`),
        ).catch(async () => {
          throw new Error(await diagnose(page, db, username, name, i));
        });
        await status.waitFor({ timeout: 15_000 });
        const tapAt = (await page.evaluate(() => window.__benchTapAt)) ?? before;
        samples.push(readableAt - tapAt);
      } finally {
        watch.stop();
      }
      // The sheet slides out for ~0.3 s after it reports hidden; a tap during that slide reopens
      // the closing sheet, which then remounts its form. Wait until it has left the DOM.
      await page.locator('[role="dialog"]').waitFor({ state: 'detached', timeout: 15_000 });
    }
  } finally {
    await context.close();
  }
  return {
    samples,
    medianMs: median(samples),
    p95Ms: percentile(samples, 95),
  };
}
