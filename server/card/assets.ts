import 'server-only';
import type { CardAssets } from '@/lib/card-assets';

/**
 * The card's stylesheet, script and sheet URLs, as this build was made with (tools/card-assets/manifest.ts).
 * `process.env.KARTA_CARD_ASSETS` (CARD_ASSETS_ENV) is written out so that Next inlines it.
 */
export function cardAssets(): CardAssets {
  const manifest = process.env.KARTA_CARD_ASSETS;
  if (!manifest) throw new Error('This build has no card assets: build it with `npm run build`.');
  return JSON.parse(manifest) as CardAssets;
}
