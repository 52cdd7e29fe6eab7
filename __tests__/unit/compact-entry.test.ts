// The shared cache's codec (server/cache/compact-entry.mjs), with an in-memory stand-in for the
// dictionaries' keys: what it writes reads back the same, in bytes, from an origin that has not
// rendered a card itself. Against the real Redis: e2e/shared-cache, bench `--only redis`.
import { compactEntrySerializer } from '@/server/cache/compact-entry.mjs';

const STYLE = `<style>${'.card{color:#c2185b;padding:1rem}'.repeat(120)}</style>`;
const SCRIPT = `<script>${'document.querySelector("main");'.repeat(80)}</script>`;

function cardEntry(name: string) {
  const html = `<!doctype html><html><head>${STYLE}</head><body><main><h1>${name}</h1></main>${SCRIPT}</body></html>`;
  return {
    lastModified: 1,
    tags: [`card:${name}`],
    value: {
      kind: 'APP_ROUTE',
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "a 'b'" },
      body: Buffer.from(html),
    },
  };
}

function dictionaryStore() {
  const keys = new Map<string, string>();
  return {
    keys,
    get: async (key: string) => keys.get(key) ?? null,
    set: async (key: string, value: string, options: { NX: true }) => {
      if (!options.NX || !keys.has(key)) keys.set(key, value);
    },
  };
}

test('a card entry is stored as deflated bytes, far smaller than its HTML, and reads back the same from another origin', async () => {
  const redis = dictionaryStore();
  const writer = compactEntrySerializer({ keyPrefix: 'karta:b:', redis: () => redis });
  const entry = cardEntry('Μαρία');
  const stored = (await writer.serialize(entry)) as Buffer;
  expect(Buffer.isBuffer(stored)).toBe(true);
  expect(stored.subarray(0, 4).toString('latin1')).toBe('dz2:');
  // Not base64: bytes outside base64's alphabet appear.
  expect(/[^A-Za-z0-9+/=]/.test(stored.subarray(22).toString('latin1'))).toBe(true);
  expect(stored.length).toBeLessThan(entry.value.body.length / 10);
  // The library's debug line calls it.
  expect(
    typeof (stored as unknown as { substring(a: number, b: number): string }).substring(0, 200),
  ).toBe('string');

  const restarted = compactEntrySerializer({ keyPrefix: 'karta:b:', redis: () => redis });
  const read = (await restarted.deserialize(stored)) as ReturnType<typeof cardEntry>;
  expect(read.tags).toEqual(entry.tags);
  expect(Buffer.isBuffer(read.value.body)).toBe(true);
  expect(read.value.body.equals(entry.value.body)).toBe(true);
  expect(read.value.headers).toEqual(entry.value.headers);
});

test('binary bodies and Maps survive; an entry before any card is deflated without a dictionary', async () => {
  const redis = dictionaryStore();
  const codec = compactEntrySerializer({ keyPrefix: 'karta:b:', redis: () => redis });
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x80]);
  const entry = {
    value: { kind: 'APP_ROUTE', status: 200, headers: {}, body: png },
    segments: new Map([['a', Buffer.from('ά')]]),
  };
  const stored = (await codec.serialize(entry)) as Buffer;
  expect(stored.subarray(0, 6).toString('latin1')).toBe('dz2:-:');
  expect(redis.keys.size).toBe(0);
  const read = (await codec.deserialize(stored)) as {
    value: { body: Buffer };
    segments: Map<string, Buffer>;
  };
  expect(read.value.body.equals(png)).toBe(true);
  expect(read.segments).toBeInstanceOf(Map);
  expect(read.segments.get('a')?.toString('utf8')).toBe('ά');
});

test('an entry whose dictionary is gone from Redis, or in a format it does not know, is a miss', async () => {
  const redis = dictionaryStore();
  const stored = (await compactEntrySerializer({
    keyPrefix: 'karta:b:',
    redis: () => redis,
  }).serialize(cardEntry('Νίκος'))) as Buffer;
  redis.keys.clear();
  const other = compactEntrySerializer({ keyPrefix: 'karta:b:', redis: () => redis });
  expect(await other.deserialize(stored)).toBeNull();
  expect(await other.deserialize(Buffer.from('{"value":null}'))).toBeNull();
});
