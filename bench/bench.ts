// npm run bench: page weight and Lighthouse (of /maria, and of her card with as many links as a
// card takes), the exchange sheet's tap → name typed, throughput, contact-write latency, the
// console of a card with 10,000 contacts, the path through Varnish and Redis and the stats
// endpoint, a company's template save and a directory of 1,000 users provisioned by SCIM, the
// Redis bytes a cached card takes and an origin's memory with its Redis frozen, on the one local
// stack (tools/lib/stack.ts) with the demo data, built into a dist dir of its own (.next-bench, so
// the demo's .next is never touched); and the change watcher at 10,000 cards, a flood of 10,000
// contacts on one card, 100,000 beacons for made-up names through the stats route in process, and
// the lead mailer's memory over days of contacts, 10,000 leads delivered to one webhook endpoint
// (each on an emulator of its own, no build). Each
// is compared with its budget (bench/lib/budgets.ts and the parts' own files); the summary printed
// last is written into bench/figures.md (bench/lib/figures-file.ts).
// Exits 0 whatever the figures; 1 only when a part could not run. Ctrl-C stops everything.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { commandLine } from './lib/args';
import { measureBeacons } from './lib/beacons';
import { budgetRows, tbtRows, type BenchResults } from './lib/budgets';
import { measureCdn } from './lib/cdn';
import { companyRows, measureCompany, type CompanyResult } from './lib/company';
import {
  CONSOLE_FLOOD_CONTACTS,
  consoleFloodRows,
  measureConsoleFlood,
  type ConsoleFloodResult,
} from './lib/console-flood';
import { measureContactWrites } from './lib/contacts';
import { directoryRows, measureDirectory, type DirectoryResult } from './lib/directory';
import { measureExchange } from './lib/exchange';
import { floodRows, measureFlood, type FloodResult } from './lib/flood';
import {
  mailerMemoryRows,
  measureMailerMemory,
  type MailerMemoryResult,
} from './lib/mailer-memory';
import { startReferencePages } from './lib/reference-pages';
import { runLighthouse, type PageLighthouse } from './lib/lighthouse';
import { seedLinksCard } from './lib/links-card';
import { nginxCopy } from './lib/nginx';
import { measureRedisMemory, redisMemoryRows, type RedisMemoryResult } from './lib/redis-memory';
import { measureRedisFrozen, redisFrozenRows, type RedisFrozenResult } from './lib/redis-frozen';
import { FIGURES_FILE, writeFigures } from './lib/figures-file';
import { details, runNote, summary } from './lib/report';
import {
  STATS_FLOOD_BEACONS,
  measureStatsFlood,
  statsFloodRows,
  type StatsFloodResult,
} from './lib/stats-flood';
import { measureThroughput, warm, type Target, type Throughput } from './lib/throughput';
import { seedUploadedPhotoCard } from './lib/uploaded-photo';
import { measureWatcher } from './lib/watcher';
import { measureWebhooks, webhooksRows, type WebhooksResult } from './lib/webhooks';
import { measureWeight } from './lib/weight';
import { CHROMIUM_ARGS, chromiumPath as findChromiumPath } from '../tools/lib/chromium';
import { EmulatorSetupError, freePort } from '../tools/lib/emulator';
import { DEMO_PROJECT_ID } from '../tools/lib/local-env';
import { DEMO_PROFILES_FILE } from '../tools/lib/paths';
import { onShutdown } from '../tools/lib/processes';
import { loadProfilesFile } from '../tools/lib/seed';
import type { DemoOwner } from '../tools/lib/demo-owners';
import { startStack } from '../tools/lib/stack';
import { profilePath } from '../lib/routes';

const DIST_DIR = '.next-bench';
const USERNAME = 'maria';
/** Maria's card again, with her demo photo as if uploaded in the console. */
const UPLOADED_USERNAME = 'maria-uploaded';
const DEMO_PHOTO = 'demo/maria.jpg';
/** Maria's card again, with as many links as a card takes, a mobile number and a colour. */
const LINKS_USERNAME = 'maria-links';
const ENGLISH_PATH = profilePath(USERNAME, 'en');
/**
 * The cards whose Total Blocking Time is held against the blank page's (bench/lib/reference-pages.ts),
 * each measured in the same interleaved runs.
 */
