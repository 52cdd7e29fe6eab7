// Screenshots a test leaves for people to look at (artifacts/screenshots/, ignored by git): what a
// screen looks like on a phone, for a review or an issue's note. Nothing asserts on them.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '@/tools/lib/paths';

const SHOTS = path.join(ROOT, 'artifacts', 'screenshots');

/** Saves what `page` shows as artifacts/screenshots/`name`.png. */
export async function saveScreenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}
