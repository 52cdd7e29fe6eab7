// What the card's HTML needs besides the profile: its inline stylesheet and script, and the URLs
// of the exchange sheet's script and stylesheet. components/card/build/build.ts builds them before
// `next build`; next.config.ts hands them to the build (CARD_ASSETS_ENV), which inlines them into
// the card route, so a copy of the build carries its own. One module for both sides, so they
// agree on where the files are.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
 * The manifest of the assets built for that configuration. Keyed by it, so that builds for
 * different emulators (the demo, the tests, the bench) can run side by side.
 */
export function cardAssetsManifest(root: string, source: NodeJS.ProcessEnv): string {
  const key = createHash('sha256')
    .update(JSON.stringify(publicEnv(source)))
    .digest('hex')
    .slice(0, 16);
  return path.join(root, '.next-card-assets', `${key}.json`);
}

/**
 * The name the card's script reads the sheet's chunk URLs from: components/card/build/build.ts writes
 * them into that script when it builds it, since the chunks are known only once the sheet is built.
 */
export const SHEET_CHUNKS_GLOBAL = 'KARTA_SHEET_CHUNKS';

/** The variable through which next.config.ts hands the manifest to the build, which inlines it. */
export const CARD_ASSETS_ENV = 'KARTA_CARD_ASSETS';

/** The manifest's text for next.config.ts, or an error that says what to run. */
export function readCardAssetsManifest(root: string, source: NodeJS.ProcessEnv): string {
  const manifest = cardAssetsManifest(root, source);
  try {
    return readFileSync(manifest, 'utf8');
  } catch (error) {
    throw new Error(
      `The card's scripts and stylesheet for this configuration are not built (${manifest}): ` +
        '`npm run build` builds them before `next build`, with the same NEXT_PUBLIC_ variables.',
      { cause: error },
    );
  }
}
