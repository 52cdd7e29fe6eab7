// POST /api/events over HTTP, where a real socket or several processes are the point: with no
// proxy in front (the run's own `next start`, as `npm run demo` starts it: STATS_PROXY_HOPS=0),
// two origins adding up through Redis, and a graceful stop that flushes. Each origin of its own is
// a `next start` of a copy of the e2e build with its own stats settings; the counts are read back
// from the emulator. The cards' keys are computed as the origins compute them, from the stack's
// REVALIDATE_SECRET. What the endpoint refuses, the bots, the rate limit behind a proxy and
// made-up names are tested in process: emulator/stats-endpoint.test.ts.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { adminDb } from '@/server/firebase/admin-app';
import { athensDay } from '@/lib/stats/day';
import { STATS_COLLECTION } from '@/lib/collections';
import { EVENTS_PATH, beaconBody } from '@/lib/stats/events';
import { freePort } from '@/tools/lib/emulator';
import { cardKey } from '@/server/stats/card-key';
import { copyBuild, startNext } from '@/tools/lib/next-server';
import { ROOT } from '@/tools/lib/paths';
import { stopProcess } from '@/tools/lib/processes';
import { startRedis, type RunningRedis } from '@/tools/lib/redis';
import { eventually } from '@/__tests__/helpers/eventually';
import { baseUrl } from '@/__tests__/helpers/browser';

const FLUSH_MS = 300;
const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';

/** Where beacons go: the run's own `next start`, or an origin of this file's. */
interface Target {
  base: string;
}

interface Origin extends Target {
  server: ChildProcess;
  distDir: string;
}

const origins: Origin[] = [];
const created: string[] = [];
let redis: RunningRedis;
let redisA: Origin;
let redisB: Origin;

const logOf = (name: string) => path.join(ROOT, 'artifacts', `stats-endpoint-${name}.log`);

async function startOrigin(name: string, env: Record<string, string>): Promise<Origin> {
  const distDir = mkdtempSync(path.join(ROOT, '.next-stats-'));
  copyBuild(process.env.NEXT_DIST_DIR as string, path.basename(distDir));
  const port = await freePort();
  const server = await startNext(
    port,
    {
      ...process.env,
      NEXT_DIST_DIR: path.basename(distDir),
      // As behind a CDN: `send` writes X-Forwarded-For as one would (the run's stack has none).
      STATS_PROXY_HOPS: '1',
      ...env,
    },
    { host: '127.0.0.1', logFile: logOf(name) },
  );
  const origin = { base: `http://127.0.0.1:${port}`, server, distDir };
  origins.push(origin);
  return origin;
}

async function newCard(label: string): Promise<string> {
  const username = `stats-${label}-${Date.now()}`;
  created.push(username);
  await adminDb().doc(`users/${username}`).set({ username, firstName: 'Στατιστική' });
  return username;
}

/** What the card's HTML gives its script: the name and the card's stats key. */
const card = (username: string) => ({
  username,
  key: cardKey(process.env.REVALIDATE_SECRET as string, username),
});

interface SendOptions {
  address?: string;
}

function send(origin: Target, body: string, options: SendOptions = {}) {
  return fetch(`${origin.base}${EVENTS_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': PHONE,
      'x-forwarded-for': options.address ?? '198.51.100.1',
    },
    body,
    duplex: 'half',
  } as RequestInit);
}

const statsOf = async (username: string) =>
  (
    await adminDb()
      .doc(`users/${username}/${STATS_COLLECTION}/${athensDay(Date.now())}`)
      .get()
  ).data();

/**
 * Until what `origins` had counted so far is in Firestore: a view of a card of its own, sent last
 * to each, written. A flush takes everything its store holds, so the counts sent before it are
 * written by then too.
 */
async function flushed(...sentTo: Target[]): Promise<void> {
  const marker = await newCard(`marker-${markers++}`);
  for (const [i, origin] of sentTo.entries()) {
    const res = await send(origin, beaconBody(card(marker), 'view'), { address: `198.18.0.${i}` });
    expect(res.status).toBe(204);
  }
  await eventually(async () => (await statsOf(marker))?.views === sentTo.length, {
    every: 50,
    what: `a flush of ${sentTo.length} origin(s)`,
  });
}
let markers = 0;

beforeAll(async () => {
  redis = await startRedis();
  [redisA, redisB] = await Promise.all([
    startOrigin('redis-a', { STATS_FLUSH_MS: String(FLUSH_MS), REDIS_URL: redis.url }),
    startOrigin('redis-b', { STATS_FLUSH_MS: String(FLUSH_MS), REDIS_URL: redis.url }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all(origins.map((origin) => stopProcess(origin.server)));
  for (const origin of origins) rmSync(origin.distDir, { recursive: true, force: true });
  await redis?.stop();
  await Promise.all(created.map((u) => adminDb().recursiveDelete(adminDb().doc(`users/${u}`))));
});

test('no proxy in front (STATS_PROXY_HOPS=0): a client that forges a new X-Forwarded-For for every beacon still reaches the limit', async () => {
  const username = await newCard('no-proxy');
  // The run's stack: nothing in front of it, and its default limit and flush interval.
  const noProxy = { base: baseUrl() };
  const statuses = new Set<number>();
  for (let i = 0; i < 70; i++) {
    const res = await send(noProxy, beaconBody(card(username), 'view'), {
      address: `192.0.2.${i}`,
    });
    statuses.add(res.status);
  }
  expect(statuses).toEqual(new Set([204]));
  // Every one came from the test's own socket address, whatever the header said: 60 counted,
  // and still 60 a flush later.
  await flushed(noProxy);
  expect(await statsOf(username)).toEqual({ views: 60 });
});

test('two origins on one Redis: views on both add up in Firestore', async () => {
  const username = await newCard('redis');
  const statuses = new Set<number>();
  // A pair at a time, one to each origin: fifty at once on a busy machine can keep Redis past the
  // store's deadline (a 503), and adding up is what this checks, not a burst.
  for (let i = 0; i < 25; i++) {
    const pair = await Promise.all([
      send(redisA, beaconBody(card(username), 'view'), { address: `192.0.2.${i}` }),
      send(redisB, beaconBody(card(username), 'view', true), { address: `192.0.2.${i}` }),
    ]);
    for (const res of pair) statuses.add(res.status);
  }
  expect(statuses).toEqual(new Set([204]));
  await flushed(redisA, redisB);
  expect(await statsOf(username)).toEqual({ views: 50, qrViews: 25 });
});

test('a graceful stop (SIGTERM) writes what was counted since the last flush', async () => {
  const username = await newCard('stop');
  // An interval far longer than the test: only the stop can write these.
  const origin = await startOrigin('stop', { STATS_FLUSH_MS: String(10 * 60_000) });
  for (let i = 0; i < 3; i++)
    expect((await send(origin, beaconBody(card(username), 'view'))).status).toBe(204);
  expect(await statsOf(username)).toBeUndefined();
  await stopProcess(origin.server, 15_000);
  expect(await statsOf(username)).toEqual({ views: 3 });
}, 120_000);
