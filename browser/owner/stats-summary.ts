// What the console shows of a card's daily counts (users/{username}/stats/{YYYY-MM-DD}): totals for
// today, 7 and 30 days, the daily views, the share of views that became a contact, the links
// tapped, where views came from and in which language the card was read. Pure, so that the days and the arithmetic are tested alone.
import { LINK_KINDS } from '../../lib/card-links';
import { countOf, lastDays as daysEnding } from '../../lib/stats/days';
import type { CardLanguage } from '../../lib/routes';
import {
  CARD_EVENTS,
  EN_VIEWS,
  QR_VIEWS,
  STATS_COUNTERS,
  WALLET_VIEWS,
  type StatsCounter,
} from '../../lib/stats/events';

/** How many Athens days the console shows, today included. */
export const STATS_DAYS = 30;

const PERIOD_DAYS = { today: 1, week: 7, month: STATS_DAYS } as const;
export type Period = keyof typeof PERIOD_DAYS;
export const PERIODS = Object.keys(PERIOD_DAYS) as Period[];

/** One stats document as read: its id (the day) and its fields, unchecked. */
export interface StatsDoc {
  id: string;
  data: Readonly<Record<string, unknown>>;
}

export type Totals = Record<Period, number>;

/** The counters of the owner's links (lib/card-links.ts), one per kind: listed once tapped. */
export const CARD_LINK_COUNTERS = LINK_KINDS.map((kind) => CARD_EVENTS[kind]);

/** The links a visitor can tap on the card, in the card's order (ties keep it). */
export const LINK_COUNTERS = [
  CARD_EVENTS.phone,
  CARD_EVENTS.email,
  CARD_EVENTS.website,
  CARD_EVENTS.map,
  CARD_EVENTS.viber,
  CARD_EVENTS.whatsapp,
  CARD_EVENTS.facebook,
  CARD_EVENTS.instagram,
  ...CARD_LINK_COUNTERS,
] as const;
export type LinkCounter = (typeof LINK_COUNTERS)[number];

export interface Share {
  /** Saves of the contact plus exchanges of contacts. */
  actions: number;
  views: number;
  /** actions / views; null with no views, where a share means nothing. */
  ratio: number | null;
}

export interface StatsSummary {
  /** The days shown, oldest first; the last is today. */
  days: string[];
  totals: Record<StatsCounter, Totals>;
  /** Views per day, one per entry of `days`. */
  dailyViews: number[];
  share: Record<Period, Share>;
  /** Links tapped in the 30 days, most tapped first; none with no taps. */
  topLinks: { counter: LinkCounter; count: number }[];
  /**
   * Views in the 30 days from the card's QR code, from its wallet pass, and the others (a link, a
   * message, typed).
   */
  sources: { qr: number; wallet: number; link: number };
  /** Views of the Greek card and of the English one, per period. */
  languages: Record<CardLanguage, Totals>;
  /** Nothing at all was counted in the 30 days. */
  empty: boolean;
}

/** The `count` days that end with `today`, oldest first (lib/stats/days.ts). */
export function lastDays(today: string, count: number = STATS_DAYS): string[] {
  return daysEnding(today, count);
}

/**
 * The days (document ids) the console asks for: the 30 ending today, but none before the day the
 * owner claimed the card (`claimDay`), whose earlier counts were another owner's.
 */
export function statsDays(today: string, claimDay: string): string[] {
  return lastDays(today).filter((day) => day >= claimDay);
}

export { countOf };

function shareOf(actions: number, views: number): Share {
  return { actions, views, ratio: views > 0 ? actions / views : null };
}

/** The summary of the stats documents `docs` for the 30 days that end with `today`. */
export function summariseStats(docs: readonly StatsDoc[], today: string): StatsSummary {
  const days = lastDays(today);
  const byDay = new Map(docs.map((d) => [d.id, d.data]));
  const daily = (counter: StatsCounter) => days.map((day) => countOf(byDay.get(day)?.[counter]));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  const totals = Object.fromEntries(
    STATS_COUNTERS.map((counter) => {
      const values = daily(counter);
      const periods = Object.fromEntries(
        PERIODS.map((period) => [period, sum(values.slice(-PERIOD_DAYS[period]))]),
      );
      return [counter, periods as Totals];
    }),
  ) as Record<StatsCounter, Totals>;

  const views = totals[CARD_EVENTS.view];
  const actions = (period: Period) =>
    totals[CARD_EVENTS.save][period] + totals[CARD_EVENTS.exchange][period];
  const share = Object.fromEntries(
    PERIODS.map((period) => [period, shareOf(actions(period), views[period])]),
  ) as Record<Period, Share>;

  const topLinks = LINK_COUNTERS.map((counter) => ({ counter, count: totals[counter].month }))
    .filter((link) => link.count > 0)
    // Array.prototype.sort is stable: equal counts keep the card's order.
    .sort((a, b) => b.count - a.count);

  // A QR or wallet view is also a view; counts that say otherwise are not trusted beyond the views.
  const qr = Math.min(totals[QR_VIEWS].month, views.month);
  const wallet = Math.min(totals[WALLET_VIEWS].month, views.month - qr);

  // An English view is also a view: as with the sources, never more English views than views.
  const english = (period: Period) => Math.min(totals[EN_VIEWS][period], views[period]);
  const perPeriod = (value: (period: Period) => number) =>
    Object.fromEntries(PERIODS.map((period) => [period, value(period)])) as Totals;

  return {
    days,
    totals,
    dailyViews: daily(CARD_EVENTS.view),
    share,
    topLinks,
    sources: { qr, wallet, link: views.month - qr - wallet },
    languages: {
      el: perPeriod((period) => views[period] - english(period)),
      en: perPeriod(english),
    },
    empty: STATS_COUNTERS.every((counter) => totals[counter].month === 0),
  };
}
