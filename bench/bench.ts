// npm run bench: page weight, Lighthouse, the exchange sheet's tap → form usable, throughput and
// contact-write latency of a production build on the Firestore emulator with the demo data, and
// the change watcher at 10,000 cards (an emulator of its own, no build), compared with the budgets
// in bench/lib/budgets.ts. Prints the figures, a summary and a Markdown block for docs/performance.md.
// Exits 0 whatever the figures; 1 only when a part could not run. Ctrl-C stops everything.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { adminDb } from '../server/firebase/admin-app';
import { commandLine } from './lib/args';
import { measureBeacons } from './lib/beacons';
import { budgetRows, type BenchResults } from './lib/budgets';
import { measureCdn } from './lib/cdn';
import { measureContactWrites } from './lib/contacts';
import { measureExchange } from './lib/exchange';
import { rawGet } from './lib/http';
import { runLighthouse } from './lib/lighthouse';
import { seedUploadedPhotoCard } from './lib/uploaded-photo';
import { ensureNginx, startNginx } from './lib/nginx';
import { details, markdown, summary } from './lib/report';
import { BENCH_DIST_DIR, startBenchStack } from './lib/stack';
import { measureThroughput, warm, type Target, type Throughput } from './lib/throughput';
import { measureWatcher } from './lib/watcher';
import { measureWeight } from './lib/weight';
import { CHROMIUM_ARGS, ensureChromium } from '../tools/lib/chromium';
import { EmulatorSetupError } from '../tools/lib/emulator';
import { onShutdown } from '../tools/lib/processes';

const USERNAME = 'maria';
/** Maria's card again, with her demo photo as if uploaded in the console. */
const UPLOADED_USERNAME = 'maria-uploaded';
const DEMO_PHOTO = 'demo/maria.jpg';
const LIGHTHOUSE_RUNS = 3;
const CONTACT_WRITES = 20;
const CDN_EDITS = 20;
const EXCHANGE_RUNS = 5;
const WATCHER_CARDS = 10_000;
const WATCHER_EDITED_WHILE_CUT = 5;
const WATCHER_EDITS = 20;

type Cleanup = () => Promise<void>;
const cleanups: Cleanup[] = [];
const addCleanup = (cleanup: Cleanup) => void cleanups.push(cleanup);

/** Stops everything started so far, newest first, each once. */
async function cleanup(): Promise<void> {
  while (cleanups.length) {
    const next = cleanups.pop();
    await next?.().catch((error: Error) => console.error(`cleanup: ${error.message}`));
  }
}

