// @ts-check
// The ISR cache that several `next start` share through Redis (next.config.ts loads it when
// REDIS_URL is set): @trieb.work/nextjs-turbo-redis-cache, wrapped ("Option B" of its README).
//
// Why a wrapper rather than the bare library (Option A):
// - With Redis frozen (SIGSTOP, or a network partition: the connection stays open and nothing
//   answers), the library's set() never settled, and Next awaits it before it answers a miss. Here
//   every call has a deadline (REDIS_DEADLINE_MS): a get that misses it is a miss (the card is
//   rendered from Firestore), a set that misses it is dropped (the card is not shared). The
//   library's client is guarded (redis-guard.mjs): a call that misses its deadline drops the
//   connection, and until a health check succeeds every call is a miss or a dropped set at once,
//   with nothing sent or queued, so an outage does not pile up in the process. Each outage is
//   logged once.
// - A revalidation's marks are kept in Redis and read with every entry (tag-marks.mjs): the
//   library acts on a mark only through its tag index, each origin's memory, which after Redis
//   lost its data missed entries another origin stored again, and Next keeps none with no memory
//   cache (`cacheMaxMemorySize: 0`).
// - Entries are stored compressed (compact-entry.mjs): a card with its vCard and QR code takes a
//   few KB instead of 25–41 KB. They are read here as bytes.
// - A cached 404 (a made-up name's card, vCard or QR code) lives NOT_FOUND_LIFETIME_S instead of
//   the route's hour, in Next's eyes and as its key's TTL in Redis: a made-up name costs one
//   Firestore read per lifetime however often it is asked for, and such entries do not pile up.
//
// JavaScript, not TypeScript: Next imports this file itself at `next start`, with Node's own
// loader, which runs no TypeScript (Node 20). For the same reason it cannot import
// lib/deadline.ts: redis-guard.mjs has that helper's twin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RedisStringsHandler } from '@trieb.work/nextjs-turbo-redis-cache';
import { commandOptions } from 'redis';
import { compactEntrySerializer } from './compact-entry.mjs';
import {
  REDIS_CONNECT_TIMEOUT_MS,
  REDIS_DEADLINE_MS,
  RedisGuard,
  reconnectDelay,
  withDeadline,
} from './redis-guard.mjs';
import { entryTags, MARK_LIFETIME_S, markKey, withMarks } from './tag-marks.mjs';

export { withDeadline };

/** @typedef {InstanceType<typeof RedisStringsHandler>} Store */
/** @typedef {import('./redis-guard.mjs').GuardedClient} GuardedClient */

// A get's and a set's deadline is the guard's (REDIS_DEADLINE_MS); a revalidation is a few calls
// in a row.
const REVALIDATE_DEADLINE_MS = 2 * REDIS_DEADLINE_MS;

/** How long a cached 404 is served before the name is looked up again, and its key's TTL. */
export const NOT_FOUND_LIFETIME_S = 60;

/**
 * Every key starts with the build's id: the origins started from one build share entries, and an
 * entry written by another build (whose pages name other scripts) is never read.
 * @param {string} buildId
 */
export function cacheKeyPrefix(buildId) {
  return `karta:${buildId}:`;
}

/** @param {string} serverDistDir Next's `<distDir>/server`, which it passes to the handler. */
function readBuildId(serverDistDir) {
  return readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim();
}

/**
 * The database named by REDIS_URL's path (redis://host:6379/2), 0 when it names none. The
 * library would otherwise pick database 1 unless VERCEL_ENV=production.
 * @param {string} redisUrl
 */
function databaseOf(redisUrl) {
  const number = Number(new URL(redisUrl).pathname.slice(1) || '0');
  return Number.isInteger(number) ? number : 0;
}

/**
 * What the handler reads entries with: as bytes (they are stored deflated, as they are).
 * @typedef {{
 *   get(options: ReturnType<typeof commandOptions>, key: string): Promise<Buffer | null>,
 * }} EntryReader
 */

