// 100,000 beacons for made-up names from one address through the stats endpoint's route, called in
// process (no HTTP: what stops them is the route and the function it calls), on an emulator of its
// own, then a real visitor. Each made-up name is new: none may be held by the limiter or the store,
// read or written, and none may be answered 503 (the store failing). The suite holds the same at
// 2,000 beacons (__tests__/emulator/stats-endpoint.test.ts); here, the rate the route takes them at
// and the heap the flood leaves behind.
import { fork } from 'node:child_process';
import path from 'node:path';
import { startEmulator } from '../../tools/lib/emulator';
import { ROOT } from '../../tools/lib/paths';
import { notRunRow, partRow, type BudgetRow } from './budgets';
import type { StatsFloodChildResult } from './stats-flood-child';

const PROJECT = 'demo-karta-bench-stats-flood';
const CHILD = path.join(ROOT, 'bench', 'lib', 'stats-flood-child.ts');
const VISITED = 'flood-visited';
export const STATS_FLOOD_BEACONS = 100_000;

export const STATS_FLOOD_BUDGETS = {
  /** The suite's test had 120 s for its 100,000 beacons. */
  minBeaconsPerSec: Math.ceil(STATS_FLOOD_BEACONS / 120),
  refused503: 0,
};

export type StatsFloodResult = StatsFloodChildResult;

type ChildReply = { result: StatsFloodChildResult } | { error: string };

export async function measureStatsFlood(options: {
  beacons: number;
  addCleanup: (cleanup: () => Promise<void>) => void;
}): Promise<StatsFloodResult> {
  const emulator = await startEmulator({ projectId: PROJECT });
  options.addCleanup(() => emulator.stop());
  console.log(
    `  ${options.beacons} beacons for made-up names, one at a time, to POST /api/events…`,
  );
  // The memory store, and the address from x-forwarded-for.
  const env = { ...process.env };
  delete env.REDIS_URL;
  delete env.STATS_PROXY_HOPS;
  const child = fork(CHILD, [String(options.beacons), VISITED], {
    // `server-only` is its empty module under react-server, as in Next's server bundles.
    execArgv: ['--conditions=react-server', '--expose-gc', '--import', 'tsx'],
    env: {
      ...env,
      FIRESTORE_EMULATOR_HOST: emulator.hostPort,
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT,
      REVALIDATE_SECRET: 'bench-stats-flood',
      // Only the child's own flush writes.
      STATS_FLUSH_MS: String(60 * 60_000),
      NEXT_MANUAL_SIG_HANDLE: '1',
    },
  });
  options.addCleanup(async () => void child.kill());
  const reply = await new Promise<ChildReply>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ChildReply));
    child.once('exit', (code) => reject(new Error(`stats-flood: the child exited with ${code}`)));
  });
  if ('error' in reply) throw new Error(`stats-flood: ${reply.error}`);
  return reply.result;
}

const row = partRow('Stats flood');

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The part's budget rows; without figures, the one row that says why. */
export function statsFloodRows(result: StatsFloodResult | undefined, error?: string): BudgetRow[] {
  if (!result) return [notRunRow('Stats flood', 'stats flood budgets', error)];
  const n = result.beacons.toLocaleString('en');
  const perSec = result.beacons / (result.elapsedMs / 1000);
  const refused = result.statuses['503'] ?? 0;
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${count.toLocaleString('en')} × ${status}`)
    .join(', ');
  const kept =
    result.visitor === 'counted' &&
    result.limiterSize === 1 &&
    result.flush.writes === 1 &&
    result.read.length === 1 &&
    result.read[0] === `users/${VISITED}`;
  return [
    row(
      `${n} beacons for made-up names, route in process: ≥ ${STATS_FLOOD_BUDGETS.minBeaconsPerSec.toLocaleString('en')} beacons/s, 503 = ${STATS_FLOOD_BUDGETS.refused503}`,
      `${Math.round(perSec).toLocaleString('en')} beacons/s (${Math.round(result.elapsedMs).toLocaleString('en')} ms); ${statuses}`,
      perSec >= STATS_FLOOD_BUDGETS.minBeaconsPerSec &&
        refused <= STATS_FLOOD_BUDGETS.refused503 &&
        result.statuses['204'] === result.beacons,
    ),
    row(
      'then a visitor: counted; the limiter holds 1 pair, the flush reads and writes 1 card',
      `${result.visitor}; ${result.limiterSize.toLocaleString('en')} pair, ` +
        `${result.read.length.toLocaleString('en')} read, ${result.flush.writes} write; heap + Buffers after GC ${result.heapGrowthBytes < 0 ? '−' : '+'}` +
        `${mib(Math.abs(result.heapGrowthBytes))} over the flood`,
      kept,
    ),
  ];
}
