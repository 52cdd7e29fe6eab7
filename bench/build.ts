// npm run bench:build [-- --n 10000]
// Seeds N synthetic profiles into a fresh emulator, runs `next build`, and prints the number of
// pre-rendered pages, total build time, time per page and the build's peak memory.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getFirestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { startEmulator } from '../tools/lib/emulator';
import { localFirebaseEnv } from '../tools/lib/local-env';
import { RULES_FILE, ROOT } from '../tools/lib/paths';
import { NEXT_BIN, onShutdown, startProcess } from '../tools/lib/processes';
import { seedProfiles, type ProfileRecord } from '../tools/lib/seed';
import { commandLine } from './lib/args';

const PROJECT = 'demo-karta-bench';
const DIST = '.next-bench-build';

/** `--n 10000` (or `--n=10000`): how many profiles to seed and build. */
function profileCount(args: string[]): number {
  const { values } = parseArgs({ args, options: { n: { type: 'string' } }, strict: true });
  const n = values.n === undefined ? 1000 : Number(values.n);
  if (!Number.isInteger(n) || n < 1) throw new Error('--n takes a whole number, at least 1');
  return n;
}

function synthetic(n: number): ProfileRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    username: `user${String(i).padStart(6, '0')}`,
    firstName: 'Δοκιμή',
    lastName: `Χρήστης ${i}`,
    jobTitle: 'Μηχανικός',
    companyName: 'Εταιρεία Α.Ε.',
    city: 'Αθήνα',
    email: `user${i}@example.gr`,
    phoneNumber: `69${String(i).padStart(8, '0')}`,
    address: `Οδός ${i}, Αθήνα`,
    websiteLink: 'https://www.example.gr',
    // The field the page never shows, of a realistic size: reads must not slow down for it.
    thumbnailBase64: 'A'.repeat(4000),
  }));
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSafe('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      rss.set(pid, Number(fields[21]) * 4096);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

async function main(): Promise<void> {
  const n = commandLine('npm run bench:build [-- --n 10000]', profileCount);
  const emulator = await startEmulator({ rulesPath: RULES_FILE, projectId: PROJECT });
  onShutdown(() => emulator.stop());
  const env = {
    ...process.env,
    ...localFirebaseEnv(PROJECT, emulator.hostPort),
    NEXT_DIST_DIR: DIST,
  };

  const seedStarted = Date.now();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  const app = initializeApp({ projectId: PROJECT }, 'bench-build');
  await seedProfiles(getFirestore(app), synthetic(n));
  await deleteApp(app);
  console.log(`Seeded ${n} profiles in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s.`);

  rmSync(path.join(ROOT, DIST), { recursive: true, force: true });
  const started = Date.now();
  const build = startProcess(process.execPath, [NEXT_BIN, 'build'], {
    env,
    cwd: ROOT,
    stdio: 'pipe',
  });
  let peak = 0;
  const sampler = setInterval(() => {
    if (build.pid) peak = Math.max(peak, treeRss(build.pid));
  }, 250);
  let output = '';
  build.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  build.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => build.on('exit', resolve));
  clearInterval(sampler);
  const totalMs = Date.now() - started;
  await emulator.stop();
  if (code !== 0) {
    console.error(output.split('\n').slice(-30).join('\n'));
    throw new Error(`next build failed (exit ${code})`);
  }

  const manifest = JSON.parse(
    readFileSync(path.join(ROOT, DIST, 'prerender-manifest.json'), 'utf8'),
  ) as {
    routes: Record<string, { srcRoute?: string }>;
  };
  const pages = Object.values(manifest.routes).filter((r) => r.srcRoute === '/[username]').length;
  // Next prints e.g. "Generating static pages using 1 worker (1000/1000) in 25.6s" (or ms, min).
  const generation = /Generating static pages[^\n]*\((\d+)\/\d+\) in ([\d.]+)(ms|s|min)/.exec(
    output,
  );
  const unitMs = { ms: 1, s: 1000, min: 60_000 } as const;
  const generationMs = generation
    ? Number(generation[2]) * unitMs[generation[3] as keyof typeof unitMs]
    : NaN;
  console.log('\nnpm run bench:build');
  console.log(`profiles seeded        ${n}`);
  console.log(`profile pages rendered ${pages}`);
  console.log(`total build time       ${(totalMs / 1000).toFixed(1)} s`);
  console.log(`static generation      ${(generationMs / 1000).toFixed(1)} s (Next's own figure)`);
  console.log(`per page (generation)  ${(generationMs / pages).toFixed(2)} ms`);
  console.log(`per page (whole build) ${(totalMs / pages).toFixed(2)} ms`);
  console.log(`peak memory (build)    ${(peak / 1024 / 1024).toFixed(0)} MiB`);
  rmSync(path.join(ROOT, DIST), { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
