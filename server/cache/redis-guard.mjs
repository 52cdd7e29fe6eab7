// @ts-check
// One node-redis connection that never lets an outage pile up in the process: a command that
// misses its deadline drops the connection (node-redis then rejects, and lets go of, everything
// written to it or waiting to be) and opens a new one, and until a health check (a PING on a
// connection that is up, with the same deadline) succeeds every command fails at once instead of
// being sent or queued. Used by the shared
// ISR cache (handler.mjs, on the library's own client) and by the beacons' counters
// (server/stats/redis-store.ts).
//
// Why: with Redis frozen (SIGSTOP, a partition: the TCP connection stays open and nothing answers)
// a deadline alone stops the waiting but not the queue: node-redis kept every command written to
// the socket, 80 KB card entries included, and an origin grew by 130 MB in a few minutes.
//
// Dropping the connection does not unsend what was already written: those bytes sit in the frozen
// server's receive buffer and run when it resumes. A command whose late effect matters (a beacon
// answered 503) must refuse to apply late by itself: see redis-store.ts's INCREMENT script.
//
// JavaScript, not TypeScript: handler.mjs imports it, and Next loads that with Node's own loader.

/** A healthy Redis answers in a millisecond; past this a command is taken for lost. */
export const REDIS_DEADLINE_MS = 1000;
/**
 * How long node-redis may take to open a connection: longer than a command's deadline, as its
 * timer also counts the time this process was busy (a starting origin can be, for over a second).
 * Only the commands sent before the first connection is up wait as long (RedisGuard.run); every
 * later one has REDIS_DEADLINE_MS.
 */
export const REDIS_CONNECT_TIMEOUT_MS = 5000;
/** While Redis is unhealthy, how often one health check (a connect and a PING) is tried. */
const REDIS_HEALTH_CHECK_MS = 1000;

/**
 * node-redis's reconnectStrategy for every karta connection: 50 ms, doubling, at most 2 s.
 * @param {number} retries
 */
export function reconnectDelay(retries) {
  return Math.min(50 * 2 ** retries, 2000);
}

/**
 * Rejects when `ms` pass first. lib/deadline.ts's twin (this file cannot import TypeScript).
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
export function withDeadline(promise, ms, what) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const deadline = new Promise((_, reject) => {
    // After one pass of reading what arrived: see lib/deadline.ts.
    const late = () => reject(new Error(`Redis did not answer ${what} in ${ms} ms`));
    timer = setTimeout(() => setImmediate(late), ms);
  });
  promise.catch(() => {});
  return /** @type {Promise<T>} */ (Promise.race([promise, deadline])).finally(() =>
    clearTimeout(timer),
  );
}

/** Thrown, without waiting, while the connection is unhealthy. */
class RedisUnhealthyError extends Error {
  constructor() {
    super('Redis is unhealthy: not sent');
    this.name = 'RedisUnhealthyError';
  }
}

/**
 * What the guard needs of a node-redis client (v4).
 * @typedef {{
 *   readonly isOpen: boolean,
 *   readonly isReady: boolean,
 *   connect(): Promise<unknown>,
 *   disconnect(): Promise<unknown>,
 *   ping(): Promise<unknown>,
 *   on(event: 'error', listener: (error: Error) => void): unknown,
 * }} GuardedClient
 */

/**
 * @typedef {{
 *   deadlineMs?: number,
 *   healthCheckMs?: number,
 *   firstConnectMs?: number,
 *   onUnhealthy?: (reason: string) => void,
 *   onHealthy?: () => void,
 * }} GuardOptions
 */

export class RedisGuard {
  /** @type {GuardedClient} */
  #client;
  #deadlineMs;
  #healthCheckMs;
  #firstConnectMs;
  #healthy = true;
  #everReady = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #timer;
  #closed = false;
  /** @type {(reason: string) => void} */
  #onUnhealthy;
  /** @type {() => void} */
  #onHealthy;

  /**
   * @param {GuardedClient} client connected, or connecting, by its owner
   * @param {GuardOptions} [options]
   */
  constructor(client, options = {}) {
    this.#client = client;
    this.#deadlineMs = options.deadlineMs ?? REDIS_DEADLINE_MS;
    this.#healthCheckMs = options.healthCheckMs ?? REDIS_HEALTH_CHECK_MS;
    this.#firstConnectMs = options.firstConnectMs ?? REDIS_CONNECT_TIMEOUT_MS;
    this.#onUnhealthy = options.onUnhealthy ?? (() => {});
    this.#onHealthy = options.onHealthy ?? (() => {});
  }

  get healthy() {
    return this.#healthy;
  }

  get deadlineMs() {
    return this.#deadlineMs;
  }

  /**
   * Runs `command` within the deadline; while unhealthy, fails at once without calling it.
   * Until the first connection is up, within the connect timeout instead: a process that has just
   * started makes it while busy loading its code (an origin's first request), and a command that
   * waited on it for longer than a deadline was taken for an outage, so that a restarted origin
   * rendered its first card from Firestore instead of serving Redis's.
   * @template T
   * @param {string} what
   * @param {() => Promise<T>} command
   * @param {number} [deadlineMs] the guard's own unless given
   * @returns {Promise<T>}
   */
  async run(what, command, deadlineMs = this.#deadlineMs) {
    if (!this.#healthy) throw new RedisUnhealthyError();
    if (this.#client.isReady) this.#everReady = true;
    const ms = this.#everReady ? deadlineMs : Math.max(deadlineMs, this.#firstConnectMs);
    try {
      return await withDeadline(command(), ms, what);
    } catch (error) {
      this.fail(error);
      throw error;
    }
  }

  /**
   * Takes the connection for lost: drops it, and checks its health until it answers again.
   * @param {unknown} error
   */
  fail(error) {
    if (this.#closed) return;
    if (this.#healthy) {
      this.#healthy = false;
      this.#onUnhealthy(error instanceof Error ? error.message : String(error));
    }
    this.#drop();
    this.#schedule();
  }

  close() {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  /**
   * Closes a connection that is up but does not answer, and opens a new one at once (node-redis
   * keeps trying, with its back-off, until Redis accepts it). A connection still being made is
   * left to node-redis: closing it then could leave its socket behind, still fed into the
   * client's replies.
   */
  #drop() {
    const client = this.#client;
    if (client.isReady) client.disconnect().catch(() => {});
    if (!client.isOpen && !this.#closed) client.connect().catch(() => {});
  }

  #schedule() {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#check().then(
        () => {
          if (this.#closed) return;
          this.#healthy = true;
          this.#onHealthy();
        },
        () => {
          this.#drop();
          this.#schedule();
        },
      );
    }, this.#healthCheckMs);
    this.#timer.unref?.();
  }

  async #check() {
    if (!this.#client.isReady) throw new Error('not connected');
    await withDeadline(this.#client.ping(), this.#deadlineMs, 'a health check');
  }
}
