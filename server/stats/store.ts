// Where counts wait between a beacon and a flush: this process's memory (memory-store.ts), or
// Redis (redis-store.ts), where several origins add into one sum.
import type { CardDayCounts } from './counts';
import type { StatsCounter } from '../../lib/stats/events';

/** Counts taken out of the store for one flush; nobody else can take them meanwhile. */
export interface TakenCounts {
  counts: CardDayCounts[];
  /**
   * Ends the take once the flush knows what it wrote: `unwritten` go back into the store, to be
   * written by a later flush; the rest are gone.
   */
  settle(unwritten: readonly CardDayCounts[]): Promise<void>;
}

export interface CounterStore {
  /** Adds one to each counter of the card's stats for `day`. */
  add(username: string, day: string, counters: readonly StatsCounter[]): Promise<void>;
  /** Everything added since the last take, or null when nothing was. */
  take(): Promise<TakenCounts | null>;
  close(): Promise<void>;
}
