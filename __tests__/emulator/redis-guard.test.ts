// The guard every karta Redis connection runs behind (server/cache/redis-guard.mjs), on a real
// redis-server frozen with SIGSTOP: the first command that misses its deadline drops the
// connection; until a health check answers, nothing is sent at all; after the resume the guard
// is healthy again on a connection of its own. Under load, through an origin:
// e2e/redis-frozen.test.ts.
import { createClient } from 'redis';
import { RedisGuard, reconnectDelay } from '@/server/cache/redis-guard.mjs';
import { startRedis, type RunningRedis } from '@/tools/lib/redis';
import { eventually } from '@/__tests__/helpers/eventually';

const DEADLINE_MS = 300;
const HEALTH_CHECK_MS = 200;

let redis: RunningRedis;
let client: ReturnType<typeof createClient>;
let guard: RedisGuard;
const events: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  client = createClient({
    url: redis.url,
    socket: { connectTimeout: DEADLINE_MS, reconnectStrategy: reconnectDelay },
  });
  guard = new RedisGuard(client, {
    deadlineMs: DEADLINE_MS,
    healthCheckMs: HEALTH_CHECK_MS,
    onUnhealthy: (reason) => events.push(`unhealthy: ${reason}`),
    onHealthy: () => events.push('healthy'),
  });
  client.on('error', (error: Error) => guard.fail(error));
  await client.connect();
});

afterAll(async () => {
  guard?.close();
  await client?.disconnect().catch(() => {});
  await redis?.stop();
});

test('frozen: one missed deadline drops the connection, then nothing is sent until Redis answers again on a new one', async () => {
  expect(await guard.run('a set', () => client.set('karta-guard', 'before'))).toBe('OK');
  const firstId = await client.clientId();

  redis.pause();
  try {
    await expect(guard.run('a get', () => client.get('karta-guard'))).rejects.toThrow(
      `Redis did not answer a get in ${DEADLINE_MS} ms`,
    );
    expect(guard.healthy).toBe(false);
    expect(events).toEqual([`unhealthy: Redis did not answer a get in ${DEADLINE_MS} ms`]);
    // Dropped: what node-redis held for the frozen socket is let go.
    await eventually(() => !client.isReady, { every: 50, what: 'the connection dropped' });

    // While unhealthy, 1,000 writes of 100 KB each are refused without being sent: none reaches
    // node-redis, so none is queued in the process.
    const big = 'x'.repeat(100_000);
    let sent = 0;
    const answers = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        guard.run('a set', () => {
          sent++;
          return client.set(`karta-guard-${i}`, big);
        }),
      ),
    );
    expect(sent).toBe(0);
    expect(answers.every((a) => a.status === 'rejected')).toBe(true);
    expect(String((answers[0] as PromiseRejectedResult).reason)).toContain('not sent');
    // Health checks keep failing while frozen: still unhealthy a few periods later.
    await new Promise((r) => setTimeout(r, 3 * HEALTH_CHECK_MS + DEADLINE_MS));
    expect(guard.healthy).toBe(false);
  } finally {
    redis.resume();
  }

  await eventually(() => guard.healthy, { every: 50, what: 'healthy again' });
  expect(events.filter((e) => e === 'healthy')).toHaveLength(1);
  expect(await guard.run('a get', () => client.get('karta-guard'))).toBe('before');
  // A new connection; the frozen one is gone from the server.
  const secondId = await client.clientId();
  expect(secondId).not.toBe(firstId);
  const list = await client.sendCommand<string>(['CLIENT', 'LIST']);
  expect(list).not.toContain(`id=${firstId} `);
  // Nothing written while unhealthy reached Redis.
  expect(await client.exists('karta-guard-0')).toBe(0);
});

test('a command sent while the first connection is being made, by a process busy for longer than a deadline, waits for it', async () => {
  await client.set('karta-guard-first', 'kept');
  const starting = createClient({
    url: redis.url,
    socket: { connectTimeout: 20 * DEADLINE_MS, reconnectStrategy: reconnectDelay },
  });
  const firstGuard = new RedisGuard(starting, {
    deadlineMs: DEADLINE_MS,
    firstConnectMs: 20 * DEADLINE_MS,
  });
  starting.on('error', (error: Error) => firstGuard.fail(error));
  try {
    starting.connect().catch(() => {});
    const answer = guardRunWhileBusy(firstGuard, () => starting.get('karta-guard-first'));
    expect(await answer).toBe('kept');
    expect(firstGuard.healthy).toBe(true);
  } finally {
    firstGuard.close();
    await starting.disconnect().catch(() => {});
  }
});

/** Sends `command` through `guard`, then keeps the process busy for three deadlines (a starting
 * origin loading its code) before anything can arrive. */
function guardRunWhileBusy<T>(guard: RedisGuard, command: () => Promise<T>): Promise<T> {
  const answer = guard.run('a get', command);
  const until = Date.now() + 3 * DEADLINE_MS;
  while (Date.now() < until) {
    // Busy, as a process compiling its first page is.
  }
  return answer;
}
