// What a card counts, and where: the one list of events the card's script may send, the endpoint
// accepts and the stats documents hold (lib/collections.ts statsPath, one document per day, one
// integer field per counter). Counts only: nothing about who sent them.

/** Each event the card's script sends, and the counter it adds one to. */
export const CARD_EVENTS = {
  view: 'views',
  save: 'saves',
  sheet: 'sheetOpens',
  exchange: 'exchanges',
  share: 'shares',
  qr: 'qrShows',
  phone: 'phoneTaps',
  email: 'emailTaps',
  website: 'websiteTaps',
  map: 'mapTaps',
  viber: 'viberTaps',
  whatsapp: 'whatsappTaps',
  facebook: 'facebookTaps',
  instagram: 'instagramTaps',
  // The card's links (lib/card-links.ts LINK_KINDS), each counted under its kind: written out
  // rather than built from LINK_KINDS so that the card's inline script, which imports this module,
  // carries no list it does not use; counted.ts fails to compile if a kind is missing here.
  linkedin: 'linkedinTaps',
  tiktok: 'tiktokTaps',
  x: 'xTaps',
  youtube: 'youtubeTaps',
  telegram: 'telegramTaps',
  messenger: 'messengerTaps',
  threads: 'threadsTaps',
  github: 'githubTaps',
  behance: 'behanceTaps',
  pinterest: 'pinterestTaps',
  spotify: 'spotifyTaps',
  googlemaps: 'googlemapsTaps',
  tripadvisor: 'tripadvisorTaps',
  booking: 'bookingTaps',
  airbnb: 'airbnbTaps',
  calendly: 'calendlyTaps',
  link: 'linkTaps',
} as const;

export type CardEvent = keyof typeof CARD_EVENTS;
export type StatsCounter =
  (typeof CARD_EVENTS)[CardEvent] | typeof QR_VIEWS | typeof WALLET_VIEWS | typeof EN_VIEWS;

/** A view that came from the card's QR code also adds one here (besides `views`). */
export const QR_VIEWS = 'qrViews';
/** A view that came from the card's wallet pass (its barcode) also adds one here. */
export const WALLET_VIEWS = 'walletViews';
/** A view of the English card (`/{username}/en`) also adds one here; the others were Greek. */
export const EN_VIEWS = 'enViews';

/**
 * The English card's language, as its `<html lang>` and lib/routes.ts CARD_LANGUAGES spell it
 * (routes.ts imports this module, so the value is written here; a unit test holds the two together).
 */
export const ENGLISH = 'en';
/** The beacon's field that marks a view of the English card: `"l":"en"`. */
export const LANGUAGE_FIELD = 'l';

/**
 * The query parameter that names where a visit came from (lib/routes.ts qrCodeUrl, walletUrl); the
 * CDN and the ISR cache ignore it.
 */
export const QR_SOURCE_PARAM = 'src';
export const QR_SOURCE_VALUE = 'qr';
export const WALLET_SOURCE_VALUE = 'wallet';

/** Where a view came from, when its address said so: the value of `src`. */
export type ViewSource = typeof QR_SOURCE_VALUE | typeof WALLET_SOURCE_VALUE;

/**
 * The beacon's field that marks a view from each source (always 1), and the counter it adds one
 * to. The QR code's `q` is kept as it was, so that cached cards keep counting.
 */
export const VIEW_SOURCES = {
  qr: { field: 'q', counter: QR_VIEWS },
  wallet: { field: 'w', counter: WALLET_VIEWS },
} as const satisfies Record<ViewSource, { field: string; counter: string }>;

export function isViewSource(value: unknown): value is ViewSource {
  return typeof value === 'string' && Object.hasOwn(VIEW_SOURCES, value);
}

// Marked pure so that the card's inline script, which imports this module for beaconBody, drops it.
export const STATS_COUNTERS: readonly StatsCounter[] = /* @__PURE__ */ (() => [
  ...Object.values(CARD_EVENTS),
  QR_VIEWS,
  WALLET_VIEWS,
  EN_VIEWS,
])();

export function isCardEvent(value: unknown): value is CardEvent {
  return typeof value === 'string' && Object.hasOwn(CARD_EVENTS, value);
}

/** Where the card's script sends its events (POST, never cached). */
export const EVENTS_PATH = '/api/events';

/** The longest body the endpoint reads; a longer one is refused with 413. */
export const MAX_BEACON_BYTES = 256;

/**
 * What the card's script sends, as JSON text: `{"u":"maria","k":"…","e":"view","q":1}`, or
 * `"w":1` for a view from the wallet pass, and `"l":"en"` on a view of the English card.
 */
export interface Beacon {
  /** The card's username. */
  u: string;
  /** The card's stats key, from its HTML (server/stats/card-key.ts); absent if the HTML has none. */
  k?: string;
  e: CardEvent;
  /** Present (1) on a view of a card opened from its QR code. */
  q?: 1;
  /** Present (1) on a view of a card opened from its wallet pass. */
  w?: 1;
  /** Present on a view of the English card; a Greek view has none, as before there were two. */
  l?: typeof ENGLISH;
}

/** The card a beacon is for, as its HTML names it. */
export interface BeaconCard {
  username: string;
  key?: string;
  /** The page's language, its `<html lang>`. */
  lang?: string;
}

/**
 * The beacon of `event`; `source` and the card's language mark a view only (a tap has neither).
 */
export function beaconBody(card: BeaconCard, event: CardEvent, source?: ViewSource): string {
  const view = event === 'view';
  const beacon: Beacon = {
    u: card.username,
    ...(card.key ? { k: card.key } : {}),
    e: event,
    ...(source && view ? { [VIEW_SOURCES[source].field]: 1 } : {}),
    ...(card.lang === ENGLISH && view ? { [LANGUAGE_FIELD]: ENGLISH } : {}),
  };
  return JSON.stringify(beacon);
}