const TBT_CARD_PATHS: readonly string[] = [`/${USERNAME}`, ENGLISH_PATH, `/${LINKS_USERNAME}`];
/** Five, as one run's TBT on this 2-core machine can be several times the next one's. */
const LIGHTHOUSE_RUNS = 5;
const CONTACT_WRITES = 20;
const CDN_EDITS = 20;
const EXCHANGE_RUNS = 5;
const WATCHER_CARDS = 10_000;
const WATCHER_EDITED_WHILE_CUT = 5;
const WATCHER_EDITS = 20;
const FLOOD_CONTACTS = 10_000;
/** Leads delivered to one webhook endpoint (bench/lib/webhooks.ts). */
const WEBHOOK_LEADS = 10_000;
const COMPANY_MEMBERS = 200;
const DIRECTORY_USERS = 1000;
const DIRECTORY_DEPROVISIONED = 100;

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
  'console',
  'cdn',
  'company',
  'directory',
  'watcher',
  'beacons',
  'flood',
  'stats-flood',
  'mailer-memory',
  'webhooks',
  'redis',
  'redis-frozen',
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

function ownerOf(owners: DemoOwner[], username: string): DemoOwner {
  const owner = owners.find((o) => o.username === username);
  if (!owner) throw new Error(`The demo has no owner of /${username}`);
  return owner;
}

let consoleFlood: ConsoleFloodResult | undefined;
let redisMemory: RedisMemoryResult | undefined;
let redisFrozen: RedisFrozenResult | undefined;
let company: CompanyResult | undefined;
let directory: DirectoryResult | undefined;

/** Every part that needs the production build, its server and Chromium. */
async function siteParts(results: BenchResults, runDir: string, chromiumPath: string) {
  // The site's own address is the one the browser opens: canonical URLs stay on one origin.
  const port = await freePort();
  const stack = await startStack({
    projectId: DEMO_PROJECT_ID,
    profiles: loadProfilesFile(DEMO_PROFILES_FILE),
    host: '127.0.0.1',
    port,
    siteUrl: `http://127.0.0.1:${port}`,
    distDir: DIST_DIR,
    logDir: runDir,
    // The owners' accounts: the CDN part saves an edit as the console does.
    auth: true,
  });
  addCleanup(() => stack.stop());
  console.log(`Built in ${(stack.buildMs / 1000).toFixed(0)} s; next start on ${stack.baseUrl}`);
  const { db } = stack;
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
    await seedLinksCard(db, USERNAME, LINKS_USERNAME);
    results.weight = await measureWeight(browser, stack.baseUrl, USERNAME, LINKS_USERNAME);
  });

  await part('lighthouse', results, async () => {
    const uploaded = await seedUploadedPhotoCard(db, USERNAME, UPLOADED_USERNAME, DEMO_PHOTO);
    await seedLinksCard(db, USERNAME, LINKS_USERNAME);
    const reference = await startReferencePages();
    addCleanup(() => reference.close());
    const urls = {
      profile: profileUrl,
      uploaded: `${stack.baseUrl}/${UPLOADED_USERNAME}`,
      links: `${stack.baseUrl}/${LINKS_USERNAME}`,
      english: `${stack.baseUrl}${ENGLISH_PATH}`,
      root: rootUrl,
      blank: reference.blankUrl,
    };
    const tbtCardUrls = TBT_CARD_PATHS.map((cardPath) => `${stack.baseUrl}${cardPath}`);
    // One list, each page once, run in turn (blank, card, blank, card…): whatever slows the
    // machine for a while slows the cards and the blank page alike.
    const measured = [...new Set([...Object.values(urls), ...tbtCardUrls])];
    const pages = await runLighthouse(chromiumPath, measured, LIGHTHOUSE_RUNS, runDir, addCleanup);
    const page = (url: string): PageLighthouse => {
      const found = pages[measured.indexOf(url)];
      if (!found) throw new Error(`Lighthouse measured nothing for ${url}`);
      return found;
    };
    results.lighthouse = {
      profile: page(urls.profile),
      root: page(urls.root),
      uploaded: page(urls.uploaded),
      uploadedPhotoBytes: uploaded.bytes,
      links: page(urls.links),
      english: page(urls.english),
      blank: page(urls.blank),
      tbtCards: tbtCardUrls.map(page),
      runs: LIGHTHOUSE_RUNS,
    };
    for (const row of tbtRows(results.lighthouse)) {
      console.log(`  ${row.status} ${row.budget}: ${row.measured}`);
    }
  });

  await part('exchange', results, async () => {
    const reference = await startReferencePages();
    addCleanup(() => reference.close());
    results.exchange = await measureExchange(browser, profileUrl, reference.formUrl, EXCHANGE_RUNS);
  });

  await part('throughput', results, async () => {
    const targets: Target[] = [
      { label: 'profile', url: profileUrl },
      { label: 'root', url: rootUrl },
    ];
    const nginx = await nginxCopy(profileUrl, runDir, addCleanup);
    if ('url' in nginx) targets.push({ label: 'nginx', url: nginx.url });
    const nginxNote =
      'url' in nginx
        ? `${nginx.bin}, worker_processes auto, serving the HTML saved from next start`
        : `row skipped: ${nginx.skipped}`;
    for (const target of targets) await warm(target.url);
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
      db,
      profileUrl,
      USERNAME,
      CONTACT_WRITES,
    );
  });

  await part('console', results, async () => {
    if (!stack.auth) throw new Error('The stack has no Auth emulator');
    consoleFlood = await measureConsoleFlood({
      browser,
      db,
      baseUrl: stack.baseUrl,
      authHostPort: stack.auth.hostPort,
      contacts: CONSOLE_FLOOD_CONTACTS,
    });
  });

  await part('cdn', results, async () => {
    results.cdn = await measureCdn({
      env: stack.env,
      builtDistDir: DIST_DIR,
      db,
      username: USERNAME,
      edits: CDN_EDITS,
      emulatorPid: stack.emulator.pid,
      owner: ownerOf(stack.owners, USERNAME),
      runDir,
      addCleanup,
    });
  });

  await part('company', results, async () => {
    company = await measureCompany({
      env: stack.env,
      builtDistDir: DIST_DIR,
      db,
      members: COMPANY_MEMBERS,
      runDir,
      addCleanup,
    });
  });

  await part('directory', results, async () => {
    directory = await measureDirectory({
      env: stack.env,
      builtDistDir: DIST_DIR,
      db,
      users: DIRECTORY_USERS,
      deprovisioned: DIRECTORY_DEPROVISIONED,
      runDir,
      addCleanup,
    });
  });

  await part('beacons', results, async () => {
    results.beacons = await measureBeacons({
      env: stack.env,
      builtDistDir: DIST_DIR,
      db,
      runDir,
      addCleanup,
    });
  });

  await part('redis', results, async () => {
    redisMemory = await measureRedisMemory({
      env: stack.env,
      builtDistDir: DIST_DIR,
      runDir,
      addCleanup,
    });
  });
  await part('redis-frozen', results, async () => {
    redisFrozen = await measureRedisFrozen({
      env: stack.env,
      builtDistDir: DIST_DIR,
      db,
      username: USERNAME,
      runDir,
      addCleanup,
    });
  });
  await cleanup();
}

