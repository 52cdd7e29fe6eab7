// Takes the counts out of the store and writes them, every interval: each card-day is written at
// most once per interval, however many beacons it had. Counts that could not be written (Firestore
// unreachable) go back into the store and are written by a later flush; each failed flush logs one
// line, and the first flush that writes again logs one more.
import type { CounterStore, TakenCounts } from './store';
import type { CardDayCounts } from './counts';
import type { WriteOutcome } from './writer';

export interface FlushReport {
  /** Card-days taken out of the store. */
  taken: number;
  writes: number;
  dropped: number;
  unwritten: number;
}

export interface FlusherOptions {
  store: CounterStore;
  write: (counts: readonly CardDayCounts[]) => Promise<WriteOutcome>;
  intervalMs: number;
  log?: (line: string) => void;
  /** Also a line for every flush that wrote something (STATS_LOG_FLUSHES: the benchmark). */
  logFlushes?: boolean;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Flusher {
  /** Since start: flushes that took counts, and stats documents written. */
  readonly totals = { flushes: 0, writes: 0 };
  private readonly options: FlusherOptions;
  private readonly log: (line: string) => void;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<FlushReport> | undefined;
  private waiting: Deferred | undefined;
  /** A take whose settle failed (Redis did not answer): settled before anything else is taken. */
  private unsettled: { taken: TakenCounts; unwritten: CardDayCounts[] } | undefined;
  private failing = false;
  private stopped = false;

  constructor(options: FlusherOptions) {
    this.options = options;
    this.log = options.log ?? ((line) => console.warn(line));
  }

  /** Flushes every interval until stop(); the timer never keeps the process alive by itself. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.schedule();
  }

  /** One flush now, or the one already running; never two at once in one process. */
  flush(): Promise<FlushReport> {
    this.running ??= this.flushOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Resolves when a flush that takes the counts added before this call has ended. */
  whenFlushed(): Promise<void> {
    this.waiting ??= deferred();
    return this.waiting.promise;
  }

  /** Stops the timer and writes what is left (a graceful stop of the server). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    // The running flush may have taken before the last beacons came in: one more after it.
    await this.running;
    await this.flush();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      void this.flush().finally(() => {
        if (!this.stopped) this.schedule();
      });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  private async flushOnce(): Promise<FlushReport> {
    const waiting = this.waiting;
    this.waiting = undefined;
    const report: FlushReport = { taken: 0, writes: 0, dropped: 0, unwritten: 0 };
    try {
      if (this.unsettled) {
        await this.unsettled.taken.settle(this.unsettled.unwritten);
        this.unsettled = undefined;
      }
      const taken = await this.options.store.take();
      if (!taken) return report;
      report.taken = taken.counts.length;
      const outcome = await this.options.write(taken.counts);
      Object.assign(report, {
        writes: outcome.writes,
        dropped: outcome.dropped,
        unwritten: outcome.unwritten.length,
      });
      this.totals.flushes += 1;
      this.totals.writes += outcome.writes;
      try {
        await taken.settle(outcome.unwritten);
      } catch (error) {
        this.unsettled = { taken, unwritten: outcome.unwritten };
        throw error;
      }
      if (outcome.error) throw outcome.error;
      if (this.failing) this.log('Stats: flushing again; the counts kept meanwhile are written.');
      this.failing = false;
      if (this.options.logFlushes && report.writes > 0) this.logReport(report);
    } catch (error) {
      this.failing = true;
      this.log(`Stats: a flush failed (${reasonOf(error)}); its counts wait for the next one.`);
    } finally {
      waiting?.resolve();
    }
    return report;
  }

  private logReport(report: FlushReport): void {
    this.log(
      `Stats flush: ${report.taken} card-days, ${report.writes} writes, ${report.dropped} dropped ` +
        `(totals: ${this.totals.flushes} flushes, ${this.totals.writes} writes)`,
    );
  }
}
