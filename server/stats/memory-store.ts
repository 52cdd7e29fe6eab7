// Counts in this process's memory: the default, for one origin. A crash loses what was added
// since the last flush (at most one flush interval); a graceful stop flushes first.
import { Tally } from './counts';
import type { StatsCounter } from '../../lib/stats/events';
import type { CounterStore, TakenCounts } from './store';

export class MemoryCounterStore implements CounterStore {
  private pending = new Tally();

  async add(username: string, day: string, counters: readonly StatsCounter[]): Promise<void> {
    for (const counter of counters) this.pending.add(username, day, counter);
  }

  async take(): Promise<TakenCounts | null> {
    if (this.pending.size === 0) return null;
    const taken = this.pending;
    this.pending = new Tally();
    return {
      counts: taken.list(),
      settle: async (unwritten) => this.pending.addAll(unwritten),
    };
  }

  async close(): Promise<void> {}
}
