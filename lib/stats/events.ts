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
export type StatsCounter = (typeof CARD_EVENTS)[CardEvent] | typeof QR_VIEWS;

/** A view that came from the card's QR code also adds one here (besides `views`). */
export const QR_VIEWS = 'qrViews';

/** The query parameter the QR code's URL carries; the CDN and the ISR cache ignore it. */
export const QR_SOURCE_PARAM = 'src';
export const QR_SOURCE_VALUE = 'qr';

// Marked pure so that the card's inline script, which imports this module for beaconBody, drops it.
export const STATS_COUNTERS: readonly StatsCounter[] = /* @__PURE__ */ (() => [
  ...Object.values(CARD_EVENTS),
  QR_VIEWS,
])();

export function isCardEvent(value: unknown): value is CardEvent {
  return typeof value === 'string' && Object.hasOwn(CARD_EVENTS, value);
}

/** Where the card's script sends its events (POST, never cached). */
export const EVENTS_PATH = '/api/events';

/** The longest body the endpoint reads; a longer one is refused with 413. */
export const MAX_BEACON_BYTES = 256;

/** What the card's script sends, as JSON text: `{"u":"maria","k":"…","e":"view","q":1}`. */
export interface Beacon {
  /** The card's username. */
  u: string;
  /** The card's stats key, from its HTML (server/stats/card-key.ts); absent if the HTML has none. */
  k?: string;
  e: CardEvent;
  /** Present (1) on a view of a card opened from its QR code. */
  q?: 1;
}

/** The card a beacon is for, as its HTML names it. */
export interface BeaconCard {
  username: string;
  key?: string;
}

export function beaconBody(card: BeaconCard, event: CardEvent, fromQr = false): string {
  const beacon: Beacon = {
    u: card.username,
    ...(card.key ? { k: card.key } : {}),
    e: event,
    ...(fromQr && event === 'view' ? { q: 1 as const } : {}),
  };
  return JSON.stringify(beacon);
}
