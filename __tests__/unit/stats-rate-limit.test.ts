import { clientAddress } from '@/server/stats/address';
import { RATE_WINDOW_MS, RateLimiter } from '@/server/stats/rate-limit';

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

  test('ended windows are forgotten; the pairs held are bounded', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 5, maxPairs: 3, now: time.now });
    for (const address of ['a', 'b', 'c']) expect(limiter.allow(address, 'maria')).toBe(true);
    // Full: a new pair waits until old windows end; the pairs it has go on.
    expect(limiter.allow('d', 'maria')).toBe(false);
    expect(limiter.allow('a', 'maria')).toBe(true);
    time.advance(RATE_WINDOW_MS);
    expect(limiter.allow('d', 'maria')).toBe(true);
    expect(limiter.size).toBe(1);
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

  test('more hops than entries: the leftmost; no header: none', () => {
    expect(clientAddress(headers('203.0.113.7'), 3)).toBe('203.0.113.7');
    expect(clientAddress(headers(' , '), 1)).toBeNull();
    expect(clientAddress(headers(), 1)).toBeNull();
  });
});
