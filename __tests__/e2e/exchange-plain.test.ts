// The exchange form before the sheet's code has arrived, in real Chromium: the card's plain form
// takes typing at once, and the sheet takes over with what was typed, focus and caret included,
// each field at the same pixels; when the code cannot be fetched the form says so in Greek and
// keeps every character.
import type { Locator, Page } from 'playwright-core';
import { adminDb } from '@/server/firebase/admin-app';
import { baseUrl, browserForThisFile, expectAccessible, watchProblems } from '../helpers/browser';
import { emulateScheme } from '../helpers/emulation';
import { untilAtRest } from '../helpers/at-rest';
import { holdSheet, PLAIN_SHEET, refuseSheet, SHEET } from '../helpers/exchange';

const browser = browserForThisFile();

/**
 * A phone opens `path` with the sheet's script held back (or refused, with `refuseSheet`) and taps
 * `button`: the card's plain form is what it gets.
 */
async function tapWithSheetWithheld(
  withhold: (page: Page) => Promise<(() => void) | void> = holdSheet,
  path = '/maria',
  button = 'Ανταλλαγή Επαφής',
): Promise<{ page: Page; problems: string[]; plain: Locator; release: () => void }> {
  const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
  const problems = watchProblems(page);
  const withheld = await withhold(page);
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
  await page.getByRole('button', { name: button }).click();
  const release = withheld ?? (() => {});
  return { page, problems, plain: page.locator(PLAIN_SHEET), release };
}

test('typed before the sheet’s code arrives, kept after it does, caret and all, in place', async () => {
  const { page, plain, release } = await tapWithSheetWithheld();
  await expectFocused(page, PLAIN_SHEET, 'name');
  await page.keyboard.type('Γιώργος');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await plain.getByLabel('Όνομα').inputValue()).toBe('Γιώργος');
  expect(await page.locator('.react-modal-sheet-container').count()).toBe(0);
  const plainFields = await fieldBoxes(page, PLAIN_SHEET);
  release();
  await plain.waitFor({ state: 'hidden' });
  const sheet = page.locator(SHEET);
  // The caret came along: two characters before the end.
  await page.keyboard.type('Χ');
  expect(await sheet.getByLabel('Όνομα').inputValue()).toBe('ΓιώργΧος');
  // Each field where the plain form had it: nothing jumps as the sheet takes over.
  await untilAtRest(sheet);
  expect(await fieldBoxes(page, SHEET)).toEqual(plainFields);
  await page.close();
});

test('sent before the sheet’s code arrives: «Αποστολή…», then the sheet sends what was typed', async () => {
  const { page, problems, plain, release } = await tapWithSheetWithheld();
  const name = `Πριν τον κώδικα ${Date.now()}`;
  await page.keyboard.type(name);
  await plain.getByLabel('Email').fill('early@example.gr');
  await plain.getByRole('button', { name: 'Αποστολή' }).click();
  const sending = plain.getByRole('button', { name: 'Αποστολή…' });
  expect(await sending.getAttribute('aria-busy')).toBe('true');
  release();
  await page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας στάλθηκαν' }).waitFor();
  const written = await adminDb()
    .collection('users/maria/contacts')
    .where('name', '==', name)
    .get();
  expect(written.docs.map((doc) => doc.get('email'))).toEqual(['early@example.gr']);
  expect(problems).toEqual([]);
  await page.close();
});

test('the code failing to load: a Greek message, and what was typed is kept', async () => {
  const { page, plain } = await tapWithSheetWithheld(refuseSheet);
  await page.keyboard.type('Γιώργος');
  await plain.getByRole('button', { name: 'Αποστολή' }).click();
  await plain.getByRole('alert').filter({ hasText: 'Η φόρμα δεν φόρτωσε πλήρως' }).waitFor();
  expect(await plain.getByLabel('Όνομα').inputValue()).toBe('Γιώργος');
  expect(await plain.getByRole('button', { name: 'Αποστολή' }).getAttribute('aria-busy')).toBe(
    'false',
  );
  await page.close();
});

test('the plain form is accessible in both colour schemes', async () => {
  const { page, plain } = await tapWithSheetWithheld();
  await plain.waitFor();
  await expectAccessible(page, 'the plain exchange form, light');
  await emulateScheme(page, 'dark');
  await expectAccessible(page, 'the plain exchange form, dark');
  await page.close();
});

test('on the English card the plain form speaks English, and the sheet takes over from it', async () => {
  const { page, problems, plain, release } = await tapWithSheetWithheld(
    holdSheet,
    '/maria/en',
    'Exchange contact',
  );
  expect(await plain.getByRole('heading').textContent()).toMatch(/^Exchange details with /);
  await page.keyboard.type('Hans');
  expect(await plain.getByLabel('Name').inputValue()).toBe('Hans');
  expect(await plain.getByRole('button', { name: 'Send' }).count()).toBe(1);
  release();
  await plain.waitFor({ state: 'hidden' });
  expect(await page.locator(SHEET).getByLabel('Name').inputValue()).toBe('Hans');
  expect(problems).toEqual([]);
  await page.close();
});

/** Until the field named `name` inside `container` has focus. */
async function expectFocused(page: Page, container: string, name: string): Promise<void> {
  await page.waitForFunction(
    ([selector, field]) => {
      const active = document.activeElement as HTMLInputElement | null;
      return !!active?.closest(selector) && active.name === field;
    },
    [container, name],
  );
}

/** Each field's box inside `container`, in CSS pixels, by name. */
function fieldBoxes(page: Page, container: string): Promise<Record<string, number[]>> {
  return page.evaluate(
    (selector) =>
      Object.fromEntries(
        [...document.querySelectorAll<HTMLInputElement>(`${selector} input`)].map((input) => {
          const { x, y, width, height } = input.getBoundingClientRect();
          return [input.name, [x, y, width, height]];
        }),
      ),
    container,
  );
}