function chromiumVersion(bin: string): string {
  try {
    const out = execFileSync(bin, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.match(/[\d.]+/)?.[0] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const PARTS = [
  'weight',
  'lighthouse',
  'exchange',
  'throughput',
  'contacts',
  'cdn',
  'watcher',
  'beacons',
] as const;
type Part = (typeof PARTS)[number];

const isPart = (name: string): name is Part => (PARTS as readonly string[]).includes(name);

/** `--only weight,contacts` (or `--only=…`) runs some parts; the default is all of them. */
function selectedParts(args: string[]): Set<Part> {
  const { values } = parseArgs({ args, options: { only: { type: 'string' } }, strict: true });
  if (values.only === undefined) return new Set(PARTS);
  const names = values.only.split(',').filter(Boolean);
  if (names.length === 0 || !names.every(isPart)) {
    throw new Error(`--only takes a comma-separated list of: ${PARTS.join(', ')}`);
  }
  return new Set(names);
}

const parts = commandLine(`npm run bench [-- --only ${PARTS.join(',')}]`, selectedParts);

async function part(name: Part, results: BenchResults, run: () => Promise<void>) {
  if (!parts.has(name)) return;
  const started = Date.now();
  console.log(`\n-- ${name}…`);
  try {
    await run();
    console.log(`-- ${name}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results.errors[name] = message.split('\n')[0];
    console.error(`-- ${name} failed:`, error);
  }
}

/** Every part that needs the production build, its server and Chromium. */
async function siteParts(results: BenchResults, runDir: string, chromiumPath: string) {
  const stack = await startBenchStack(runDir, addCleanup);
  const profileUrl = `${stack.baseUrl}/${USERNAME}`;
  const rootUrl = `${stack.baseUrl}/`;

  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
    headless: true,
    // Our own shutdown closes it, after the other processes.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  addCleanup(() => browser.close());

  await part('weight', results, async () => {
    results.weight = await measureWeight(browser, stack.baseUrl, USERNAME);
  });

  await part('lighthouse', results, async () => {
    const uploaded = await seedUploadedPhotoCard(
      adminDb(),
      USERNAME,
      UPLOADED_USERNAME,
      DEMO_PHOTO,
    );
    const [profile, withUpload, root] = await runLighthouse(
      chromiumPath,
      [profileUrl, `${stack.baseUrl}/${UPLOADED_USERNAME}`, rootUrl],
      LIGHTHOUSE_RUNS,
      runDir,
      addCleanup,
    );
    results.lighthouse = {
      profile,
      root,
      uploaded: withUpload,
      uploadedPhotoBytes: uploaded.bytes,
      runs: LIGHTHOUSE_RUNS,
    };
  });

  await part('exchange', results, async () => {
    results.exchange = await measureExchange(browser, profileUrl, EXCHANGE_RUNS);
  });

  await part('throughput', results, async () => {
    const targets: Target[] = [
      { label: 'profile', url: profileUrl },
      { label: 'root', url: rootUrl },
    ];
    let nginxNote: string | undefined;
    const nginx = ensureNginx();
    if ('skipped' in nginx) {
      nginxNote = `row skipped: ${nginx.skipped}`;
    } else {
      const page = await rawGet(profileUrl);
      if (page.status !== 200) throw new Error(`GET ${profileUrl}: HTTP ${page.status}`);
      const url = await startNginx(nginx.bin, page.body, USERNAME, runDir, addCleanup);
      targets.push({ label: 'nginx', url });
      nginxNote = `${nginx.bin}, worker_processes auto, serving the HTML saved from next start`;
    }
    for (const target of targets) await warm(target);
    const rows: Throughput[] = [];
    for (const target of targets) {
      const row = await measureThroughput(target);
      console.log(`  ${row.label}: ${row.reqPerSec.toFixed(0)} req/s, p99 ${row.p99Ms} ms`);
      rows.push(row);
    }
    results.throughput = { rows, nginxNote };
  });

  await part('contacts', results, async () => {
    results.contacts = await measureContactWrites(
      browser,
      adminDb(),
      profileUrl,
      USERNAME,
      CONTACT_WRITES,
    );
  });

  await part('cdn', results, async () => {
    const nginx = ensureNginx();
    results.cdn = await measureCdn({
      env: stack.env,
      builtDistDir: BENCH_DIST_DIR,
      db: adminDb(),
      username: USERNAME,
      edits: CDN_EDITS,
      emulatorPid: stack.emulatorPid,
      runDir,
      nginxBin: 'bin' in nginx ? nginx.bin : undefined,
      addCleanup,
    });
  });

  await part('beacons', results, async () => {
    results.beacons = await measureBeacons({
      env: stack.env,
      builtDistDir: BENCH_DIST_DIR,
      db: adminDb(),
      runDir,
      addCleanup,
    });
    for (const row of results.beacons.rows) {
      console.log(
        `  ${row.label}: ${row.reqPerSec.toFixed(0)} req/s, p99 ${row.p99Ms} ms, ${row.errors} errors, ` +
          `${row.counted}/${row.beacons} counted, ${row.writes} writes in ${row.intervals} ` +
          `flush intervals of ${row.flushMs} ms`,
      );
    }
    const { baseline } = results.beacons;
    console.log(
      `  baseline, POST /api/revalidate answering 401: ${baseline.reqPerSec.toFixed(0)} req/s, ` +
        `p99 ${baseline.p99Ms} ms`,
    );
  });
  await cleanup();
}

async function main(): Promise<number> {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'karta-bench-'));
  onShutdown(cleanup);
  const sitePartsRun = PARTS.some((name) => name !== 'watcher' && parts.has(name));
  const chromiumPath = sitePartsRun ? ensureChromium() : undefined;
  const cpus = os.cpus();
  const results: BenchResults = {
    date: new Date().toISOString().slice(0, 10),
    machine:
      `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, Node ${process.version}` +
      (chromiumPath ? `, Chromium ${chromiumVersion(chromiumPath)}` : ''),
    profilePath: `/${USERNAME}`,
    errors: {},
  };
  if (chromiumPath) await siteParts(results, runDir, chromiumPath);

  await part('watcher', results, async () => {
    results.watcher = await measureWatcher({
      cards: WATCHER_CARDS,
      editedWhileCut: WATCHER_EDITED_WHILE_CUT,
      edits: WATCHER_EDITS,
      addCleanup,
    });
  });

  await cleanup();
  const rows = budgetRows(results);
  console.log(details(results));
  console.log('\n== Summary\n');
  console.log(summary(rows));
  const missed = rows.filter((row) => row.status === 'MISS').length;
  console.log(
    `\n${rows.filter((row) => row.status === 'PASS').length} PASS, ${missed} MISS, ` +
      `${rows.filter((row) => row.status === 'ERROR').length} ERROR`,
  );
  console.log('\n----- Markdown for docs/performance.md -----\n');
  console.log(markdown(results, rows));
  console.log('\n----- end -----');

  // The logs and the Lighthouse reports (JSON, for lighthouse's viewer) stay for a closer look.
  console.log(`\nLogs and Lighthouse reports: ${runDir}`);
  return Object.keys(results.errors).length > 0 ? 1 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch(async (error: Error) => {
    console.error(error instanceof EmulatorSetupError ? error.message : error);
    await cleanup();
    process.exit(1);
  });
