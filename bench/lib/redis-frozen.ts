// What an origin keeps while its Redis is frozen (SIGSTOP: the connection stays open and nothing
// answers, as in a partition) under load: a `next start` of the benchmark's build, its ISR cache
// and its beacons' counts in a Redis of its own, is sent 4,000 beacons and 200 requests for cards
// it has not cached over 40 s of freeze. Its heap and Buffers after a full collection (forced
// through its inspector) at the freeze's end may be at most 40 MB above those after a warm-up
// round with Redis answering: nothing may queue behind the outage. That no beacon answered 503 is
// counted, and that cards still answer, is held by e2e/redis-frozen.test.ts at a small size.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { EVENTS_PATH, beaconBody } from '../../lib/stats/events';
import { cardKey } from '../../server/stats/card-key';
import { freePort } from '../../tools/lib/emulator';
import { copyBuild, startNext } from '../../tools/lib/next-server';
import { ROOT } from '../../tools/lib/paths';
import { stopProcess } from '../../tools/lib/processes';
import { startRedis } from '../../tools/lib/redis';
import { spreadRequests } from '../../tools/lib/spread-requests';
import { notRunRow, partRow, type BudgetRow } from './budgets';
import { heapAfterGc, type MemoryUsage } from './heap-after-gc';

const FREEZE_MS = 40_000;
const BEACONS = 4000;
const CARDS = 200;
/** Each round's requests are spread over the freeze, less a margin for the last answers. */
const ROUND_MS = FREEZE_MS - 2000;
export const REDIS_FROZEN_GROWTH_BUDGET_BYTES = 40 * 1024 * 1024;
const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';

export interface RedisFrozenResult {
  before: MemoryUsage;
  during: MemoryUsage;
  growthBytes: number;
  beacons: { ok: number; refused: number };
  cardsOk: number;
}

export interface RedisFrozenOptions {
  env: NodeJS.ProcessEnv;
  builtDistDir: string;
  db: Firestore;
  /** A card of the demo, which the beacons count. */
  username: string;
  runDir: string;
  addCleanup: (cleanup: () => Promise<void>) => void;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

export async function measureRedisFrozen(options: RedisFrozenOptions): Promise<RedisFrozenResult> {
  const { db, env, addCleanup } = options;
  const redis = await startRedis();
  addCleanup(() => redis.stop());
  const distDir = `${options.builtDistDir}-redis-frozen`;
  copyBuild(options.builtDistDir, distDir);
  addCleanup(async () => rmSync(path.join(ROOT, distDir), { recursive: true, force: true }));
  // Cards made after the build: each request renders one from Firestore and stores it.
  const stamp = Date.now();
  const lists: [string[], string[]] = [[], []];
  for (const [l, list] of lists.entries()) {
    const batch = db.batch();
    for (let i = 0; i < CARDS; i++) {
      const username = `frozen-${stamp}-${l}-${i}`;
      list.push(username);
      batch.set(db.doc(`users/${username}`), { username, firstName: 'Παγωμένη', lastName: `${i}` });
    }
    await batch.commit();
  }
  const [port, inspectPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const server = await startNext(
    port,
    {
      ...env,
      NEXT_DIST_DIR: distDir,
      REDIS_URL: redis.url,
      STATS_RATE_LIMIT: '0',
      STATS_FLUSH_MS: String(3_600_000),
      // `next start` serves in the process it runs in (no fork): the inspector is the server's.
      NODE_OPTIONS: [env.NODE_OPTIONS, `--inspect=127.0.0.1:${inspectPort}`]
        .filter(Boolean)
        .join(' '),
    },
    { host: '127.0.0.1', logFile: path.join(options.runDir, 'redis-frozen.log') },
  );
  addCleanup(() => stopProcess(server));

  const body = beaconBody(
    { username: options.username, key: cardKey(env.REVALIDATE_SECRET as string, options.username) },
    'view',
  );
  const status = async (url: string, init?: RequestInit) => {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return res.status;
  };
  const beacon = () =>
    status(`${base}${EVENTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PHONE },
      body,
    });
  const round = (list: string[]) =>
    Promise.all([
      spreadRequests(BEACONS, ROUND_MS, beacon),
      spreadRequests(CARDS, ROUND_MS, (i) => status(`${base}/${list[i]}`)),
    ]);

  // The same load with Redis answering first: what the process keeps anyway is in place.
  await round(lists[0]);
  const before = await heapAfterGc(inspectPort);
  redis.pause();
  let beacons: number[];
  let cards: number[];
  let during: MemoryUsage;
  try {
    [beacons, cards] = await round(lists[1]);
    during = await heapAfterGc(inspectPort);
  } finally {
    redis.resume();
  }
  const kept = (usage: MemoryUsage) => usage.heapUsed + usage.external;
  const batch = db.batch();
  for (const username of lists.flat()) batch.delete(db.doc(`users/${username}`));
  await batch.commit();
  return {
    before,
    during,
    growthBytes: kept(during) - kept(before),
    beacons: { ok: count(beacons, 204), refused: count(beacons, 503) },
    cardsOk: count(cards, 200),
  };
}

/** The part's budget row; without figures, the one row that says why. */
export function redisFrozenRows(
  result: RedisFrozenResult | undefined,
  error?: string,
): BudgetRow[] {
  const part = 'Redis frozen';
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  const budget =
    `origin's heap + Buffers after GC, ${FREEZE_MS / 1000} s of freeze under ` +
    `${BEACONS.toLocaleString('en')} beacons and ${CARDS} new cards: growth ≤ ` +
    `${mb(REDIS_FROZEN_GROWTH_BUDGET_BYTES)} MiB`;
  if (!result) return [notRunRow(part, budget, error)];
  const { before, during } = result;
  return [
    partRow(part)(
      budget,
      `${result.growthBytes >= 0 ? '+' : ''}${mb(result.growthBytes)} MiB (heap ` +
        `${mb(before.heapUsed)} → ${mb(during.heapUsed)}, external ${mb(before.external)} → ` +
        `${mb(during.external)}); beacons ${result.beacons.ok}×204 ${result.beacons.refused}×503, ` +
        `cards ${result.cardsOk}/${CARDS}×200`,
      result.growthBytes <= REDIS_FROZEN_GROWTH_BUDGET_BYTES,
    ),
  ];
}
