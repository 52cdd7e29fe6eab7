// @ts-check
// A revalidation's marks, kept in Redis beside the entries, so that every origin sees an entry
// stored before a mark as stale, whichever origin made the mark and whatever it knew.
//
// Why: Next keeps its marks in each process's memory (and with `cacheMaxMemorySize: 0` keeps
// none at all), and the library acts on a mark only by deleting the keys its tag index names. That
// index lives in each origin's memory, synced through Redis; after Redis lost its data (a restart)
// an origin that started since never learnt the tags of an entry another origin had stored again,
// and its revalidations left that entry served, fresh, for the next hour. Here the entry's own
// tags are looked up against the marks on every read: nothing depends on what an origin heard.
//
// JavaScript, not TypeScript: handler.mjs imports it, and Next loads that with Node's own loader.

/**
 * How long a mark is kept: as long as the longest-lived entry it can concern (a route's `expire`,
 * Next's default of a year). Its key carries this TTL, so volatile-lru may evict it; it is read
 * with its entry, so it is no less recently used than the entry it concerns.
 */
export const MARK_LIFETIME_S = 365 * 24 * 60 * 60;

/** Older than this past its lifetime, an entry is stale for Next whatever its clock reads. */
const STALE_MARGIN_MS = 1000;

/**
 * @param {string} keyPrefix the build's (handler.mjs cacheKeyPrefix)
 * @param {string} tag a tag Next revalidated (for a path, its implicit tag `_N_T_/maria`)
 */
export function markKey(keyPrefix, tag) {
  return `${keyPrefix}mark:${tag}`;
}

/**
 * @typedef {{
 *   lastModified?: number,
 *   tags?: unknown,
 *   value?: unknown,
 *   cacheControl?: { revalidate?: unknown, expire?: unknown },
 * }} MarkedEntry
 */

/**
 * The tags an entry was stored under: the library's list, else the page's or route's header.
 * @param {MarkedEntry | null | undefined} entry
 * @returns {string[]}
 */
export function entryTags(entry) {
  if (Array.isArray(entry?.tags)) return entry.tags.filter((tag) => typeof tag === 'string');
  const headers = /** @type {{ headers?: Record<string, unknown> } | undefined} */ (entry?.value)
    ?.headers;
  const header = headers?.['x-next-cache-tags'];
  return typeof header === 'string' && header ? header.split(',') : [];
}

/**
 * The entry as Next is to see it, given the marks of its tags (epoch ms, as stored; null where
 * none): itself when stored after every mark, else stale (its age moved past its lifetime, so
 * Next serves it once more and renders it again), or a miss when it has no lifetime to move past.
 * @template {MarkedEntry} E
 * @param {E | null} entry with its cacheControl (handler.mjs withCacheControl)
 * @param {ReadonlyArray<string | number | null | undefined>} marks
 * @param {number} [now]
 * @returns {E | null}
 */
export function withMarks(entry, marks, now = Date.now()) {
  if (!entry) return entry;
  const latest = Math.max(0, ...marks.map(Number).filter(Number.isFinite));
  const stored = typeof entry.lastModified === 'number' ? entry.lastModified : 0;
  if (latest <= stored) return entry;
  const revalidate = entry.cacheControl?.revalidate;
  if (typeof revalidate !== 'number') return null;
  return { ...entry, lastModified: Math.min(stored, now - revalidate * 1000 - STALE_MARGIN_MS) };
}
