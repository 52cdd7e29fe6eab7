// Whether a result shows where the person is looking (issue 46): on the screen, and above the
// console's bottom bar where a phone has one (from 900 px the bar is a row above the section).
import type { Locator, Page } from 'playwright-core';

export async function expectInView(page: Page, result: Locator): Promise<void> {
  const box = await result.boundingBox();
  const viewport = page.viewportSize();
  const bar = await page.getByRole('navigation', { name: 'Ενότητες λογαριασμού' }).boundingBox();
  if (!box || !viewport) throw new Error('the result is not shown');
  // The bar counts only when fixed at the bottom: its top then lies in the lower half.
  const bottom = bar && bar.y > viewport.height / 2 ? bar.y : viewport.height;
  // The box and the limit are in the object so that a failure shows them.
  expect({
    box,
    bottom,
    onScreen: box.y >= 0,
    aboveBar: box.y + box.height <= bottom,
  }).toMatchObject({ onScreen: true, aboveBar: true });
}
