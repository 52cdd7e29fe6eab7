// Counts in this process's memory: the default, for one origin. A crash loses what was added
// since the last flush (at most one flush interval); a graceful stop flushes first.
//
// While Firestore is down, every flush puts its counts back, and new card-days keep coming: the
// store holds at most MAX_PENDING_CARD_DAYS of them. Past it, a new card-day's counts are dropped
// (those it holds still add up), and once a flush writes everything again one line says how many
// counts were dropped.
import { Tally } from './counts';
import type { StatsCounter } from '../../lib/stats/events';
import type { CounterStore, TakenCounts } from './store';

/**
 * Card-days held at most (a few hundred bytes each: tens of MB), far more than one flush interval
 * brings: only an outage of Firestore reaches it.
 */
export const MAX_PENDING_CARD_DAYS = 100_000;

export interface MemoryStoreOptions {
  maxCardDays?: number;
  log?: (line: string) => void;
}

export class MemoryCounterStore implements CounterStore {
  private readonly maxCardDays: number;
  private readonly log: (line: string) => void;
  private pending: Tally;
  /** Counts dropped since a flush last wrote everything. */
  private dropped = 0;

  constructor({ maxCardDays = MAX_PENDING_CARD_DAYS, log }: MemoryStoreOptions = {}) {
    this.maxCardDays = maxCardDays;
    this.log = log ?? ((line) => console.warn(line));
    this.pending = new Tally(maxCardDays);
  }

  async add(username: string, day: string, counters: readonly StatsCounter[]): Promise<void> {
    for (const counter of counters) {
      if (!this.pending.add(username, day, counter)) this.dropped += 1;
    }
  }

  async take(): Promise<TakenCounts | null> {
    if (this.pending.size === 0) return null;
    const taken = this.pending;
    // The taken card-days may come back: room is kept for them, so the bound holds throughout.
    this.pending = new Tally(this.maxCardDays - taken.size);
    return {
      counts: taken.list(),
      settle: async (unwritten) => {
        // Within the bound by the room kept: the old counts first, then those added meanwhile.
        const merged = new Tally(this.maxCardDays);
        this.dropped += merged.addAll(unwritten) + merged.addAll(this.pending.list());
        this.pending = merged;
        if (unwritten.length === 0) this.reportDropped();
      },
    };
  }

  async close(): Promise<void> {}

  /** One line for the drops of an outage, once it is over. */
  private reportDropped(): void {
    if (this.dropped === 0) return;
    this.log(
      `Stats: ${this.dropped} counts were dropped while the flushes failed: the memory store ` +
        `holds at most ${this.maxCardDays} card-days (MAX_PENDING_CARD_DAYS).`,
    );
    this.dropped = 0;
  }
}
