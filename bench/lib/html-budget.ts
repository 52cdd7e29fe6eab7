// A card's HTML budget, held by the bench (budgets.ts) and the Chromium tests alike.

export const CARD_HTML_BUDGET = {
  bytes: 30 * 1024,
  /** The first TCP window (10 segments of about 1.4 KB): the card arrives in one round trip. */
  gzipBytes: 14 * 1024,
} as const;
