// What a cached card costs in Redis, the shared ISR cache of several origins (docs/freshness.md): a
// `next start` of the benchmark's build on a Redis of its own is asked for each demo card, its
// vCard and its QR code, and the `MEMORY USAGE` of every key they stored is summed, with each
// card's share of the library's tag index (one hash for all entries). Budget: 10 KB a card on
// average over the demo cards, so that a million cards fit one 16 GB node with room to spare; the
// largest is printed beside it (a card with a photo and several links comes close to 10 KB).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createClient } from 'redis';
import { cacheKeyPrefix } from '../../server/cache/handler.mjs';
import { freePort } from '../../tools/lib/emulator';
import { copyBuild, startNext } from '../../tools/lib/next-server';
import { DEMO_PROFILES_FILE, ROOT } from '../../tools/lib/paths';
import { stopProcess } from '../../tools/lib/processes';
import { startRedis } from '../../tools/lib/redis';
import { loadProfilesFile } from '../../tools/lib/seed';
import { notRunRow, partRow, type BudgetRow } from './budgets';
import type { BuiltPartOptions } from './part-options';
import { whole } from './stats';

/** Bytes of Redis a cached card may take, its vCard and QR code included. */
export const REDIS_BYTES_PER_CARD_BUDGET = 10_000;
/** The library's tag index: one field per cached entry (its default name). */
const TAG_INDEX = '__sharedTags__';

export interface RedisMemoryResult {
  cards: number;
  /** Every key of a card (page, vCard, QR code) and its share of the tag index, on average. */
  bytesPerCard: number;
  /** The same for the card that takes the most. */
  largest: { username: string; bytes: number };
  pageBytes: number;
  vcardBytes: number;
  qrBytes: number;
  tagIndexBytesPerCard: number;
  /** The card's HTML as served, on average. */
  htmlBytes: number;
}

const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export async function measureRedisMemory(options: BuiltPartOptions): Promise<RedisMemoryResult> {
  const redis = await startRedis();
  options.addCleanup(() => redis.stop());
  const distDir = `${options.builtDistDir}-redis-memory`;
  copyBuild(options.builtDistDir, distDir);
  options.addCleanup(async () =>
    rmSync(path.join(ROOT, distDir), { recursive: true, force: true }),
  );
  const port = await freePort();
  const server = await startNext(
    port,
    { ...options.env, NEXT_DIST_DIR: distDir, REDIS_URL: redis.url },
    { host: '127.0.0.1', logFile: path.join(options.runDir, 'redis-memory.log') },
  );
  options.addCleanup(() => stopProcess(server));
  const base = `http://127.0.0.1:${port}`;
  const buildId = readFileSync(path.join(ROOT, distDir, 'BUILD_ID'), 'utf8').trim();
  const prefix = cacheKeyPrefix(buildId);

  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    const usernames = loadProfilesFile(DEMO_PROFILES_FILE).map((profile) => profile.username);
    const html: number[] = [];
    for (const username of usernames) {
      for (const pathname of [`/${username}`, `/${username}/vcard`, `/${username}/qr.svg`]) {
        const res = await fetch(`${base}${pathname}`);
        const body = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${pathname} answered ${res.status}`);
        if (pathname === `/${username}`) html.push(body.byteLength);
      }
    }
    const keys: string[] = [];
    for await (const key of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
      keys.push(key);
    }
    const usage = async (key: string) => Number(await client.memoryUsage(key, { SAMPLES: 0 }));
    /** Each card's entry ending `suffix`, in the order of `usernames`. */
    const bytesOf = async (suffix: string) => {
      const found = usernames.map((username) =>
        keys.find((key) => key.endsWith(`/${username}${suffix}`)),
      );
      if (found.some((key) => !key)) throw new Error(`no entry of every card ending ${suffix}`);
      return Promise.all(found.map((key) => usage(key as string)));
    };
    const pages = await bytesOf('');
    const vcards = await bytesOf('/vcard');
    const qrs = await bytesOf('/qr.svg');
    const entries = Number(await client.hLen(prefix + TAG_INDEX));
    const tagIndexBytesPerCard =
      entries === 0 ? 0 : ((await usage(prefix + TAG_INDEX)) / entries) * 3;
    const perCard = usernames.map((username, i) => ({
      username,
      bytes: pages[i] + vcards[i] + qrs[i] + tagIndexBytesPerCard,
    }));
    return {
      cards: usernames.length,
      bytesPerCard: average(perCard.map((card) => card.bytes)),
      largest: perCard.reduce((a, b) => (b.bytes > a.bytes ? b : a)),
      pageBytes: average(pages),
      vcardBytes: average(vcards),
      qrBytes: average(qrs),
      tagIndexBytesPerCard,
      htmlBytes: average(html),
    };
  } finally {
    await client.quit();
  }
}

/** The part's budget row; without figures, the one row that says why. */
export function redisMemoryRows(
  result: RedisMemoryResult | undefined,
  error?: string,
): BudgetRow[] {
  const part = 'Redis';
  const budget = `Redis bytes per cached card (MEMORY USAGE), mean ≤ ${whole(REDIS_BYTES_PER_CARD_BUDGET)}`;
  if (!result) return [notRunRow(part, budget, error)];
  return [
    partRow(part)(
      budget,
      `mean ${whole(result.bytesPerCard)} B over ${result.cards} cards ` +
        `(largest ${whole(result.largest.bytes)} B, /${result.largest.username}): page ${whole(result.pageBytes)} ` +
        `(its HTML ${whole(result.htmlBytes)}), vCard ${whole(result.vcardBytes)}, QR ${whole(result.qrBytes)}, ` +
        `tag index ${whole(result.tagIndexBytesPerCard)}`,
      result.bytesPerCard <= REDIS_BYTES_PER_CARD_BUDGET,
    ),
  ];
}
