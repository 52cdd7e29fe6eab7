// A page for a check that only reads what it shows: opened in a context the file keeps
// (contextForThisFile), so each check pays for a navigation and not for a fresh context.
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, watchProblems } from './browser';
import { emulateScheme } from './emulation';
import type { Viewport } from './viewports';

export interface PageLook {
  /** The page's own size, for a check of how it lays out there; the context's when left out. */
  viewport?: Viewport;
  colorScheme?: 'light' | 'dark';
}

/** A new page of `context` at `pathname`, loaded to network idle, and the problems it shows. */
export async function openToRead(
  context: BrowserContext,
  pathname: string,
  { viewport, colorScheme = 'light' }: PageLook = {},
): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  if (viewport) {
    await page.setViewportSize(viewport);
    await page.waitForFunction((width) => innerWidth === width, viewport.width);
  }
  await emulateScheme(page, colorScheme);
  const problems = watchProblems(page);
  await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'networkidle' });
  return { page, problems };
}
