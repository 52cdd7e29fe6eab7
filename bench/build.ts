// npm run bench:build [-- --n 1000,10000,100000] [--prerender-limit N]
// For each size: seeds N synthetic profiles into a fresh emulator, runs `next build`, then
// `next start` on that build and times the first request of a card the build did not pre-render.
// Prints one Markdown table, a row per size.
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { markdownTable } from 'markdown-table';
import { env as karta } from '../lib/env';
import { buildCardAssets } from '../components/card/build/build';
import { freePort, startEmulator } from '../tools/lib/emulator';
import { localFirebaseEnv } from '../tools/lib/local-env';
import { RULES_FILE, ROOT } from '../tools/lib/paths';
import {
  NEXT_BIN,
  onShutdown,
  startProcess,
  stopProcess,
  waitForHttp,
} from '../tools/lib/processes';
import { commandLine } from './lib/args';
import { seedSynthetic, syntheticUsername } from './lib/synthetic-users';
import { samplePeakMemory } from './lib/tree-memory';

const USAGE = 'npm run bench:build [-- --n 1000,10000,100000] [--prerender-limit N]';
const PROJECT = 'demo-karta-bench';
const DIST = '.next-bench-build';
const DEFAULT_SIZES = [1000, 10_000, 100_000];

interface Options {
  sizes: number[];
  /** PRERENDER_LIMIT for the builds; undefined keeps the inherited value or lib/env.ts's default. */
  prerenderLimit?: string;
}

function options(args: string[]): Options {
  const { values } = parseArgs({
    args,
    options: {
      n: { type: 'string', multiple: true },
      'prerender-limit': { type: 'string' },
    },
    strict: true,
  });
  const sizes = (values.n ?? []).flatMap((v) => v.split(',')).map((v) => Number(v.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error('--n takes whole numbers of at least 1, separated by commas');
  }
  const limit = values['prerender-limit'];
  if (limit !== undefined && !/^(0|[1-9]\d*)$/.test(limit)) {
    throw new Error('--prerender-limit takes a whole number (0 or more)');
  }
  return { sizes: sizes.length ? sizes : DEFAULT_SIZES, prerenderLimit: limit };
}

/** What a size measured; the latencies are absent when the build pre-rendered every card. */
interface SizeResult {
  n: number;
  seedMs: number;
  pages: number;
  buildMs: number;
  generationMs: number;
  peakBytes: number;
  uncached?: {
    firstMs: number;
    firstCache: string;
    againMs: number;
    againCache: string;
    otherMs?: number;
  };
}

// Whatever runs now (emulator, next build, next start), so that Ctrl-C can stop it.
const running = new Set<() => Promise<void>>();

async function stopAll(): Promise<void> {
  for (const stop of [...running].reverse()) await stop().catch(() => {});
  running.clear();
  rmSync(path.join(ROOT, DIST), { recursive: true, force: true });
}

/** Starts a `next` command whose output is kept (the last `keep` characters) for error reports. */
function next(args: string[], env: NodeJS.ProcessEnv, keep: number) {
  const child: ChildProcess = startProcess(process.execPath, [NEXT_BIN, ...args], {
    env,
    cwd: ROOT,
    stdio: 'pipe',
  });
  const stop = () => stopProcess(child);
  running.add(stop);
  let output = '';
  // Reading the pipes also keeps a chatty child from blocking on a full one.
  const append = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-keep));
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      running.delete(stop);
      resolve(code);
    });
  });
  return { child, exited, output: () => output, stop };
}

const tail = (text: string) => text.split('\n').slice(-30).join('\n');

