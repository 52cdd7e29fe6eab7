// Counts in Redis, for several origins: each beacon is an HINCRBY into one pending hash, so what
// every origin received adds up there, and a flush by any origin writes the sum.
//
// A flush takes the hash atomically (a Lua script RENAMEs it to a key of its own and records that
// key, with the time, in an `inflight` sorted set): two origins flushing at once never take the
// same increments. Once the flush knows what Firestore wrote, another script deletes its key and
// puts the unwritten counts back into the pending hash, in one step. A key left behind by an origin
// that died mid-flush is put back by the next flush of any origin once it is older than the lease
// (STATS_LEASE_MS), far longer than a flush may take. Nothing here expires: with a maxmemory
// policy, use volatile-* (as docs/freshness.md does for the ISR cache), never allkeys-*.
//
// Every key shares the hash tag {karta-stats}, so the scripts also run on a Redis Cluster.
//
// A frozen Redis (server/cache/redis-guard.mjs): a command that misses the deadline drops the
// connection, and until a health check succeeds every beacon is refused at once (503) rather than
// queued. What was already written to the frozen server still runs when it resumes, so a beacon's
// increment carries the moment its origin stops waiting and refuses to apply once Redis's own
// clock (TIME) is past it: a beacon answered 503 is never counted later. That compares two clocks:
// Redis's must not lag an origin's by more than APPLY_MARGIN_MS (NTP keeps them within a few ms).
//
// Not server-only: the emulator tests run two of these against one Redis, as two origins would.
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import {
  RedisGuard,
  REDIS_CONNECT_TIMEOUT_MS,
  REDIS_DEADLINE_MS,
  reconnectDelay,
} from '../cache/redis-guard.mjs';
import { counterField, tallyOfFields, type CardDayCounts } from './counts';
import type { StatsCounter } from '../../lib/stats/events';
import type { CounterStore, TakenCounts } from './store';

export const STATS_REDIS_PREFIX = '{karta-stats}:';
const PENDING = `${STATS_REDIS_PREFIX}pending`;
const INFLIGHT = `${STATS_REDIS_PREFIX}inflight`;
const flushingKey = () => `${STATS_REDIS_PREFIX}flushing:${randomUUID()}`;

/** A flush that still holds its take after this long died: its counts go back. */
export const STATS_LEASE_MS = 10 * 60_000;
/**
 * An increment applies only this long before its origin stops waiting for it: the reply's trip
 * back, and how far Redis's clock may lag the origin's.
 */
const APPLY_MARGIN_MS = 250;

// KEYS: pending. ARGV: the last moment it may apply (ms since the epoch, the origin's clock),
// then the fields to add one to. Returns 1 when applied, 0 when too late.
const INCREMENT = `
local time = redis.call('TIME')
if tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) > tonumber(ARGV[1]) then
  return 0
end
for i = 2, #ARGV do redis.call('HINCRBY', KEYS[1], ARGV[i], 1) end
return 1`;

// KEYS: pending, the take's own key, inflight. ARGV: now (ms). Returns HGETALL of the take, or
// nil when nothing is pending.
const TAKE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
redis.call('RENAME', KEYS[1], KEYS[2])
redis.call('ZADD', KEYS[3], ARGV[1], KEYS[2])
return redis.call('HGETALL', KEYS[2])`;

// KEYS: pending, the take's key, inflight. ARGV: field, n, field, n… (the unwritten counts).
// When the take's key is gone, a reclaim already put all of it back: nothing more is added.
const SETTLE = `
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('ZREM', KEYS[3], KEYS[2])
  return 0
end
for i = 1, #ARGV, 2 do redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[3], KEYS[2])
return 1`;

// KEYS: pending, an abandoned take's key, inflight. Puts all of it back.
const RECLAIM = `
local fields = redis.call('HGETALL', KEYS[2])
for i = 1, #fields, 2 do redis.call('HINCRBY', KEYS[1], fields[i], fields[i + 1]) end
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[3], KEYS[2])
return #fields / 2`;

