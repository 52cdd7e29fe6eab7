// The shared cache's revalidation marks (server/cache/tag-marks.mjs): an entry stored before a mark
// of one of its tags is stale for Next, as Next's IncrementalCache judges it (its lifetime from
// `lastModified`, blocking once `expire` has passed too), whatever the origin reading it knew of
// the mark. Against the real Redis, after a restart: e2e/scale.test.ts (the production path, then
// the CDN purges).
import { entryTags, markKey, withMarks } from '@/server/cache/tag-marks.mjs';

const NOW = 1_800_000_000_000;
const HOUR = { revalidate: 3600, expire: 31_536_000 };

function card(
  lastModified: number,
  cacheControl: { revalidate: unknown; expire?: unknown } = HOUR,
) {
  return {
    lastModified,
    tags: ['_N_T_/layout', '_N_T_/[username]/route', '_N_T_/maria'],
    value: { kind: 'APP_ROUTE', status: 200, headers: {}, body: Buffer.from('<h1>Μαρία</h1>') },
    cacheControl,
  };
}

/** What Next's IncrementalCache.get makes of an entry: fresh, stale (served once more) or expired. */
function nextSees(entry: ReturnType<typeof card> | null, now = NOW): string {
  if (!entry) return 'miss';
  const { revalidate, expire } = entry.cacheControl as { revalidate: number; expire: number };
  if (expire * 1000 + entry.lastModified < now) return 'expired';
  return revalidate * 1000 + entry.lastModified < now ? 'stale' : 'fresh';
}

describe('withMarks', () => {
  test('an entry stored before a mark of one of its tags is stale, not expired', () => {
    const entry = card(NOW - 5_000);
    const marked = withMarks(entry, [null, null, String(NOW - 1_000)], NOW);
    expect(nextSees(entry)).toBe('fresh');
    expect(nextSees(marked)).toBe('stale');
    expect(marked?.value).toBe(entry.value);
  });

  test('an entry stored after every mark is left as it is', () => {
    const entry = card(NOW - 1_000);
    expect(withMarks(entry, [String(NOW - 5_000), null], NOW)).toBe(entry);
    expect(withMarks(entry, [], NOW)).toBe(entry);
    expect(withMarks(entry, [null, 'not a time'], NOW)).toBe(entry);
  });

  test('a short-lived entry (a 404) marked since is expired: rendered before it is served', () => {
    const marked = withMarks(card(NOW - 5_000, { revalidate: 60, expire: 60 }), [String(NOW)], NOW);
    expect(nextSees(marked)).toBe('expired');
  });

  test('an entry without a lifetime to move past is a miss once marked', () => {
    expect(withMarks(card(NOW - 5_000, { revalidate: false }), [String(NOW)], NOW)).toBeNull();
    expect(withMarks(null, [String(NOW)], NOW)).toBeNull();
  });
});

describe('entryTags and markKey', () => {
  test("the library's tag list first, else the route's header", () => {
    expect(entryTags(card(1))).toEqual(['_N_T_/layout', '_N_T_/[username]/route', '_N_T_/maria']);
    const fromHeader = { value: { headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/maria' } } };
    expect(entryTags(fromHeader)).toEqual(['_N_T_/layout', '_N_T_/maria']);
    expect(entryTags({ value: { headers: {} } })).toEqual([]);
    expect(entryTags(null)).toEqual([]);
  });

  test("a mark's key lives under the build's prefix", () => {
    expect(markKey('karta:abc:', '_N_T_/maria')).toBe('karta:abc:mark:_N_T_/maria');
  });
});