async function timedGet(url: string): Promise<{ ms: number; cache: string }> {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET ${url}: status ${res.status}, expected 200`);
  return { ms, cache: res.headers.get('x-nextjs-cache') ?? 'no x-nextjs-cache' };
}

/** Next's own static-generation time, e.g. "Generating static pages using 1 worker (1000/1000) in 25.6s". */
function generationMs(output: string): number {
  // Colour codes, should FORCE_COLOR be set, would split the line.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const match = /Generating static pages[^\n]*\(\d+\/\d+\) in ([\d.]+)(ms|s|min)/.exec(plain);
  const unitMs = { ms: 1, s: 1000, min: 60_000 } as const;
  return match ? Number(match[1]) * unitMs[match[2] as keyof typeof unitMs] : NaN;
}

async function runSize(n: number, limit: string | undefined): Promise<SizeResult> {
  const emulator = await startEmulator({ rulesPath: RULES_FILE, projectId: PROJECT });
  running.add(emulator.stop);
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...localFirebaseEnv(PROJECT, emulator.hostPort),
      NEXT_DIST_DIR: DIST,
      ...(limit === undefined ? {} : { PRERENDER_LIMIT: limit }),
    };

    const seedStarted = performance.now();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort; // read when the Firestore is made
    const app = initializeApp({ projectId: PROJECT }, `bench-build-${n}-${Date.now()}`);
    let reported = 0;
    await seedSynthetic(getFirestore(app), n, (done) => {
      if (done - reported < 20_000 && done < n) return;
      reported = done;
      console.log(`  seeded ${done.toLocaleString('en-US')}/${n.toLocaleString('en-US')}`);
    });
    await deleteApp(app);
    const seedMs = performance.now() - seedStarted;

    rmSync(path.join(ROOT, DIST), { recursive: true, force: true });
    console.log('  next build…');
    const buildStarted = performance.now();
    await buildCardAssets(env);
    const build = next(['build'], env, 200_000);
    if (build.child.pid === undefined) throw new Error('next build did not start');
    const memory = samplePeakMemory(build.child.pid);
    const code = await build.exited;
    const peakBytes = memory.stop();
    const buildMs = performance.now() - buildStarted;
    if (code !== 0) throw new Error(`next build failed (exit ${code}):\n${tail(build.output())}`);

    const manifest = JSON.parse(
      readFileSync(path.join(ROOT, DIST, 'prerender-manifest.json'), 'utf8'),
    ) as { routes: Record<string, { srcRoute?: string }> };
    const routes = manifest.routes;
    const pages = Object.values(routes).filter((r) => r.srcRoute === '/[username]').length;
    const result = {
      n,
      seedMs,
      pages,
      buildMs,
      generationMs: generationMs(build.output()),
      peakBytes,
    };

    // The last card in the build's (id) order: past the limit whenever n exceeds it.
    const target = syntheticUsername(n - 1);
    if (`/${target}` in routes) return result;
    // One more card not pre-rendered, for the same work on a server that is warm by then.
    const other =
      n >= 2 && !(`/${syntheticUsername(n - 2)}` in routes) ? syntheticUsername(n - 2) : undefined;

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    console.log(`  next start, GET /${target}…`);
    const server = next(['start', '-p', String(port), '-H', '127.0.0.1'], env, 20_000);
    const exitedEarly = server.exited.then((c) => {
      throw new Error(`next start ended (exit ${c}):\n${tail(server.output())}`);
    });
    exitedEarly.catch(() => {}); // only the race below waits for it; stopping the server ends it
    try {
      // `/` touches neither Firestore nor the card route: the server is up, the card still cold.
      await Promise.race([waitForHttp(`${base}/`), exitedEarly]);
      const first = await timedGet(`${base}/${target}`);
      const again = await timedGet(`${base}/${target}`);
      const warm = other === undefined ? undefined : await timedGet(`${base}/${other}`);
      return {
        ...result,
        uncached: {
          firstMs: first.ms,
          firstCache: first.cache,
          againMs: again.ms,
          againCache: again.cache,
          otherMs: warm?.ms,
        },
      };
    } finally {
      await server.stop();
    }
  } finally {
    running.delete(emulator.stop);
    await emulator.stop();
    rmSync(path.join(ROOT, DIST), { recursive: true, force: true });
  }
}

const count = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'not read');
const millis = (ms: number) => `${ms.toFixed(0)} ms`;

function row(r: SizeResult): string[] {
  const u = r.uncached;
  return [
    count(r.n),
    seconds(r.seedMs),
    count(r.pages),
    seconds(r.buildMs),
    seconds(r.generationMs),
    `${(r.peakBytes / 1024 / 1024).toFixed(0)} MiB`,
    u ? `${millis(u.firstMs)} (${u.firstCache})` : 'none: all pre-rendered',
    u ? `${millis(u.againMs)} (${u.againCache})` : '—',
    u?.otherMs === undefined ? '—' : millis(u.otherMs),
  ];
}

const HEADERS = [
  'profiles',
  'seeding',
  'pre-rendered',
  'total build',
  'static generation',
  'peak memory (build)',
  'first request, card not pre-rendered',
  'same card again',
  'another such card',
];

async function main(): Promise<void> {
  const { sizes, prerenderLimit } = commandLine(USAGE, options);
  if (prerenderLimit !== undefined) process.env.PRERENDER_LIMIT = prerenderLimit;
  // Ctrl-C: onShutdown stops what runs and exits; the loop must not go on to the next size.
  let interrupted = false;
  onShutdown(() => {
    interrupted = true;
    return stopAll();
  });
  const started = performance.now();
  const rows: string[][] = [];
  let failed = 0;
  for (const n of sizes) {
    if (interrupted) return;
    console.log(`\n${count(n)} profiles`);
    try {
      rows.push(row(await runSize(n, prerenderLimit)));
    } catch (error) {
      if (interrupted) return;
      failed++;
      const message = error instanceof Error ? error.message : String(error);
      console.error(message);
      rows.push([count(n), `failed: ${message.split('\n')[0]}`, ...HEADERS.slice(2).map(() => '')]);
    }
  }

  const cpus = os.cpus();
  const limit = karta.prerenderLimit;
  console.log(`\nnpm run bench:build (PRERENDER_LIMIT ${limit}), ${new Date().toISOString()}`);
  // markdown-table leaves pipes as they are; an error message may hold one.
  console.log(markdownTable([HEADERS, ...rows.map((r) => r.map((c) => c.replace(/\|/g, '\\|')))]));
  console.log(
    `Machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, Node ${process.version}. ` +
      `Whole run ${seconds(performance.now() - started)}.`,
  );
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  void stopAll().finally(() => process.exit(1));
});
