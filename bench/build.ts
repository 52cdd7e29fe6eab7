// npm run bench:build [-- --n 1000,10000,100000] [--prerender-limit N]
// For each size: seeds N synthetic profiles into a fresh emulator, builds as the demo does, then
// starts that build and times the first request of a card the build did not pre-render.
// Prints one Markdown table, a row per size.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { env as karta } from '../lib/env';
import { freePort, startEmulator } from '../tools/lib/emulator';
import { localFirebaseEnv } from '../tools/lib/local-env';
import { buildNext, startNext } from '../tools/lib/next-server';
import { RULES_FILE, ROOT } from '../tools/lib/paths';
import { NEXT_BIN, onShutdown, stopAllProcesses, stopProcess } from '../tools/lib/processes';
import { commandLine } from './lib/args';
import { table } from './lib/stats';
import { seedSynthetic, syntheticUsername } from './lib/synthetic-users';
import { samplePeakMemory } from './lib/tree-memory';

const USAGE = 'npm run bench:build [-- --n 1000,10000,100000] [--prerender-limit N]';
const PROJECT = 'demo-karta-bench';
const DIST = '.next-bench-build';
const DEFAULT_SIZES = [1000, 10_000, 100_000];

function sizes(args: string[]): number[] {
  const { values } = parseArgs({
    args,
    options: { n: { type: 'string', multiple: true }, 'prerender-limit': { type: 'string' } },
    strict: true,
  });
  const limit = values['prerender-limit'];
  if (limit !== undefined && !/^(0|[1-9]\d*)$/.test(limit)) {
    throw new Error('--prerender-limit takes a whole number (0 or more)');
  }
  // Read by lib/env.ts here and by every build and server started below.
  if (limit !== undefined) process.env.PRERENDER_LIMIT = limit;
  const n = (values.n ?? []).flatMap((v) => v.split(',')).map((v) => Number(v.trim()));
  if (n.some((v) => !Number.isInteger(v) || v < 1)) {
    throw new Error('--n takes whole numbers of at least 1, separated by commas');
  }
  return n.length ? n : DEFAULT_SIZES;
}

const removeBuild = () => rmSync(path.join(ROOT, DIST), { recursive: true, force: true });

// What the current size runs (emulator, next start), newest last.
const stops: Array<() => Promise<void>> = [];

async function stopSize(): Promise<void> {
  while (stops.length)
    await stops
      .pop()?.()
      .catch(() => {});
  removeBuild();
}

async function timedGet(url: string): Promise<{ ms: number; cache: string }> {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET ${url}: status ${res.status}, expected 200`);
  return { ms, cache: res.headers.get('x-nextjs-cache') ?? 'no x-nextjs-cache' };
}

const count = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const timed = ({ ms, cache }: { ms: number; cache: string }) => `${ms.toFixed(0)} ms (${cache})`;

/** One size's row of the table. */
async function runSize(n: number, logDir: string): Promise<string[]> {
  const emulator = await startEmulator({ rulesPath: RULES_FILE, projectId: PROJECT });
  stops.push(emulator.stop);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...localFirebaseEnv(PROJECT, emulator.hostPort),
    NEXT_DIST_DIR: DIST,
  };

  const seedStarted = performance.now();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort; // read when the Firestore is made
  const app = initializeApp({ projectId: PROJECT }, `bench-build-${n}-${Date.now()}`);
  let reported = 0;
  await seedSynthetic(getFirestore(app), n, (done) => {
    if (done - reported < 20_000 && done < n) return;
    reported = done;
    console.log(`  seeded ${count(done)}/${count(n)}`);
  });
  await deleteApp(app);
  const seedMs = performance.now() - seedStarted;

  rmSync(path.join(ROOT, DIST), { recursive: true, force: true });
  const buildStarted = performance.now();
  const memory = samplePeakMemory((args) => args.includes(NEXT_BIN) && args.includes('build'));
  let peakBytes = 0;
  try {
    await buildNext(env, { logFile: path.join(logDir, `build-${n}.log`) });
  } finally {
    peakBytes = memory.stop();
  }
  const buildMs = performance.now() - buildStarted;

  const { routes } = JSON.parse(
    readFileSync(path.join(ROOT, DIST, 'prerender-manifest.json'), 'utf8'),
  ) as { routes: Record<string, { srcRoute?: string }> };
  const pages = Object.values(routes).filter((r) => r.srcRoute === '/[username]').length;
  const row = [
    count(n),
    seconds(seedMs),
    count(pages),
    seconds(buildMs),
    `${(peakBytes / 1024 / 1024).toFixed(0)} MiB`,
  ];

  // The last card in the build's (id) order: past the limit whenever n exceeds it.
  const target = syntheticUsername(n - 1);
  if (`/${target}` in routes) return [...row, 'none: all pre-rendered', '—', '—'];
  // One more card not pre-rendered, for the same work on a server that is warm by then.
  const other = syntheticUsername(n - 2);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`  next start, GET /${target}…`);
  // Answering `/` touches neither Firestore nor the card route: the card is still cold.
  const server = await startNext(port, env, {
    host: '127.0.0.1',
    logFile: path.join(logDir, `server-${n}.log`),
  });
  stops.push(() => stopProcess(server));
  const first = await timedGet(`${base}/${target}`);
  const again = await timedGet(`${base}/${target}`);
  const warm = n >= 2 && !(`/${other}` in routes) ? await timedGet(`${base}/${other}`) : undefined;
  return [...row, timed(first), timed(again), warm ? `${warm.ms.toFixed(0)} ms` : '—'];
}

const HEADERS = [
  'profiles',
  'seeding',
  'pre-rendered',
  'total build',
  'peak memory (build)',
  'first request, card not pre-rendered',
  'same card again',
  'another such card',
];

async function main(): Promise<void> {
  const ns = commandLine(USAGE, sizes);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'karta-bench-build-'));
  // Ctrl-C: every process of ours ends (a build under way too) and the loop must not go on.
  let interrupted = false;
  onShutdown(async () => {
    interrupted = true;
    await stopAllProcesses();
    removeBuild();
  });
  const started = performance.now();
  const rows: string[][] = [];
  let failed = 0;
  for (const n of ns) {
    console.log(`\n${count(n)} profiles`);
    try {
      rows.push(await runSize(n, logDir));
    } catch (error) {
      if (interrupted) return;
      failed++;
      const message = error instanceof Error ? error.message : String(error);
      console.error(message);
      rows.push([count(n), `failed: ${message.split('\n')[0]}`, ...HEADERS.slice(2).map(() => '')]);
    } finally {
      if (!interrupted) await stopSize();
    }
    if (interrupted) return;
  }

  const cpus = os.cpus();
  console.log(
    `\nnpm run bench:build (PRERENDER_LIMIT ${karta.prerenderLimit}), ${new Date().toISOString()}`,
  );
  console.log(table(HEADERS, rows));
  console.log(
    `Machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, Node ${process.version}. ` +
      `Whole run ${seconds(performance.now() - started)}. Logs: ${logDir}`,
  );
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  void stopSize().finally(() => process.exit(1));
});
