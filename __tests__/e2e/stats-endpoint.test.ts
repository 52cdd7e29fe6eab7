// POST /api/events on the production build: what it refuses (and counts nothing for), the bots
// and the rate limit, beacons without their card's key (made-up names, by the thousand), an
// origin with no proxy in front, two origins adding up through Redis, and a graceful stop that
// flushes. Each origin here is a `next start` of a copy of the e2e build with its own stats
// settings; the counts are read back from the emulator. The cards' keys are computed as the
// origins compute them, from the stack's REVALIDATE_SECRET.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { adminDb } from '@/server/firebase/admin-app';
import { athensDay } from '@/lib/stats/day';
import { STATS_COLLECTION } from '@/lib/collections';
import { EVENTS_PATH, MAX_BEACON_BYTES, beaconBody } from '@/lib/stats/events';
import { freePort } from '@/tools/lib/emulator';
import { cardKey } from '@/server/stats/card-key';
import { copyBuild, startNext } from '@/tools/lib/next-server';
import { ROOT } from '@/tools/lib/paths';
import { stopProcess } from '@/tools/lib/processes';
import { startRedis, type RunningRedis } from '@/tools/lib/redis';
import { eventually } from '@/__tests__/helpers/eventually';

const FLUSH_MS = 300;
const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';
const PREVIEWER = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

interface Origin {
  base: string;
  server: ChildProcess;
  distDir: string;
}

const origins: Origin[] = [];
const created: string[] = [];
let redis: RunningRedis;
let memory: Origin;
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
      STATS_LOG_FLUSHES: '1',
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
  userAgent?: string;
  address?: string;
  headers?: Record<string, string>;
}

function send(origin: Origin, body: BodyInit, options: SendOptions = {}) {
  return fetch(`${origin.base}${EVENTS_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': options.userAgent ?? PHONE,
      'x-forwarded-for': options.address ?? '198.51.100.1',
      ...options.headers,
    },
    body,
    duplex: 'half',
  } as RequestInit);
}

/**
 * A body sent in chunks with no Content-Length, on a connection of its own: the server answers
 * before the body ends and drops the connection, which a pooled fetch would then reuse.
 */
function sendChunked(origin: Origin, head: string, chunk: string, times: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin.base}${EVENTS_PATH}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'user-agent': PHONE, 'content-type': 'text/plain' },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.write(head);
    let sent = 0;
    const more = () => {
      if (sent++ === times) return request.end('"}');
      request.write(chunk, () => setTimeout(more, 5));
    };
    more();
  });
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
async function flushed(...sentTo: Origin[]): Promise<void> {
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
  [memory, redisA, redisB] = await Promise.all([
    startOrigin('memory', { STATS_FLUSH_MS: String(FLUSH_MS) }),
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

test('a beacon is counted: 204, never cached; a view from the QR code adds to qrViews', async () => {
  const username = await newCard('ok');
  const res = await send(memory, beaconBody(card(username), 'view'));
  expect(res.status).toBe(204);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect((await send(memory, beaconBody(card(username), 'view', true))).status).toBe(204);
  expect((await send(memory, beaconBody(card(username), 'whatsapp'))).status).toBe(204);
  await flushed(memory);
  expect(await statsOf(username)).toEqual({ views: 2, qrViews: 1, whatsappTaps: 1 });
});

test('malformed bodies get 400 or 413, never cached, and count nothing', async () => {
  const username = await newCard('bad');
  const refused: Array<[string, BodyInit, number]> = [
    ['not JSON', `{"u":"${username}","e":"view"`, 400],
    ['an unknown event', `{"u":"${username}","e":"purchase"}`, 400],
    ['an extra field', `{"u":"${username}","e":"view","id":"abc"}`, 400],
    ['q on a tap', `{"u":"${username}","e":"phone","q":1}`, 400],
    ['a bad username', '{"u":"api","e":"view"}', 400],
    ['a path as username', `{"u":"${username}/stats","e":"view"}`, 400],
    ['a key of the wrong shape', `{"u":"${username}","k":"not-a-key","e":"view"}`, 400],
    ['an empty body', '', 400],
    ['too long', `{"u":"${username}","e":"view","x":"${'x'.repeat(MAX_BEACON_BYTES)}"}`, 413],
  ];
  for (const [label, body, status] of refused) {
    const res = await send(memory, body);
    expect([label, res.status, res.headers.get('cache-control')]).toEqual([
      label,
      status,
      'no-store',
    ]);
  }
  // Streamed, with no Content-Length to refuse it by: cut off once it is over the limit.
  expect(
    await sendChunked(memory, `{"u":"${username}","e":"view","x":"`, 'x'.repeat(100), 20),
  ).toBe(413);
  const get = await fetch(`${memory.base}${EVENTS_PATH}`);
  expect([get.status, get.headers.get('cache-control')]).toEqual([405, 'no-store']);
  await flushed(memory);
  expect(await statsOf(username)).toBeUndefined();
});

test("a link previewer's or a bot's view is answered 204 and counts nothing", async () => {
  const username = await newCard('bot');
  expect(
    (await send(memory, beaconBody(card(username), 'view'), { userAgent: PREVIEWER })).status,
  ).toBe(204);
  expect(
    (await send(memory, beaconBody(card(username), 'view'), { userAgent: 'curl/8.5.0' })).status,
  ).toBe(204);
  expect((await send(memory, beaconBody(card(username), 'view'), { userAgent: '' })).status).toBe(
    204,
  );
  expect((await send(memory, beaconBody(card(username), 'save'))).status).toBe(204);
  await flushed(memory);
  expect(await statsOf(username)).toEqual({ saves: 1 });
});

test('the rate limit: the 61st event a minute from one address is not counted; another card, or another address, is', async () => {
  const [limited, other] = [await newCard('limited'), await newCard('other')];
  const address = '203.0.113.61';
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) {
    statuses.push((await send(memory, beaconBody(card(limited), 'view'), { address })).status);
  }
  // Answered like any count (a browser would report another status in the visitor's console);
  // the counts below show the limit.
  const last = await send(memory, beaconBody(card(limited), 'view'), { address });
  expect([...new Set(statuses), last.status, last.headers.get('cache-control')]).toEqual([
    204,
    204,
    'no-store',
  ]);
  expect((await send(memory, beaconBody(card(other), 'view'), { address })).status).toBe(204);
  // Behind the CDN, the address is the one it appended, not what the client wrote before it.
  const forged = `10.9.9.9, ${address}`;
  expect((await send(memory, beaconBody(card(limited), 'view'), { address: forged })).status).toBe(
    204,
  );
  expect(
    (await send(memory, beaconBody(card(limited), 'view'), { address: '203.0.113.62' })).status,
  ).toBe(204);
  await flushed(memory);
  expect(await statsOf(limited)).toEqual({ views: 61 });
  expect(await statsOf(other)).toEqual({ views: 1 });
});

