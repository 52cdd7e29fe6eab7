// Where the card's assets (lib/card-assets.ts) are written and found: build.ts writes them before
// `next build`; next.config.ts hands them to the build (CARD_ASSETS_ENV), which inlines them into
// the card route, so a copy of the build carries its own. One module for both, so they agree on
// where the files are.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the sheet's files are written (lib/card-assets.ts CARD_ASSETS_URL_PREFIX serves them). */
export const CARD_ASSETS_PUBLIC_DIR = path.join('public', '_karta');

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
