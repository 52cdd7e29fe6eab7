// What the card counts for its owner (lib/stats/events.ts): a view once the page has loaded, and
// each tap on what the card offers. Counts only: the body names the card (with the card's stats
// key, which its HTML carries) and the event, nothing about the visitor, and no cookie or
// identifier is set or read (docs/visitors.md).
import {
  beaconBody,
  EVENTS_PATH,
  isViewSource,
  QR_SOURCE_PARAM,
  type BeaconCard,
  type CardEvent,
  type ViewSource,
} from '@/lib/stats/events';

/** Counts one event of the card the script runs on. */
export type Count = (event: CardEvent) => void;

/**
 * Sends one event now. A beacon outlives the page, so a tap on a link that leaves it is still
 * counted. Every browser the card is built for has sendBeacon; where it is missing a visitor has
 * switched it off (Firefox's beacon.enabled), and nothing is sent rather than a fetch in its place.
 */
export function sendEvent(card: BeaconCard, event: CardEvent, source?: ViewSource): void {
  if ('sendBeacon' in navigator) navigator.sendBeacon(EVENTS_PATH, beaconBody(card, event, source));
}

/**
 * Where the card was opened from: its QR code (`?src=qr`, lib/routes.ts qrCodeUrl) or its wallet
 * pass (`?src=wallet`, walletUrl). The parameter is taken off the address bar at once, so that a
 * link copied or shared from it does not count as a scan; any other value is left alone.
 */
export function takeSource(win: Window = window): ViewSource | undefined {
  const url = new URL(win.location.href);
  const source = url.searchParams.get(QR_SOURCE_PARAM);
  if (!isViewSource(source)) return undefined;
  url.searchParams.delete(QR_SOURCE_PARAM);
  win.history.replaceState(win.history.state, '', url);
  return source;
}

/**
 * Sends the view, marked with the page's language (`<html lang>`: the English card's views are
 * counted apart), once `whenLoaded` says the page has loaded (never earlier: the beacon must not
 * compete with the photo), and returns what counts the taps, each sent at once: a tap before the
 * load event is rare, and a queue would lose it if the page went away first.
 */
export function countCard(
  card: BeaconCard,
  whenLoaded: (task: () => void) => void,
  source = takeSource(),
  lang = document.documentElement.lang,
): Count {
  whenLoaded(() => sendEvent({ ...card, lang }, 'view', source));
  return (event) => sendEvent(card, event);
}

/**
 * Counts a tap on any link of the card that names its event (`data-event`, written by the card's
 * components): one listener for them all.
 */
export function countLinkTaps(card: HTMLElement, count: Count): void {
  card.addEventListener('click', (event) => {
    // A click's target is always an element (text is not a target); the attribute is written only
    // by the components, from the CardEvent type (components/card/counted.ts).
    const link = (event.target as Element).closest<HTMLElement>('[data-event]');
    if (link?.dataset.event) count(link.dataset.event as CardEvent);
  });
}
