// @ts-check
// How a cache entry is written into Redis: compressed, so that a million cards fit one 16 GB node
// (docs/freshness.md). The library's own format is JSON with every Buffer (a card's HTML, a vCard, a
// QR code) in base64, uncompressed: 25–41 KB a card.
//
// Here Buffers that are UTF-8 text stay text inside the JSON, and the whole is deflated (zlib)
// against a dictionary: most of a card's HTML is its inline stylesheet and script, the same for
// every card of a build, as is its CSP header. The dictionary is made of those parts of the first
// card an origin stores (never its content: no name, no ld+json, no header naming the card), so
// every origin of a build makes the same one, and it is stored in Redis
// under its hash for an origin that has not rendered a card itself (one just restarted). Deflate
// rather than Brotli: Node 20's Brotli takes no dictionary, and the dictionary saves far more than
// Brotli's better coding. Entries written before any card (or not reading as text) are deflated
// without one.
//
// The compressed bytes are stored as they are, not in base64 (a third more): the handler reads
// entries itself, as Buffers, and the library hands what serialize returns to node-redis, which
// writes a Buffer as it is. Compression runs on libuv's threads (zlib's async API).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/** Marks an entry in this format: `dz2:<dictionary hash or ->:<deflated bytes>`. */
const FORMAT = 'dz2:';
const NO_DICTIONARY = '-';
/** zlib's best compression: a card takes about a millisecond at it. */
const LEVEL = 9;
/** What deflate can look back on: its largest window, 32 KB. */
const DICTIONARY_MAX_BYTES = 32 * 1024;

/**
 * What the codec needs of Redis: the dictionaries, kept under keys of their own, without TTL.
 * @typedef {{
 *   get(key: string): Promise<string | null>,
 *   set(key: string, value: string, options: { NX: true }): Promise<unknown>,
 * }} DictionaryStore
 */

/**
 * Buffers, Maps and the rest as plain JSON values.
 * @param {unknown} value
 * @returns {unknown}
 */
function encode(value) {
  if (Buffer.isBuffer(value)) {
    const text = value.toString('utf8');
    return Buffer.from(text).equals(value)
      ? { $text: text }
      : { $binary: value.toString('base64') };
  }
  if (value instanceof Map) {
    return { $map: Object.fromEntries([...value].map(([key, item]) => [key, encode(item)])) };
  }
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encode(item)]));
  }
  return value;
}

/**
 * encode's reverse, as JSON.parse's reviver (also reads the library's `$binary` and `$map`).
 * @param {string} _key
 * @param {unknown} value
 */
function revive(_key, value) {
  if (!value || typeof value !== 'object') return value;
  const marked = /** @type {Record<string, unknown>} */ (value);
  if (typeof marked.$text === 'string') return Buffer.from(marked.$text, 'utf8');
  if (typeof marked.$binary === 'string') return Buffer.from(marked.$binary, 'base64');
  if (marked.$map && typeof marked.$map === 'object') {
    // JSON.parse revives inner values first: the Map's items are already Buffers.
    return new Map(Object.entries(/** @type {Record<string, unknown>} */ (marked.$map)));
  }
  return value;
}

// A card's inline stylesheets and scripts, but not its structured data (ld+json: the person).
const SHARED_PARTS =
  /<style[^>]*>[\s\S]*?<\/style>|<script(?![^>]*ld\+json)[^>]*>[\s\S]*?<\/script>/g;

/**
 * The dictionary a card's entry gives: its headers and its inline assets, as they read inside the
 * entry's JSON. Null for any other entry.
 * @param {unknown} entry
 * @returns {Buffer | null}
 */
