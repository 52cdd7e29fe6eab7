// What the endpoint accepts: the card script's beacon (lib/stats/events.ts) and nothing else. A
// body is either exactly that, or refused whole: no field is guessed, trimmed or defaulted.
import { parseUsername } from '../../lib/username';
import { CARD_KEY_PATTERN } from './card-key';
import {
  CARD_EVENTS,
  EN_VIEWS,
  ENGLISH,
  LANGUAGE_FIELD,
  VIEW_SOURCES,
  isCardEvent,
  type CardEvent,
  type StatsCounter,
  type ViewSource,
} from '../../lib/stats/events';

/** A beacon as counted: the card's username (decoded), its stats key, and its event. */
export interface ParsedBeacon {
  username: string;
  /** Checked against the card's by the service (card-key.ts); absent from a card with none. */
  key: string | undefined;
  event: CardEvent;
  /** Where the view came from, if its address said so (lib/stats/events.ts VIEW_SOURCES). */
  source: ViewSource | undefined;
  /** A view of the English card; undefined for the Greek card's, and for every tap. */
  lang: typeof ENGLISH | undefined;
}

const SOURCES = Object.entries(VIEW_SOURCES) as [ViewSource, (typeof VIEW_SOURCES)[ViewSource]][];
const KEYS = new Set(['u', 'k', 'e', LANGUAGE_FIELD, ...SOURCES.map(([, { field }]) => field)]);

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
  const { u, k, e } = fields;
  if (typeof u !== 'string' || !isCardEvent(e)) return null;
  // A key of the wrong shape is no card's: malformed, like an unknown field.
  const key = typeof k === 'string' && CARD_KEY_PATTERN.test(k) ? k : undefined;
  if (k !== undefined && key === undefined) return null;
  // Only a view has a source, one at most, and the script marks it with 1, never anything else.
  const marked = SOURCES.filter(([, { field }]) => fields[field] !== undefined);
  if (marked.length > 1) return null;
  const [source] = marked.map(([name]) => name);
  if (source && !(fields[VIEW_SOURCES[source].field] === 1 && e === 'view')) return null;
  // Only a view has a language, and only English is marked (the Greek card's views carry none).
  const language = fields[LANGUAGE_FIELD];
  if (language !== undefined && !(language === ENGLISH && e === 'view')) return null;
  // The name as the card's data-username holds it: never decoded (a `%` in it is its own).
  const username = parseUsername(u);
  if (username === null) return null;
  return { username, key, event: e, source, lang: language === undefined ? undefined : ENGLISH };
}

/**
 * The counters a beacon adds one to: its event's, its source's for a view from the QR code
 * (qrViews) or the wallet pass (walletViews), and enViews for a view of the English card.
 */
export function countersOf(beacon: ParsedBeacon): StatsCounter[] {
  const counters: StatsCounter[] = [CARD_EVENTS[beacon.event]];
  if (beacon.source) counters.push(VIEW_SOURCES[beacon.source].counter);
  if (beacon.lang === ENGLISH) counters.push(EN_VIEWS);
  return counters;
}
