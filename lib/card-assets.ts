// What the card's HTML needs besides the profile: its inline stylesheet and script, and the URLs
// of the exchange sheet's script and stylesheet, as tools/card-assets/build.ts builds them before
// `next build` and the card's server side reads them (server/card/assets.ts).

/** Where the sheet's files are served from: public/_karta, content-hashed, cached for a year. */
export const CARD_ASSETS_URL_PREFIX = '/_karta/';

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
 * The name the card's script reads the sheet's chunk URLs from: tools/card-assets/build.ts writes
 * them into that script when it builds it, since the chunks are known only once the sheet is built.
 */
export const SHEET_CHUNKS_GLOBAL = 'KARTA_SHEET_CHUNKS';

/** The variable through which next.config.ts hands the manifest to the build, which inlines it. */
export const CARD_ASSETS_ENV = 'KARTA_CARD_ASSETS';