/**
 * What the handler keeps revalidations' marks with (tag-marks.mjs).
 * @typedef {{
 *   mGet(keys: string[]): Promise<Array<string | null>>,
 *   set(key: string, value: string, options: { EX: number }): Promise<unknown>,
 * }} MarkStore
 */

/**
 * The library keeps its client to itself; the guard needs it to drop and remake the connection,
 * the codec to keep its dictionaries, and the handler to read entries and marks.
 * @param {Store | undefined} handler
 * @returns {GuardedClient & import('./compact-entry.mjs').DictionaryStore & EntryReader & MarkStore}
 */
function clientOf(handler) {
  return /** @type {{ client: ReturnType<typeof clientOf> }} */ (/** @type {unknown} */ (handler))
    .client;
}

/**
 * @typedef {{
 *   store: Store,
 *   client: ReturnType<typeof clientOf>,
 *   guard: RedisGuard,
 *   keyPrefix: string,
 *   codec: ReturnType<typeof compactEntrySerializer>,
 * }} Shared
 */

/** @type {Shared | undefined} */
let shared;

/**
 * @param {{ serverDistDir?: string }} options
 * @returns {Shared}
 */
function sharedFor(options) {
  if (shared) return shared;
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) throw new Error('server/cache/handler.mjs needs REDIS_URL.');
  if (!options.serverDistDir) throw new Error('Next gave the cache handler no serverDistDir.');
  const keyPrefix = cacheKeyPrefix(readBuildId(options.serverDistDir));
  const codec = compactEntrySerializer({ keyPrefix, redis: () => clientOf(store) });
  const store = new RedisStringsHandler({
    redisUrl,
    database: databaseOf(redisUrl),
    keyPrefix,
    // No origin keeps an answer in its own memory (the library's default is 10 s, not cleared
    // when another origin stores a newer entry): Redis is the one copy every origin serves, so a
    // revalidation's recheck, which reads the card back through its own origin, sees what the CDN
    // can have fetched from any of them.
    inMemoryCachingTime: 0,
    // Its gets are not used (below); without this each set also publishes to every origin.
    redisGetDeduplication: false,
    // Its calls run within the set's, on the library's connection. Its type says strings: the
    // library hands what serialize returns to node-redis's SET, which writes a Buffer as it is,
    // and never calls deserialize (the handler reads entries itself, as bytes).
    valueSerializer:
      /** @type {ConstructorParameters<typeof RedisStringsHandler>[0]['valueSerializer']} */ (
        /** @type {unknown} */ (codec)
      ),
    // No `disableOfflineQueue`: the library sends its first commands before the connection is
    // up, and gives up for good if they fail. Nothing waits offline all the same: the guard sends
    // nothing while the connection is not answering.
    socketOptions: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      reconnectStrategy: reconnectDelay,
    },
  });
  const client = clientOf(store);
  const guard = new RedisGuard(client, {
    deadlineMs: REDIS_DEADLINE_MS,
    onUnhealthy: (reason) =>
      console.warn(`Shared cache unavailable (${reason}): cards are rendered from Firestore.`),
    onHealthy: () => console.warn('Shared cache available again.'),
  });
  // A lost connection (Redis stopped): refused at once until it answers a health check again.
  client.on('error', (error) => guard.fail(error));
  shared = { store, client, guard, keyPrefix, codec };
  return shared;
}

/**
 * A 404's shorter lifetime, in place of the route's.
 * @param {Parameters<Store['set']>[1]} data
 * @param {Parameters<Store['set']>[2]} ctx
 * @returns {Parameters<Store['set']>[2]}
 */
function withNotFoundLifetime(data, ctx) {
  const status = /** @type {{ status?: unknown } | null} */ (data)?.status;
  if (status !== 404) return ctx;
  const cacheControl = { revalidate: NOT_FOUND_LIFETIME_S, expire: NOT_FOUND_LIFETIME_S };
  return /** @type {typeof ctx} */ ({ ...ctx, cacheControl });
}

// Next judges an entry's age by the lifetime stored with it (`cacheControl`), else by what this
// process remembers of the route, else by one second. The library stores none, so an origin that
// had not rendered a card itself (one made after the build, stored by another origin) took that
// origin's entry for stale after a second and rendered the card again. The lifetime rides in the
// stored value, under a key of ours, and is handed back beside it.
const CACHE_CONTROL_KEY = 'kartaCacheControl';

