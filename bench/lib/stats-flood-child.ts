// The process the stats-flood part (bench/lib/stats-flood.ts) forks with
// `--conditions=react-server --expose-gc --import tsx`: the route imports `server-only`, which
// resolves to its empty module only under that condition, as inside Next. It sends the beacons of
// made-up names to the route's POST handler in process, one at a time, then one real visitor to
// the function the route calls (its after() needs Next's request scope, which a count reaches),
// flushes, and reports over IPC.
import { randomBytes } from 'node:crypto';
import { POST } from '../../app/api/events/route';
import { EVENTS_PATH, beaconBody } from '../../lib/stats/events';
import { adminDb } from '../../server/firebase/admin-app';
import { parseBeacon } from '../../server/stats/beacon';
import { cardKey } from '../../server/stats/card-key';
import { recordBeacon, statsService } from '../../server/stats/service';
import type { FlushReport } from '../../server/stats/flusher';

export interface StatsFloodChildResult {
  beacons: number;
  elapsedMs: number;
  /** HTTP status (or 'counted (threw)') → how many of the flood's beacons got it. */
  statuses: Record<string, number>;
  visitor: string;
  /** (address, card) pairs the limiter holds after the visitor. */
  limiterSize: number;
  flush: FlushReport;
  /** Documents read by the flush (getAll). */
  read: string[];
  /** Heap and Buffers after a full collection: after the flood less before it. */
  heapGrowthBytes: number;
}

const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';
const ATTACKER = '198.51.100.66';
const VISITOR = '203.0.113.10';
const [beaconsArg, visited] = process.argv.slice(2);
const beacons = Number(beaconsArg);

function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  // Twice: the first collection can leave garbage that finalizers release for the second.
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

async function main(): Promise<StatsFloodChildResult> {
  const secret = process.env.REVALIDATE_SECRET;
  if (!secret) throw new Error('REVALIDATE_SECRET is not set');
  const db = adminDb();
  await db.doc(`users/${visited}`).set({ username: visited, firstName: 'Πλημμύρα' });
  const read: string[] = [];
  const getAll = db.getAll.bind(db);
  db.getAll = (...args: Parameters<typeof getAll>) => {
    for (const ref of args) if ('path' in ref) read.push(ref.path);
    return getAll(...args);
  };
  // The service (limiter, store, flusher) exists before the first measurement, as in a server.
  statsService();
  const before = heapAfterGc();
  const statuses: Record<string, number> = {};
  const started = performance.now();
  for (let i = 0; i < beacons; i++) {
    const username = `made-up-${i}`;
    // Without a key, or with one the attacker made up (of the right shape).
    const forged = i % 2 ? { username } : { username, key: randomBytes(16).toString('base64url') };
    const request = new Request(`http://127.0.0.1${EVENTS_PATH}`, {
      method: 'POST',
      headers: { 'user-agent': PHONE, 'x-forwarded-for': ATTACKER },
      body: beaconBody(forged, 'view'),
    });
    // A beacon the route counts reaches its after(), which throws outside Next's request scope.
    const status = await POST(request).then(
      (response) => String(response.status),
      () => 'counted (threw)',
    );
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const elapsedMs = performance.now() - started;
  const heapGrowthBytes = heapAfterGc() - before;
  const visitor = parseBeacon(
    beaconBody({ username: visited, key: cardKey(secret, visited) }, 'view'),
  );
  if (!visitor) throw new Error('the visitor’s beacon does not parse');
  const outcome = await recordBeacon(
    visitor,
    new Headers({ 'user-agent': PHONE, 'x-forwarded-for': VISITOR }),
  );
  const { limiter, flusher } = statsService();
  const limiterSize = limiter.size;
  const flush = await flusher.flush();
  await flusher.stop();
  return {
    beacons,
    elapsedMs,
    statuses,
    visitor: outcome,
    limiterSize,
    flush,
    read,
    heapGrowthBytes,
  };
}

main().then(
  (result) => process.send?.({ result }, () => process.exit(0)),
  (error: Error) => process.send?.({ error: error.stack ?? error.message }, () => process.exit(1)),
);
