import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientAddress } from '@/server/stats/address';
import { recordSocketAddresses } from '@/server/stats/socket-address';
import { MAX_TRACKED_PAIRS, RATE_WINDOW_MS, RateLimiter } from '@/server/stats/rate-limit';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const allowed = (limiter: RateLimiter, n: number, address: string, card: string) =>
  Array.from({ length: n }, () => limiter.allow(address, card)).filter(Boolean).length;

describe('RateLimiter', () => {
  test('60 events a minute from one address for one card; the 61st is refused', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 60, now: time.now });
    expect(allowed(limiter, 60, '10.0.0.1', 'maria')).toBe(60);
    time.advance(RATE_WINDOW_MS - 1);
    expect(limiter.allow('10.0.0.1', 'maria')).toBe(false);
  });

  test('per address and per card: another card, or another address, has its own budget', () => {
    const limiter = new RateLimiter({ limit: 3, now: clock().now });
    expect(allowed(limiter, 5, '10.0.0.1', 'maria')).toBe(3);
    expect(allowed(limiter, 5, '10.0.0.1', 'nikos')).toBe(3);
    expect(allowed(limiter, 5, '10.0.0.2', 'maria')).toBe(3);
  });

  test("a window opens with the pair's first event and ends a minute later", () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 2, now: time.now });
    expect(allowed(limiter, 2, 'a', 'maria')).toBe(2);
    time.advance(RATE_WINDOW_MS / 2);
    expect(limiter.allow('a', 'maria')).toBe(false);
    time.advance(RATE_WINDOW_MS / 2);
    expect(allowed(limiter, 3, 'a', 'maria')).toBe(2);
  });

  test('a name and an address cannot combine into another pair', () => {
    const limiter = new RateLimiter({ limit: 1, now: clock().now });
    expect(limiter.allow('b', 'a')).toBe(true);
    // "a" + "/b" would be the same key only if '/' could be in a name, which it cannot.
    expect(limiter.allow('a/b', '')).toBe(true);
  });

  test('0 turns it off', () => {
    const limiter = new RateLimiter({ limit: 0, now: clock().now });
    expect(allowed(limiter, 1000, 'a', 'maria')).toBe(1000);
    expect(limiter.size).toBe(0);
  });

  test('ended windows are forgotten', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 5, now: time.now });
    for (const address of ['a', 'b', 'c']) expect(limiter.allow(address, 'maria')).toBe(true);
    time.advance(RATE_WINDOW_MS / 2);
    expect(limiter.allow('d', 'maria')).toBe(true);
    time.advance(RATE_WINDOW_MS / 2);
    expect(limiter.allow('e', 'maria')).toBe(true);
    expect(limiter.size).toBe(2);
  });

  test('full, it forgets the oldest window: a new visitor is still counted', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 2, maxPairs: 3, now: time.now });
    for (const address of ['a', 'b', 'c']) {
      expect(limiter.allow(address, 'maria')).toBe(true);
      time.advance(1);
    }
    expect(limiter.allow('d', 'maria')).toBe(true);
    expect(limiter.size).toBe(3);
    // "a" was the oldest: forgotten, it starts afresh; "b" and "c" kept their windows.
    expect(allowed(limiter, 3, 'b', 'maria')).toBe(1);
    expect(allowed(limiter, 3, 'a', 'maria')).toBe(2);
  });

  test('a window reopened after it ended counts as the newest', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 1, maxPairs: 2, now: time.now });
    expect(limiter.allow('a', 'maria')).toBe(true);
    time.advance(1);
    expect(limiter.allow('b', 'maria')).toBe(true);
    time.advance(RATE_WINDOW_MS - 1);
    // a's window is over ('b' has 1 ms left): a reopens, after b.
    expect(limiter.allow('a', 'maria')).toBe(true);
    expect(limiter.allow('b', 'maria')).toBe(false);
    expect(limiter.allow('c', 'maria')).toBe(true);
    // Full again: b, the oldest, went; a's new window stayed.
    expect(limiter.allow('a', 'maria')).toBe(false);
    expect(limiter.allow('b', 'maria')).toBe(true);
  });

  test('100,000 pairs from a flood, then a visitor: counted, and the table stays at its bound', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 60, now: time.now });
    for (let i = 0; i < MAX_TRACKED_PAIRS; i++) limiter.allow('198.51.100.9', `made-up-${i}`);
    time.advance(30_000);
    expect(limiter.allow('203.0.113.5', 'maria')).toBe(true);
    expect(limiter.size).toBe(MAX_TRACKED_PAIRS);
  });
});

describe('clientAddress', () => {
  const headers = (xff?: string) =>
    new Headers(xff === undefined ? {} : { 'x-forwarded-for': xff });

  test('the entry the last proxy appended, which the client cannot forge', () => {
    expect(clientAddress(headers('203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(headers('1.1.1.1, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(headers('1.1.1.1, 203.0.113.7, 10.0.0.2'), 2)).toBe('203.0.113.7');
  });

  test("0 (no proxy): never the client's own header, but the socket's address once recorded", async () => {
    // Recording starts with the stats service (socket-address.ts); until then, no address.
    expect(clientAddress(headers('203.0.113.7'), 0)).toBeNull();
    recordSocketAddresses();
    const seen: Array<string | null> = [];
    const server = http.createServer((req, res) => {
      const forwarded = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') forwarded.set(name, value);
      }
      seen.push(clientAddress(forwarded, 0), clientAddress(forwarded, 1));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen).toEqual([expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/), '203.0.113.7']);
  });

  test('more hops than entries: the leftmost; no header: none', () => {
    expect(clientAddress(headers('203.0.113.7'), 3)).toBe('203.0.113.7');
    expect(clientAddress(headers(' , '), 1)).toBeNull();
    expect(clientAddress(headers(), 1)).toBeNull();
  });
});
