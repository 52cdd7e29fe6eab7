// The exchange button's tap, as a visitor makes it: the card's plain form opens at once
// (components/card/PlainSheet.tsx) and the sheet takes over from it once its code has arrived.
// Tests of the sheet itself wait for the take-over: an action begun on the plain form's field as it
// is hidden would wait on that field for ever.
import type { Page } from 'playwright-core';

export const PLAIN_SHEET = '[data-plain-sheet]';
/** The sheet that takes over from it (react-modal-sheet's dialog). */
export const SHEET = '.react-modal-sheet-container[role="dialog"]';

/** The sheet's script (the card's HTML names it in its button's `data-sheet`). */
const SHEET_SCRIPT = /\/_karta\/sheet-[^/]*\.js$/;

/** Holds the sheet's script back until the returned function is called. */
export async function holdSheet(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(SHEET_SCRIPT, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The sheet's script refused, as on a network that drops it. */
export async function refuseSheet(page: Page): Promise<void> {
  await page.route(SHEET_SCRIPT, (route) => route.abort('internetdisconnected'));
}

/** Taps «Ανταλλαγή Επαφής» (or `button`) and waits until the sheet has taken over. */
export async function tapExchange(page: Page, button = 'Ανταλλαγή Επαφής'): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page.locator(PLAIN_SHEET).waitFor({ state: 'hidden' });
  await page.locator(SHEET).waitFor();
}