test("without the card's key, or with another's, a beacon is answered 204 and counts nothing", async () => {
  const [username, other] = [await newCard('keyless'), await newCard('keyless-other')];
  const beacons = [
    beaconBody({ username }, 'view'),
    beaconBody({ username, key: card(other).key }, 'view'),
    beaconBody({ username, key: 'A'.repeat(22) }, 'save'),
  ];
  for (const body of beacons) expect((await send(memory, body)).status).toBe(204);
  expect((await send(memory, beaconBody(card(username), 'phone'))).status).toBe(204);
  await flushed(memory);
  expect(await statsOf(username)).toEqual({ phoneTaps: 1 });
});

/** Sends every body through `workers` requests at a time (fetch keeps their connections). */
async function sendAll(origin: Origin, bodies: string[], address: string, workers = 16) {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < bodies.length) {
        const res = await send(origin, bodies[next++], { address });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  return Object.fromEntries(statuses);
}

/** The flusher's log lines (STATS_LOG_FLUSHES) of one origin: card-days taken, and dropped. */
function flushLines(name: string): Array<{ taken: number; dropped: number }> {
  return [
    ...readFileSync(logOf(name), 'utf8').matchAll(/(\d+) card-days, \d+ writes, (\d+) dropped/g),
  ].map(([, taken, dropped]) => ({ taken: Number(taken), dropped: Number(dropped) }));
}

test('2,000 beacons for made-up names from one address, then a visitor: counted; no made-up name is held, read or written', async () => {
  const visited = await newCard('flood');
  // Flushed only when it stops: its one flush shows what its store held.
  const flood = await startOrigin('flood', { STATS_FLUSH_MS: String(60 * 60_000) });
  const stamp = Date.now().toString(36);
  const madeUp = Array.from({ length: 2000 }, (_, i) => `made-up-${stamp}-${i}`);
  // Without a key, or with one the sender made up: nobody but the server can compute it.
  const bodies = madeUp.map((username, i) =>
    beaconBody(i % 2 ? { username } : { username, key: 'B'.repeat(22) }, 'view'),
  );
  expect(await sendAll(flood, bodies, '198.51.100.66')).toEqual({ 204: madeUp.length });
  expect(
    (await send(flood, beaconBody(card(visited), 'view'), { address: '203.0.113.10' })).status,
  ).toBe(204);
  // Its one flush, at the stop: the visitor's card-day alone was held, so nothing was dropped
  // (which is what a made-up name held until the flush and read there would show).
  await stopProcess(flood.server, 15_000);
  expect(flushLines('flood')).toEqual([{ taken: 1, dropped: 0 }]);
  expect(await statsOf(visited)).toEqual({ views: 1 });
  const written = await adminDb().collectionGroup(STATS_COLLECTION).get();
  expect(written.docs.filter((doc) => doc.ref.path.includes(`made-up-${stamp}`))).toEqual([]);
}, 180_000);

test('no proxy in front (STATS_PROXY_HOPS=0): a client that forges a new X-Forwarded-For for every beacon still reaches the limit', async () => {
  const username = await newCard('no-proxy');
  const noProxy = await startOrigin('no-proxy', {
    STATS_FLUSH_MS: String(FLUSH_MS),
    STATS_PROXY_HOPS: '0',
  });
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
}, 180_000);

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
