import 'server-only';
import { readFileSync } from 'node:fs';
import { cardAssetsManifest, type CardAssets } from '@/lib/card-assets';

let loaded: CardAssets | undefined;

/** The card's stylesheet and script URLs, built with this configuration before `next build`. */
export function cardAssets(): CardAssets {
  if (loaded) return loaded;
  const manifest = cardAssetsManifest(process.cwd(), process.env);
  try {
    loaded = JSON.parse(readFileSync(manifest, 'utf8')) as CardAssets;
  } catch (error) {
    throw new Error(
      `The card's assets for this configuration are missing (${manifest}): run \`npm run build\`, ` +
        'which builds them before `next build`, with the same NEXT_PUBLIC_ variables.',
      { cause: error },
    );
  }
  return loaded;
}
