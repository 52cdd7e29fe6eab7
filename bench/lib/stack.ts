// The benchmark's stack: the emulator with the demo data, a production build in its own dist dir
// (.next-bench, so the demo's .next is never touched) and `next start` on a free port.
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildCardAssets } from '../../components/card/build/build';
import { freePort } from '../../tools/lib/emulator';
import { startLocalStack } from '../../tools/lib/local-stack';
import { DEMO_PROJECT_ID } from '../../tools/lib/local-env';
import { DEMO_PROFILES_FILE, ROOT } from '../../tools/lib/paths';
import { NEXT_BIN, startProcess, stopProcess, waitForHttp } from '../../tools/lib/processes';

export const BENCH_DIST_DIR = '.next-bench';

export interface BenchStack {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  /** The emulator's process group (the CDN part freezes it). */
  emulatorPid: number;
}

type Cleanup = () => Promise<void>;

function logged(
  args: string[],
  env: NodeJS.ProcessEnv,
  log: string,
): { child: ChildProcess; done: Promise<void> } {
  const child = startProcess(process.execPath, args, { env, cwd: ROOT, stdio: 'pipe' });
  const out = createWriteStream(log);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      let tail = '';
      try {
        tail = readFileSync(log, 'utf8').split('\n').slice(-30).join('\n');
      } catch {
        // no log
      }
      reject(
        new Error(`next ${args[1]} ended (${signal ?? `exit ${code}`}); see ${log}:\n${tail}`),
      );
    });
  });
  return { child, done };
}

/** Starts everything; each started piece registers its stop with `addCleanup` right away. */
export async function startBenchStack(
  runDir: string,
  addCleanup: (cleanup: Cleanup) => void,
): Promise<BenchStack> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { emulator, env: stackEnv } = await startLocalStack(
    DEMO_PROJECT_ID,
    DEMO_PROFILES_FILE,
    port,
  );
  addCleanup(() => emulator.stop());
  const env: NodeJS.ProcessEnv = {
    ...stackEnv,
    NEXT_DIST_DIR: BENCH_DIST_DIR,
    NEXT_PUBLIC_SITE_URL: baseUrl,
  };

  const buildLog = path.join(runDir, 'next-build.log');
  console.log(`Building (next build into ${BENCH_DIST_DIR}; log: ${buildLog})…`);
  const started = Date.now();
  await buildCardAssets(env);
  const build = logged([NEXT_BIN, 'build'], env, buildLog);
  addCleanup(() => stopProcess(build.child));
  await build.done;
  const buildMs = Date.now() - started;
  console.log(`Built in ${(buildMs / 1000).toFixed(0)} s.`);

  const server = logged(
    [NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'],
    env,
    path.join(runDir, 'next-start.log'),
  );
  addCleanup(() => stopProcess(server.child));
  let exited: Error | undefined;
  server.done.catch((error: Error) => {
    exited = error;
  });
  await waitForHttp(`${baseUrl}/`);
  if (exited) throw exited;
  console.log(`next start on ${baseUrl}`);
  return { baseUrl, env, emulatorPid: emulator.pid };
}