/**
 * @param {Parameters<Store['set']>[1]} data
 * @param {Parameters<Store['set']>[2]} ctx
 */
function storedWithCacheControl(data, ctx) {
  const cacheControl = /** @type {{ cacheControl?: unknown }} */ (ctx)?.cacheControl;
  if (!data || typeof data !== 'object' || !cacheControl) return data;
  return /** @type {typeof data} */ (
    /** @type {unknown} */ ({ ...data, [CACHE_CONTROL_KEY]: cacheControl })
  );
}

/** @param {Awaited<ReturnType<Store['get']>>} entry */
function withCacheControl(entry) {
  const value = /** @type {Record<string, unknown> | null | undefined} */ (entry?.value);
  if (!entry || !value || typeof value !== 'object' || !(CACHE_CONTROL_KEY in value)) return entry;
  const { [CACHE_CONTROL_KEY]: cacheControl, ...rest } = value;
  return /** @type {typeof entry} */ ({ ...entry, value: rest, cacheControl });
}

export default class SharedCacheHandler {
  /**
   * Next constructs a handler for every request; they all share one store and connection.
   * @param {{ serverDistDir?: string }} options
   */
  constructor(options) {
    const { store, guard, client, keyPrefix, codec } = sharedFor(options);
    this.store = store;
    this.guard = guard;
    this.client = client;
    this.keyPrefix = keyPrefix;
    this.codec = codec;
  }

  /**
   * Read here rather than through the library's get, whose per-command AbortSignal (node-redis
   * 4.7) corrupts the client's queue once a command outlives it: the next disconnect then throws
   * halfway and leaves the frozen socket open, its late replies taken for other commands'. Its
   * get adds nothing karta uses: a page's or a route's entry is the stored value as it is (only
   * `fetch` entries, which karta has none of, are checked against revalidated tags there: here
   * they are misses).
   * @param {Parameters<Store['get']>} args
   */
  async get(...args) {
    const [key, ctx] = args;
    if (ctx?.kind === 'FETCH') return null;
    try {
      const { entry, marks } = await this.guard.run('a get', async () => {
        const stored = await this.client.get(
          commandOptions({ returnBuffers: true }),
          this.keyPrefix + key,
        );
        if (stored === null) return { entry: null, marks: [] };
        const found = await this.codec.deserialize(stored);
        const tags = entryTags(found);
        return {
          entry: found,
          marks: tags.length
            ? await this.client.mGet(tags.map((tag) => markKey(this.keyPrefix, tag)))
            : [],
        };
      });
      return withMarks(withCacheControl(entry), marks);
    } catch {
      return null;
    }
  }

  /** @param {Parameters<Store['set']>} args */
  async set(...args) {
    const [key, data, given] = args;
    const ctx = withNotFoundLifetime(data, given);
    try {
      await this.guard.run('a set', () =>
        this.store.set(key, storedWithCacheControl(data, ctx), ctx),
      );
    } catch {
      // Not shared: the card was rendered all the same.
    }
  }

  /**
   * Marks the tags in Redis (tag-marks.mjs), which every origin's get reads, and lets the library
   * delete the entries its tag index names. Still fails when Redis does not answer, as the other
   * origins did not hear of it. Next runs it once the response is on its way, so the caller is
   * not held up.
   * @param {Parameters<Store['revalidateTag']>} args
   */
  async revalidateTag(...args) {
    const tags = [args[0] ?? []].flat();
    const at = String(Date.now());
    await this.guard.run(
      'a revalidation',
      () =>
        Promise.all([
          ...tags.map((tag) =>
            this.client.set(markKey(this.keyPrefix, tag), at, { EX: MARK_LIFETIME_S }),
          ),
          this.store.revalidateTag(...args),
        ]),
      REVALIDATE_DEADLINE_MS,
    );
  }

  resetRequestCache() {
    this.store.resetRequestCache();
  }
}
