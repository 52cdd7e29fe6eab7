// The exchange form before the sheet's code has arrived, in real Chromium: the card's plain form
// takes typing at once, and the sheet takes over with what was typed, focus and caret included;
// when the code cannot be fetched the form says so in Greek and keeps every character.
import type { Page, Route } from 'playwright-core';
import { baseUrl, browserForThisFile, watchProblems } from '../helpers/browser';
import { PLAIN_SHEET } from '../helpers/exchange';

const browser = browserForThisFile();
const SHEET_SCRIPT = /\/_karta\/sheet-[^/]*\.js$/;

async function openCard(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
  const problems = watchProblems(page);
  return { page, problems };
}

test('typed before the sheet’s code arrives, kept after it does, caret and all', async () => {
  const { page } = await openCard();
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(SHEET_SCRIPT, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${baseUrl()}/maria`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Ανταλλαγή Επαφής' }).click();
  const plain = page.locator(PLAIN_SHEET);
  await expectFocused(page, 'plainInput', 'name');
  await page.keyboard.type('Γιώργος');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await plain.getByLabel('Όνομα').inputValue()).toBe('Γιώργος');
  expect(await page.locator('.react-modal-sheet-container').count()).toBe(0);
  release();
  await plain.waitFor({ state: 'hidden' });
  const sheet = page.locator('.react-modal-sheet-container[role="dialog"]');
  // The caret came along: two characters before the end.
  await page.keyboard.type('Χ');
  expect(await sheet.getByLabel('Όνομα').inputValue()).toBe('ΓιώργΧος');
  await page.close();
});

test('the code failing to load: a Greek message, and what was typed is kept', async () => {
  const { page } = await openCard();
  await page.route(SHEET_SCRIPT, (route) => route.abort('internetdisconnected'));
  await page.goto(`${baseUrl()}/maria`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Ανταλλαγή Επαφής' }).click();
  const plain = page.locator(PLAIN_SHEET);
  await page.keyboard.type('Γιώργος');
  await plain.getByRole('button', { name: 'Αποστολή' }).click();
  await plain.getByRole('alert').filter({ hasText: 'Η φόρμα δεν φόρτωσε πλήρως' }).waitFor();
  expect(await plain.getByLabel('Όνομα').inputValue()).toBe('Γιώργος');
  expect(await plain.getByRole('button', { name: 'Αποστολή' }).getAttribute('aria-busy')).toBe(
    'false',
  );
  await page.close();
});

async function expectFocused(page: Page, className: string, name: string): Promise<void> {
  await page.waitForFunction(
    ([cls, field]) => {
      const active = document.activeElement as HTMLInputElement | null;
      return active?.classList.contains(cls) && active.name === field;
    },
    [className, name],
  );
}
