// What the card's HTML needs besides the profile: its inline stylesheet and script, and the URLs
// of the exchange sheet's script and stylesheet, built by tools/build-card-assets.ts before `next build` and read by the card route.
// One module for both sides, so they agree on where the files are.
import { createHash } from 'node:crypto';
import path from 'node:path';

/** Where the sheet's files are served from: public/_karta, content-hashed, cached for a year. */
export const CARD_ASSETS_URL_PREFIX = '/_karta/';
export const CARD_ASSETS_PUBLIC_DIR = path.join('public', '_karta');

export interface CardAssets {
  /** The card's whole stylesheet, minified, for a <style> element. */
  css: string;
  /**
   * The script that makes the card's buttons work (a few KiB), inlined in the HTML: as a file it
   * would be one more request, on a connection of its own, before the photo's paint.
   */
  enhance: string;
  /** The exchange sheet (React, the form, Firestore), loaded when a visitor reaches for it. */
  sheet: string;
  sheetCss: string;
}

/**
 * The browser's configuration the scripts are built with: every NEXT_PUBLIC_ variable, as Next
 * inlines them into its own bundles.
 */
export function publicEnv(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.keys(source)
      .filter((name) => name.startsWith('NEXT_PUBLIC_'))
      .sort()
      .map((name) => [name, source[name] ?? '']),
  );
}

/**
 * The manifest of the assets built for that configuration. Keyed by it, so builds for different
 * emulators (the demo, the tests, the bench) can sit side by side, and the copies of one build
 * that several origins run find theirs.
 */
export function cardAssetsManifest(root: string, source: NodeJS.ProcessEnv): string {
  const key = createHash('sha256')
    .update(JSON.stringify(publicEnv(source)))
    .digest('hex')
    .slice(0, 16);
  return path.join(root, '.next-card-assets', `${key}.json`);
}
