// The process's one stats service: the rate limiter, the counter store (Redis when REDIS_URL is
// set, else memory) and the flusher, created on first use and kept on globalThis, because Next
// bundles instrumentation.ts and the route separately and each bundle gets its own copy of this
// module. instrumentation.ts creates it at boot, before the server handles a request, which is
// also when it starts recording socket addresses if no proxy is in front (STATS_PROXY_HOPS=0).
// A graceful stop (SIGTERM, SIGINT) flushes at once.
import 'server-only';
import { env } from '../../lib/env';
import { adminDb } from '../firebase/admin-app';
import { clientAddress } from './address';
import { countersOf, type ParsedBeacon } from './beacon';
import { isKnownBot } from './bots';
import { isCardKey } from './card-key';
import { athensDay } from '../../lib/stats/day';
import { Flusher } from './flusher';
import { MemoryCounterStore } from './memory-store';
import { RateLimiter } from './rate-limit';
import { RedisCounterStore } from './redis-store';
import { recordSocketAddresses } from './socket-address';
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
  if (env.statsProxyHops === 0) recordSocketAddresses();
  if (!env.revalidateSecret) {
    console.warn(
      'Stats: REVALIDATE_SECRET is not set, so cards carry no stats key and no beacon is counted.',
    );
  }
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
export type BeaconOutcome = 'counted' | 'unknown-card' | 'bot' | 'limited';

/** Whether the beacon carries its card's key: only the HTML of a card that exists has one. */
function isKnownCard(beacon: ParsedBeacon): boolean {
  const secret = env.revalidateSecret;
  return !!secret && !!beacon.key && isCardKey(secret, beacon.username, beacon.key);
}

/**
 * Counts a well-formed beacon, unless it names no card (no key, or not the card's), comes from a
 * bot, or its sender is over the limit. A made-up name stops at the key: it is never held by the
 * limiter or the store, and never read.
 */
export async function recordBeacon(beacon: ParsedBeacon, headers: Headers): Promise<BeaconOutcome> {
  if (!isKnownCard(beacon)) return 'unknown-card';
  if (isKnownBot(headers.get('user-agent'))) return 'bot';
  const { limiter, store } = statsService();
  // No address (hops 0 and a request that came before the service started): one shared bucket.
  const address = clientAddress(headers, env.statsProxyHops) ?? 'unknown';
  if (!limiter.allow(address, beacon.username)) return 'limited';
  await store.add(beacon.username, athensDay(Date.now()), countersOf(beacon));
  return 'counted';
}
