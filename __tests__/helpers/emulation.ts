// An emulated setting is confirmed where the page reads it before the navigation or screenshot it
// shapes: a setting the page has not taken yet would be tested as the default one.
import type { Page } from 'playwright-core';

/** Emulates `colorScheme` on `page` and returns once its documents' media queries match it. */
export async function emulateScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction(
    (scheme) => matchMedia(`(prefers-color-scheme: ${scheme})`).matches,
    colorScheme,
  );
}
