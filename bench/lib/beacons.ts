// The stats endpoint under load: 10,000 beacons for one card through POST /api/events of a
// `next start` of the benchmark's build (rate limit off), with autocannon; then, once flushed,
// exactly 10,000 views must be in Firestore, and the flushes must have written the card's stats
// document at most once per flush interval. Firestore's writes are counted by the flusher itself:
// with STATS_LOG_FLUSHES=1 each flush logs its running totals, and the last line of each origin's
// log is read (the emulator has no count of writes to ask).
//
// Two rows: memory (one origin, the default), and Redis (two origins adding into one Redis, half
// of the beacons each: the production path with several origins).
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import type { Firestore } from 'firebase-admin/firestore';
import { athensDay } from '../../lib/stats/day';
import { STATS_COLLECTION } from '../../lib/collections';
import { EVENTS_PATH, beaconBody } from '../../lib/stats/events';
import { cardKey } from '../../server/stats/card-key';
import { freePort } from '../../tools/lib/emulator';
import { copyBuild, startNext } from '../../tools/lib/next-server';
import { ROOT } from '../../tools/lib/paths';
import { stopProcess } from '../../tools/lib/processes';
import { startRedis } from '../../tools/lib/redis';
import { CONNECTIONS } from './throughput';

export const BEACONS = 10_000;
/** The default STATS_FLUSH_MS: what production runs. */
const FLUSH_MS = 5000;
const COUNTED_LIMIT_MS = 60_000;
const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';

export interface BeaconsRow {
  label: string;
  origins: number;
  beacons: number;
  /** Views in the card's stats document once flushed. */
  counted: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** non-2xx + socket errors + timeouts. */
  errors: number;
  /** Stats documents the flushers wrote, from their log lines. */
  writes: number;
  /** Flush intervals between the first beacon and the last count in Firestore. */
  intervals: number;
  flushMs: number;
}

export interface BeaconsResult {
  rows: BeaconsRow[];
  /**
   * The same origin answering POST /api/revalidate without authorization (a route handler that
   * answers 401 at once), as many requests: what any dynamic route costs here.
   */
  baseline: { reqPerSec: number; p99Ms: number };
}

type Cleanup = () => Promise<void>;

export interface BeaconsOptions {
  env: NodeJS.ProcessEnv;
  builtDistDir: string;
  db: Firestore;
  runDir: string;
  addCleanup: (cleanup: Cleanup) => void;
}

interface Origin {
  url: string;
  server: ChildProcess;
  log: string;
}

/** The running totals the flusher logged last: `(totals: N flushes, M writes)`. */
function writesLogged(log: string): number {
  const lines = readFileSync(log, 'utf8').split('\n');
  const last = lines.reverse().find((line) => line.includes('(totals: '));
  return Number(/(\d+) writes\)/.exec(last ?? '')?.[1] ?? 0);
}

async function startOrigin(
  options: BeaconsOptions,
  name: string,
  extraEnv: Record<string, string>,
): Promise<Origin> {
  const distDir = `${options.builtDistDir}-${name}`;
  copyBuild(options.builtDistDir, distDir);
  options.addCleanup(async () =>
    rmSync(path.join(ROOT, distDir), { recursive: true, force: true }),
  );
  const port = await freePort();
  const log = path.join(options.runDir, `${name}.log`);
  const server = await startNext(
    port,
    {
      ...options.env,
      NEXT_DIST_DIR: distDir,
      STATS_RATE_LIMIT: '0',
      STATS_FLUSH_MS: String(FLUSH_MS),
      STATS_LOG_FLUSHES: '1',
      ...extraEnv,
    },
    { host: '127.0.0.1', logFile: log },
  );
  options.addCleanup(() => stopProcess(server));
  return { url: `http://127.0.0.1:${port}${EVENTS_PATH}`, server, log };
}

async function run(options: BeaconsOptions, label: string, origins: Origin[]): Promise<BeaconsRow> {
  const secret = options.env.REVALIDATE_SECRET;
  if (!secret) throw new Error('The origins need REVALIDATE_SECRET: without it no beacon counts.');
  const username = `bench-beacons-${Date.now()}`;
  const card = options.db.doc(`users/${username}`);
  await card.set({ username, firstName: 'Μέτρηση' });
  const stats = () =>
    options.db.doc(`users/${username}/${STATS_COLLECTION}/${athensDay(Date.now())}`).get();
  try {
    const started = Date.now();
    const results = await Promise.all(
      origins.map((origin) =>
        autocannon({
          url: origin.url,
          method: 'POST',
          amount: BEACONS / origins.length,
          connections: Math.ceil(CONNECTIONS / origins.length),
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'user-agent': PHONE,
            'x-forwarded-for': '198.51.100.7',
          },
          // With the card's key, as its HTML gives it, from the secret the origins have.
          body: beaconBody({ username, key: cardKey(secret, username) }, 'view'),
        }),
      ),
    );
    let counted = 0;
    for (;;) {
      counted = Number((await stats()).get('views') ?? 0);
      if (counted >= BEACONS || Date.now() - started > COUNTED_LIMIT_MS) break;
      await sleep(100);
    }
    const intervals = Math.ceil((Date.now() - started) / FLUSH_MS) + 1;
    // One more interval: nothing may come after the sum (a count written twice would).
    await sleep(FLUSH_MS + 500);
    counted = Number((await stats()).get('views') ?? 0);
    return {
      label,
      origins: origins.length,
      beacons: BEACONS,
      counted,
      // The origins ran side by side: their rates add up.
      reqPerSec: results.reduce((sum, r) => sum + r.requests.total / r.duration, 0),
      p50Ms: Math.max(...results.map((r) => r.latency.p50)),
      p99Ms: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
      writes: origins.reduce((sum, origin) => sum + writesLogged(origin.log), 0),
      intervals: intervals * origins.length,
      flushMs: FLUSH_MS,
    };
  } finally {
    await options.db.recursiveDelete(card);
  }
}

async function baseline(origin: Origin): Promise<BeaconsResult['baseline']> {
  const result = await autocannon({
    url: origin.url.replace(EVENTS_PATH, '/api/revalidate'),
    method: 'POST',
    amount: BEACONS,
    connections: CONNECTIONS,
    headers: { 'content-type': 'application/json', 'user-agent': PHONE },
    body: '{"username":"maria"}',
  });
  return { reqPerSec: result.requests.total / result.duration, p99Ms: result.latency.p99 };
}

export async function measureBeacons(options: BeaconsOptions): Promise<BeaconsResult> {
  const memory = await startOrigin(options, 'beacons-memory', {});
  const rows = [await run(options, 'memory, 1 origin', [memory])];
  const reference = await baseline(memory);
  await stopProcess(memory.server);

  const redis = await startRedis();
  options.addCleanup(() => redis.stop());
  const shared = await Promise.all(
    ['beacons-redis-a', 'beacons-redis-b'].map((name) =>
      startOrigin(options, name, { REDIS_URL: redis.url }),
    ),
  );
  rows.push(await run(options, 'Redis, 2 origins', shared));
  return { rows, baseline: reference };
}
