// The process's one stats service: the rate limiter, the counter store (Redis when REDIS_URL is
// set, else memory) and the flusher, created on first use and kept on globalThis, because Next
// bundles instrumentation.ts and the route separately and each bundle gets its own copy of this
// module. A graceful stop (SIGTERM, SIGINT) flushes at once.
import 'server-only';
import { env } from '../../lib/env';
import { adminDb } from '../firebase/admin';
import { clientAddress } from './address';
import { countersOf, type ParsedBeacon } from './beacon';
import { isKnownBot } from './bots';
import { athensDay } from '../../lib/stats/day';
import { Flusher } from './flusher';
import { MemoryCounterStore } from './memory-store';
import { RateLimiter } from './rate-limit';
import { RedisCounterStore } from './redis-store';
import type { CounterStore } from './store';
import { writeCounts } from './writer';

interface StatsService {
  limiter: RateLimiter;
  store: CounterStore;
  flusher: Flusher;
}

const KEY = Symbol.for('karta.stats');
const holder = globalThis as typeof globalThis & { [KEY]?: StatsService };

function create(): StatsService {
  const redisUrl = env.redisUrl;
  const store: CounterStore = redisUrl
    ? new RedisCounterStore({ url: redisUrl })
    : new MemoryCounterStore();
  const flusher = new Flusher({
    store,
    write: (counts) =>
      writeCounts(adminDb(), counts, { readDeadlineMs: env.firestoreReadTimeoutMs }),
    intervalMs: env.statsFlushMs,
    logFlushes: env.statsLogFlushes,
  });
  flusher.start();
  // Next's own handler of these signals closes the server, awaits what after() was given (the
  // route gives it flusher.whenFlushed()) and exits: flushing now rather than at the next tick
  // lets it exit at once.
  // With NEXT_MANUAL_SIG_HANDLE the application handles them: a listener here would keep the
  // process from ending on SIGTERM.
  if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => void flusher.stop());
    }
  }
  return { limiter: new RateLimiter({ limit: env.statsRateLimit }), store, flusher };
}

export function statsService(): StatsService {
  holder[KEY] ??= create();
  return holder[KEY];
}

/** What became of a beacon: counted, or why not. */
export type BeaconOutcome = 'counted' | 'bot' | 'limited';

/** Counts a well-formed beacon, unless it comes from a bot or its sender is over the limit. */
export async function recordBeacon(beacon: ParsedBeacon, headers: Headers): Promise<BeaconOutcome> {
  if (isKnownBot(headers.get('user-agent'))) return 'bot';
  const { limiter, store } = statsService();
  // No address (no proxy and no socket address: never with `next start`): one shared bucket.
  const address = clientAddress(headers, env.statsProxyHops) ?? 'unknown';
  if (!limiter.allow(address, beacon.username)) return 'limited';
  await store.add(beacon.username, athensDay(Date.now()), countersOf(beacon));
  return 'counted';
}
