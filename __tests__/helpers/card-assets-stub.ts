// For emulator tests that call the card's page routes in process: the card inlines the build's
// assets (lib/card-assets.ts), which no build has made here, and their content is no matter.
import { CARD_ASSETS_ENV } from '@/lib/card-assets';

/** Points the card's routes at empty stand-ins for the build's assets. */
export function stubCardAssets(): void {
  process.env[CARD_ASSETS_ENV] = JSON.stringify({
    css: '',
    enhance: '',
    sheet: '/sheet.js',
    sheetCss: '/sheet.css',
  });
}
