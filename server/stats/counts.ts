// Counts as they wait to be written: per card, per Athens day, per counter. Nothing else is kept:
// not who sent them, not when within the day.
import { STATS_COUNTERS, type StatsCounter } from '../../lib/stats/events';

export type Counts = Partial<Record<StatsCounter, number>>;

/** What one stats document users/{username}/stats/{day} receives in a flush. */
export interface CardDayCounts {
  username: string;
  /** YYYY-MM-DD, the Athens day (lib/stats/day.ts). */
  day: string;
  counts: Counts;
}

// '/' is in no username, day or counter name, so each key splits back unambiguously.
const cardDayKey = (username: string, day: string) => `${day}/${username}`;

/** Sums counts by card-day, holding at most `maxCardDays` of them (unbounded by default). */
export class Tally {
  private readonly byCardDay = new Map<string, CardDayCounts>();
  private readonly maxCardDays: number;

  constructor(maxCardDays = Infinity) {
    this.maxCardDays = maxCardDays;
  }

  /** Adds to the card-day's counter; false, adding nothing, for a new card-day when full. */
  add(username: string, day: string, counter: StatsCounter, n = 1): boolean {
    const key = cardDayKey(username, day);
    let entry = this.byCardDay.get(key);
    if (!entry) {
      if (this.byCardDay.size >= this.maxCardDays) return false;
      entry = { username, day, counts: {} };
      this.byCardDay.set(key, entry);
    }
    entry.counts[counter] = (entry.counts[counter] ?? 0) + n;
    return true;
  }

  /** Adds every card-day of `list`; returns the counts of those refused (new, when full). */
  addAll(list: readonly CardDayCounts[]): number {
    let dropped = 0;
    for (const { username, day, counts } of list) {
      for (const [counter, n] of Object.entries(counts) as [StatsCounter, number][]) {
        if (!this.add(username, day, counter, n)) dropped += n;
      }
    }
    return dropped;
  }

  list(): CardDayCounts[] {
    return [...this.byCardDay.values()];
  }

  get size(): number {
    return this.byCardDay.size;
  }
}

/** The Redis hash field of one counter of one card-day: `YYYY-MM-DD/username/counter`. */
export function counterField(username: string, day: string, counter: StatsCounter): string {
  return `${cardDayKey(username, day)}/${counter}`;
}

const isCounter = (name: string): name is StatsCounter =>
  (STATS_COUNTERS as readonly string[]).includes(name);

/** The counts in a Redis hash's fields and values, as HGETALL gives them. */
export function tallyOfFields(fields: Record<string, string>): Tally {
  const tally = new Tally();
  for (const [field, value] of Object.entries(fields)) {
    const [day, username, counter, ...rest] = field.split('/');
    const n = Number(value);
    // Only fields written by counterField, with positive sums, are there; a field of another
    // shape (another version's counter, a hand edit) is skipped rather than written to Firestore.
    if (!day || !username || !isCounter(counter) || rest.length || !Number.isSafeInteger(n)) {
      continue;
    }
    if (n > 0) tally.add(username, day, counter, n);
  }
  return tally;
}
