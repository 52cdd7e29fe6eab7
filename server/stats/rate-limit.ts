// At most `limit` counted events a minute from one address for one card, in this process's
// memory only: the key is forgotten when its minute is over, and nothing of it leaves the process.
// Each (address, card) pair gets its own window, opened by its first event, so 61 events within a
// minute of the first are never all counted, whatever the clock says. Several origins each keep
// their own: behind a CDN that spreads one visitor over N origins the limit is N times as loose,
// which is fine for a limit meant to stop a loop, not to count exactly.

export const RATE_WINDOW_MS = 60_000;
/**
 * How many pairs the limiter holds (about 100 bytes each): past it, the pair whose window opened
 * first is forgotten to make room, so a flood of addresses costs memory up to a bound and a new
 * visitor is still counted. A forgotten pair starts afresh if it comes back.
 */
export const MAX_TRACKED_PAIRS = 100_000;

interface Window {
  startedAt: number;
  count: number;
}

export interface RateLimiterOptions {
  /** Events per window; 0 turns the limiter off. */
  limit: number;
  windowMs?: number;
  maxPairs?: number;
  now?: () => number;
}

export class RateLimiter {
  /** In the order the windows opened (a Map iterates in insertion order): the oldest first. */
  private readonly windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxPairs: number;
  private readonly now: () => number;

  constructor({
    limit,
    windowMs = RATE_WINDOW_MS,
    maxPairs = MAX_TRACKED_PAIRS,
    now = Date.now,
  }: RateLimiterOptions) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.maxPairs = maxPairs;
    this.now = now;
  }

  /** True when this event may be counted; false when the pair is over its limit. */
  allow(address: string, username: string): boolean {
    if (this.limit === 0) return true;
    const now = this.now();
    this.forgetEnded(now);
    // '/' cannot be in a username, so the pair is unambiguous.
    const key = `${username}/${address}`;
    const window = this.windows.get(key);
    if (window && now - window.startedAt < this.windowMs) {
      if (window.count >= this.limit) return false;
      window.count += 1;
      return true;
    }
    // A new window goes last, keeping the order; a full table makes room by its oldest.
    if (window) this.windows.delete(key);
    else if (this.windows.size >= this.maxPairs) this.forgetOldest();
    this.windows.set(key, { startedAt: now, count: 1 });
    return true;
  }

  /** Pairs held now (tests). */
  get size(): number {
    return this.windows.size;
  }

  /** Forgets the windows that are over: they are the first ones, so this stops at the first that is not. */
  private forgetEnded(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt < this.windowMs) return;
      this.windows.delete(key);
    }
  }

  private forgetOldest(): void {
    for (const key of this.windows.keys()) {
      this.windows.delete(key);
      return;
    }
  }
}
