// Counts in Redis, for several origins: each beacon is an HINCRBY into one pending hash, so what
// every origin received adds up there, and a flush by any origin writes the sum.
//
// A flush takes the hash atomically (a Lua script RENAMEs it to a key of its own and records that
// key, with the time, in an `inflight` sorted set): two origins flushing at once never take the
// same increments. Once the flush knows what Firestore wrote, another script deletes its key and
// puts the unwritten counts back into the pending hash, in one step. A key left behind by an origin
// that died mid-flush is put back by the next flush of any origin once it is older than the lease
// (STATS_LEASE_MS), far longer than a flush may take. Nothing here expires: with a maxmemory
// policy, use volatile-* (as docs/scale.md does for the ISR cache), never allkeys-*.
//
// Every key shares the hash tag {karta-stats}, so the scripts also run on a Redis Cluster.
//
// Not server-only: the emulator tests run two of these against one Redis, as two origins would.
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { withDeadline } from '../../lib/deadline';
import { counterField, tallyOfFields, type CardDayCounts } from './counts';
import type { StatsCounter } from '../../lib/stats/events';
import type { CounterStore, TakenCounts } from './store';

export const STATS_REDIS_PREFIX = '{karta-stats}:';
const PENDING = `${STATS_REDIS_PREFIX}pending`;
const INFLIGHT = `${STATS_REDIS_PREFIX}inflight`;
const flushingKey = () => `${STATS_REDIS_PREFIX}flushing:${randomUUID()}`;

/** A flush that still holds its take after this long died: its counts go back. */
export const STATS_LEASE_MS = 10 * 60_000;
/** A healthy Redis answers in a millisecond; a frozen one must not hold a beacon or a flush. */
const DEADLINE_MS = 1000;

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
  private readonly connected: Promise<unknown>;
  private readonly leaseMs: number;
  private readonly deadlineMs: number;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private answering = true;

  constructor({
    url,
    leaseMs = STATS_LEASE_MS,
    deadlineMs = DEADLINE_MS,
    now = Date.now,
    log = (line) => console.warn(line),
  }: RedisCounterStoreOptions) {
    this.leaseMs = leaseMs;
    this.deadlineMs = deadlineMs;
    this.now = now;
    this.log = log;
    this.client = createClient({
      url,
      // Commands fail at once while disconnected instead of queueing up behind the outage.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: deadlineMs,
        reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000),
      },
    });
    this.client.on('error', (error: Error) => this.outage(error));
    this.client.on('ready', () => this.answered());
    this.connected = this.client.connect().catch((error: Error) => this.outage(error));
  }

  async add(username: string, day: string, counters: readonly StatsCounter[]): Promise<void> {
    await this.run('an increment', () => {
      const multi = this.client.multi();
      for (const counter of counters)
        multi.hIncrBy(PENDING, counterField(username, day, counter), 1);
      return multi.exec();
    });
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

  private async run<T>(what: string, command: () => Promise<T>): Promise<T> {
    try {
      const result = await withDeadline(
        this.connected.then(command),
        this.deadlineMs,
        () => new Error(`Redis did not answer ${what} in ${this.deadlineMs} ms`),
      );
      this.answered();
      return result;
    } catch (error) {
      this.outage(error);
      throw error;
    }
  }

  private outage(error: unknown): void {
    if (!this.answering) return;
    this.answering = false;
    const reason = error instanceof Error ? error.message : String(error);
    this.log(`Stats: Redis unavailable (${reason}); beacons are not counted until it answers.`);
  }

  private answered(): void {
    if (this.answering) return;
    this.answering = true;
    this.log('Stats: Redis available again.');
  }
}
