// What the endpoint accepts: the card script's beacon (lib/stats/events.ts) and nothing else. A
// body is either exactly that, or refused whole: no field is guessed, trimmed or defaulted.
import { parseUsername } from '../../lib/username';
import { CARD_KEY_PATTERN } from './card-key';
import {
  CARD_EVENTS,
  QR_VIEWS,
  isCardEvent,
  type CardEvent,
  type StatsCounter,
} from '../../lib/stats/events';

/** A beacon as counted: the card's username (decoded), its stats key, and its event. */
export interface ParsedBeacon {
  username: string;
  /** Checked against the card's by the service (card-key.ts); absent from a card with none. */
  key: string | undefined;
  event: CardEvent;
  fromQr: boolean;
}

const KEYS = new Set(['u', 'k', 'e', 'q']);

/** The beacon in `text`, or null for anything else (not JSON, an unknown event or key, a bad name). */
export function parseBeacon(text: string): ParsedBeacon | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  if (!Object.keys(fields).every((key) => KEYS.has(key))) return null;
  const { u, k, e, q } = fields;
  if (typeof u !== 'string' || !isCardEvent(e)) return null;
  // A key of the wrong shape is no card's: malformed, like an unknown field.
  const key = typeof k === 'string' && CARD_KEY_PATTERN.test(k) ? k : undefined;
  if (k !== undefined && key === undefined) return null;
  // Only a view can come from the QR code, and the script marks it with 1, never anything else.
  if (q !== undefined && !(q === 1 && e === 'view')) return null;
  // The name as the card's data-username holds it: never decoded (a `%` in it is its own).
  const username = parseUsername(u);
  if (username === null) return null;
  return { username, key, event: e, fromQr: q === 1 };
}

/** The counters a beacon adds one to: its event's, and qrViews for a view from the QR code. */
export function countersOf(beacon: ParsedBeacon): StatsCounter[] {
  const counter = CARD_EVENTS[beacon.event];
  return beacon.fromQr ? [counter, QR_VIEWS] : [counter];
}
