// @ts-check
// The ISR cache that several `next start` share through Redis (next.config.ts loads it when
// REDIS_URL is set): @trieb.work/nextjs-turbo-redis-cache, wrapped ("Option B" of its README).
//
// Why a wrapper rather than the bare library (Option A): with Redis frozen (SIGSTOP, or a network
// partition: the connection stays open and nothing answers), the library's set() never settles.
// Next awaits that set before it answers a cache miss, and every request for the same page joins
// that render, so the cards hung for as long as Redis was frozen. The library's own 500 ms
// deadline covers its get only. Here every call gets a deadline: a get that misses it is a miss
// (the card is rendered from Firestore), a set that misses it is done (the card is not shared),
// and each outage is logged once rather than on every request.
//
// JavaScript, not TypeScript: Next imports this file itself at `next start`, with Node's own
// loader, which runs no TypeScript (Node 20). For the same reason it cannot import
// lib/deadline.ts, so `withDeadline` below is that helper's twin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RedisStringsHandler } from '@trieb.work/nextjs-turbo-redis-cache';

/** @typedef {InstanceType<typeof RedisStringsHandler>} Store */

// Beyond the library's 500 ms get timeout, so that it answers first whenever it can.
const GET_DEADLINE_MS = 1000;
// A set of one card (about 80 KB) takes a few milliseconds on a healthy Redis.
const SET_DEADLINE_MS = 1000;
const REVALIDATE_DEADLINE_MS = 2000;

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

let answering = true;

/** @param {unknown} error */
function outage(error) {
  if (!answering) return;
  answering = false;
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`Shared cache unavailable (${reason}): cards are rendered from Firestore.`);
}

function answered() {
  if (answering) return;
  answering = true;
  console.warn('Shared cache available again.');
}

/** @type {Store | undefined} */
let store;

/** @param {{ serverDistDir?: string }} options */
function storeFor(options) {
  if (store) return store;
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) throw new Error('server/cache/handler.mjs needs REDIS_URL.');
  if (!options.serverDistDir) throw new Error('Next gave the cache handler no serverDistDir.');
  store = new RedisStringsHandler({
    redisUrl,
    database: databaseOf(redisUrl),
    keyPrefix: cacheKeyPrefix(readBuildId(options.serverDistDir)),
    // Concurrent gets of one key still share one Redis call, but no origin keeps an answer in its
    // own memory (the library's default is 10 s, not cleared when another origin stores a newer
    // entry): Redis is the one copy every origin serves, so a revalidation's recheck, which reads
    // the card back through its own origin, sees what the CDN can have fetched from any of them.
    inMemoryCachingTime: 0,
  });
  return store;
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
    this.store = storeFor(options);
  }

  /** @param {Parameters<Store['get']>} args */
  async get(...args) {
    try {
      return withCacheControl(
        await withDeadline(this.store.get(...args), GET_DEADLINE_MS, 'a get'),
      );
    } catch (error) {
      outage(error);
      return null;
    }
  }

  /** @param {Parameters<Store['set']>} args */
  async set(...args) {
    const [key, data, ctx] = args;
    try {
      await withDeadline(
        this.store.set(key, storedWithCacheControl(data, ctx), ctx),
        SET_DEADLINE_MS,
        'a set',
      );
      // Only a write proves Redis answers: the library turns its own get errors into misses, and
      // answers recent reads and writes from the process's memory.
      answered();
    } catch (error) {
      outage(error);
    }
  }

  /**
   * Still fails when Redis does not answer, as the other origins did not hear of it. Next runs it
   * once the response is on its way, so the caller is not held up.
   * @param {Parameters<Store['revalidateTag']>} args
   */
  async revalidateTag(...args) {
    try {
      await withDeadline(
        this.store.revalidateTag(...args),
        REVALIDATE_DEADLINE_MS,
        'a revalidation',
      );
    } catch (error) {
      outage(error);
      throw error;
    }
  }

  resetRequestCache() {
    this.store.resetRequestCache();
  }
}