export interface RedisCounterStoreOptions {
  url: string;
  leaseMs?: number;
  deadlineMs?: number;
  now?: () => number;
  /** One line when Redis stops answering and one when it answers again. */
  log?: (line: string) => void;
}

function asFields(reply: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!Array.isArray(reply)) return fields;
  for (let i = 0; i + 1 < reply.length; i += 2) fields[String(reply[i])] = String(reply[i + 1]);
  return fields;
}

function fieldArguments(counts: readonly CardDayCounts[]): string[] {
  const args: string[] = [];
  for (const { username, day, counts: byCounter } of counts) {
    for (const [counter, n] of Object.entries(byCounter) as [StatsCounter, number][]) {
      args.push(counterField(username, day, counter), String(n));
    }
  }
  return args;
}

export class RedisCounterStore implements CounterStore {
  private readonly client: ReturnType<typeof createClient>;
  private readonly guard: RedisGuard;
  private readonly connected: Promise<unknown>;
  private readonly leaseMs: number;
  private readonly deadlineMs: number;
  private readonly now: () => number;

  constructor({
    url,
    leaseMs = STATS_LEASE_MS,
    deadlineMs = REDIS_DEADLINE_MS,
    now = Date.now,
    log = (line) => console.warn(line),
  }: RedisCounterStoreOptions) {
    this.leaseMs = leaseMs;
    this.deadlineMs = deadlineMs;
    this.now = now;
    this.client = createClient({
      url,
      // Commands fail at once while disconnected instead of queueing up behind the outage.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
        reconnectStrategy: reconnectDelay,
      },
    });
    this.guard = new RedisGuard(this.client, {
      deadlineMs,
      onUnhealthy: (reason) =>
        log(`Stats: Redis unavailable (${reason}); beacons are not counted until it answers.`),
      onHealthy: () => log('Stats: Redis available again.'),
    });
    // A lost connection: refused at once until it answers a health check again.
    this.client.on('error', (error: Error) => this.guard.fail(error));
    this.connected = this.client.connect().catch((error: Error) => this.guard.fail(error));
  }

  /** Throws (the beacon is answered 503) when the increment was not applied, nor will be. */
  async add(username: string, day: string, counters: readonly StatsCounter[]): Promise<void> {
    const applyBy = this.now() + this.deadlineMs - APPLY_MARGIN_MS;
    const fields = counters.map((counter) => counterField(username, day, counter));
    const applied = await this.run('an increment', () =>
      this.client.eval(INCREMENT, { keys: [PENDING], arguments: [String(applyBy), ...fields] }),
    );
    if (applied !== 1) throw new Error('Redis ran the increment too late: not applied');
  }

  async take(): Promise<TakenCounts | null> {
    await this.reclaimAbandoned();
    const key = flushingKey();
    const reply = await this.run('a take', () =>
      this.client.eval(TAKE, { keys: [PENDING, key, INFLIGHT], arguments: [String(this.now())] }),
    );
    if (reply === null) return null;
    return {
      counts: tallyOfFields(asFields(reply)).list(),
      settle: async (unwritten) => {
        await this.run('a settle', () =>
          this.client.eval(SETTLE, {
            keys: [PENDING, key, INFLIGHT],
            arguments: fieldArguments(unwritten),
          }),
        );
      },
    };
  }

  async close(): Promise<void> {
    this.guard.close();
    await this.connected;
    if (this.client.isOpen) await this.client.quit().catch(() => {});
  }

  private async reclaimAbandoned(): Promise<void> {
    const abandoned = await this.run('the inflight takes', () =>
      this.client.zRangeByScore(INFLIGHT, '-inf', this.now() - this.leaseMs),
    );
    for (const key of abandoned) {
      await this.run('a reclaim', () =>
        this.client.eval(RECLAIM, { keys: [PENDING, key, INFLIGHT] }),
      );
    }
  }

  private run<T>(what: string, command: () => Promise<T>): Promise<T> {
    return this.guard.run(what, () => this.connected.then(command));
  }
}