async function main(): Promise<number> {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'karta-bench-'));
  onShutdown(cleanup);
  // The watcher and the floods have emulators of their own and no site.
  const sitePartsRun = PARTS.some(
    (name) =>
      !['watcher', 'flood', 'stats-flood', 'mailer-memory', 'webhooks'].includes(name) &&
      parts.has(name),
  );
  const chromiumPath = sitePartsRun ? findChromiumPath() : undefined;
  const cpus = os.cpus();
  const results: BenchResults = {
    date: new Date().toISOString().slice(0, 10),
    machine:
      `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, Node ${process.version}` +
      (chromiumPath ? `, Chromium ${chromiumVersion(chromiumPath)}` : ''),
    profilePath: `/${USERNAME}`,
    linksPath: `/${LINKS_USERNAME}`,
    englishPath: ENGLISH_PATH,
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

  let flood: FloodResult | undefined;
  await part('flood', results, async () => {
    flood = await measureFlood({ contacts: FLOOD_CONTACTS, addCleanup });
  });

  let statsFlood: StatsFloodResult | undefined;
  await part('stats-flood', results, async () => {
    statsFlood = await measureStatsFlood({ beacons: STATS_FLOOD_BEACONS, addCleanup });
  });

  let mailerMemory: MailerMemoryResult | undefined;
  await part('mailer-memory', results, async () => {
    mailerMemory = await measureMailerMemory({ days: 6, perDay: 1000, addCleanup });
  });

  let webhooks: WebhooksResult | undefined;
  await part('webhooks', results, async () => {
    webhooks = await measureWebhooks({ leads: WEBHOOK_LEADS, addCleanup });
  });

  await cleanup();
  const rows = [
    ...budgetRows(results),
    ...consoleFloodRows(consoleFlood, results.errors.console),
    ...floodRows(flood, results.errors.flood),
    ...statsFloodRows(statsFlood, results.errors['stats-flood']),
    ...mailerMemoryRows(mailerMemory, results.errors['mailer-memory']),
    ...webhooksRows(webhooks, results.errors.webhooks),
    ...redisMemoryRows(redisMemory, results.errors.redis),
    ...redisFrozenRows(redisFrozen, results.errors['redis-frozen']),
    ...companyRows(company, results.errors.company),
    ...directoryRows(directory, results.errors.directory),
  ];
  console.log(details(results));
  const note = runNote(results, parts.size < PARTS.length ? [...parts].join(',') : undefined);
  console.log(`\n== Summary (written into ${path.relative(process.cwd(), FIGURES_FILE)})\n`);
  console.log(summary(note, rows));
  writeFigures(rows, note);
  const counted = (status: string) => rows.filter((row) => row.status === status).length;
  console.log(`\n${counted('PASS')} PASS, ${counted('MISS')} MISS, ${counted('ERROR')} ERROR`);

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