function dictionaryOf(entry) {
  const value =
    /** @type {{ value?: { kind?: unknown, status?: unknown, headers?: Record<string, unknown>, body?: unknown } }} */ (
      entry
    ).value;
  const type = value?.headers?.['content-type'];
  if (value?.kind !== 'APP_ROUTE' || value.status !== 200 || !Buffer.isBuffer(value.body)) {
    return null;
  }
  if (typeof type !== 'string' || !type.startsWith('text/html')) return null;
  const parts = value.body.toString('utf8').match(SHARED_PARTS) ?? [];
  if (parts.length === 0) return null;
  // Of its headers, the longest, the same for every card (others name the card: left out).
  const csp = value.headers?.['content-security-policy'];
  // Deflate matches the end of its dictionary most cheaply: the parts every entry has go last.
  const text =
    parts.map((part) => JSON.stringify(part).slice(1, -1)).join('') +
    (typeof csp === 'string' ? JSON.stringify(csp) : '');
  const bytes = Buffer.from(text);
  return bytes.subarray(Math.max(0, bytes.length - DICTIONARY_MAX_BYTES));
}

/** @param {Buffer} dictionary */
const hashOf = (dictionary) => createHash('sha256').update(dictionary).digest('hex').slice(0, 16);

/**
 * The library's `valueSerializer`, its dictionaries under `${keyPrefix}dictionary:<hash>`.
 * @param {{ keyPrefix: string, redis: () => DictionaryStore }} options
 */
export function compactEntrySerializer({ keyPrefix, redis }) {
  /** @type {{ hash: string, bytes: Buffer } | undefined} */
  let own;
  /** Dictionaries by hash: a build has one; a few more at most while builds change over. */
  /** @type {Map<string, Promise<Buffer | null>>} */
  const known = new Map();
  const keyOf = (/** @type {string} */ hash) => `${keyPrefix}dictionary:${hash}`;

  /** @param {string} hash */
  function dictionary(hash) {
    let found = known.get(hash);
    if (!found) {
      found = redis()
        .get(keyOf(hash))
        .then((text) => {
          const bytes = text === null ? null : Buffer.from(text, 'base64');
          return bytes && hashOf(bytes) === hash ? bytes : null;
        });
      known.set(hash, found);
      // Not found (Redis emptied, or unreachable): asked again next time.
      found.then(
        (bytes) => bytes || known.delete(hash),
        () => known.delete(hash),
      );
    }
    return found;
  }

  return {
    /**
     * @param {unknown} entry
     * @returns {Promise<Buffer>}
     */
    async serialize(entry) {
      const json = Buffer.from(JSON.stringify(encode(entry)));
      if (!own) {
        const bytes = dictionaryOf(entry);
        if (bytes) {
          own = { hash: hashOf(bytes), bytes };
          known.set(own.hash, Promise.resolve(bytes));
        }
      }
      if (!own) {
        return stored(NO_DICTIONARY, await deflate(json, { level: LEVEL }));
      }
      // Written with every entry that needs it (a no-op once there): Redis may have been emptied
      // since, and an origin that has not rendered a card itself reads the dictionary from there.
      await redis().set(keyOf(own.hash), own.bytes.toString('base64'), { NX: true });
      return stored(own.hash, await deflate(json, { level: LEVEL, dictionary: own.bytes }));
    },
    /**
     * An entry as Redis holds it; null when it cannot be read (its dictionary is gone): a miss,
     * and the card is rendered and stored again.
     * @param {Buffer} bytes
     */
    async deserialize(bytes) {
      const header = bytes.subarray(0, FORMAT.length + 17).toString('latin1');
      const end = header.indexOf(':', FORMAT.length);
      if (!header.startsWith(FORMAT) || end < 0) return null;
      const hash = header.slice(FORMAT.length, end);
      const packed = bytes.subarray(end + 1);
      let json;
      if (hash === NO_DICTIONARY) {
        json = await inflate(packed);
      } else {
        const dictionaryBytes = await dictionary(hash);
        if (!dictionaryBytes) return null;
        json = await inflate(packed, { dictionary: dictionaryBytes });
      }
      return JSON.parse(json.toString('utf8'), revive);
    },
  };
}

/**
 * The stored form of an entry. The library passes what serialize returns through
 * `.substring(0, 200)` for a debug line it builds even when not debugging: a Buffer has no such
 * method, so this one is given one.
 * @param {string} hash
 * @param {Buffer} packed
 */
function stored(hash, packed) {
  const bytes = Buffer.concat([Buffer.from(`${FORMAT}${hash}:`, 'latin1'), packed]);
  return Object.assign(bytes, { substring: () => `${FORMAT}${hash}: (${bytes.length} bytes)` });
}
