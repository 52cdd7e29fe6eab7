import { env, envProblems } from '@/lib/env';
import { localFirebaseEnv } from '@/tools/lib/local-env';
import { restoreEnvAfterEach } from './support/env';

const valid = localFirebaseEnv('demo-karta', '127.0.0.1:8080');

test.each([
  ['STATS_FLUSH_MS', '5s', /STATS_FLUSH_MS must be a whole number of milliseconds/],
  ['STATS_FLUSH_MS', '0', /STATS_FLUSH_MS must be a whole number/],
  ['STATS_RATE_LIMIT', '-1', /STATS_RATE_LIMIT must be a whole number of events a minute/],
  ['STATS_PROXY_HOPS', '-1', /STATS_PROXY_HOPS must be a whole number of proxies \(0 for none\)/],
  ['STATS_PROXY_HOPS', '01', /STATS_PROXY_HOPS must be a whole number of proxies/],
])('a malformed %s (%s) is named', (name, value, message) => {
  const problems = envProblems({ ...valid, [name]: value });
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(message);
});

describe('the stats settings', () => {
  restoreEnvAfterEach();

  test('defaults: a flush every 5 s, 60 events a minute, one proxy, no flush lines', () => {
    for (const name of [
      'STATS_FLUSH_MS',
      'STATS_RATE_LIMIT',
      'STATS_PROXY_HOPS',
      'STATS_LOG_FLUSHES',
    ]) {
      delete process.env[name];
    }
    expect([env.statsFlushMs, env.statsRateLimit, env.statsProxyHops, env.statsLogFlushes]).toEqual(
      [5000, 60, 1, false],
    );
  });

  test('as given; 0 turns the rate limit off, and 0 proxies means none in front', () => {
    Object.assign(process.env, {
      STATS_FLUSH_MS: '250',
      STATS_RATE_LIMIT: '0',
      STATS_PROXY_HOPS: '2',
      STATS_LOG_FLUSHES: '1',
    });
    expect(envProblems({ ...valid, STATS_RATE_LIMIT: '0', STATS_PROXY_HOPS: '0' })).toEqual([]);
    expect([env.statsFlushMs, env.statsRateLimit, env.statsProxyHops, env.statsLogFlushes]).toEqual(
      [250, 0, 2, true],
    );
  });
});

describe('no proxy in front', () => {
  restoreEnvAfterEach();

  test('STATS_PROXY_HOPS=0 is read as 0, not as the default', () => {
    process.env.STATS_PROXY_HOPS = '0';
    expect(env.statsProxyHops).toBe(0);
  });
});
