// The benchmark's stack: the one local stack (tools/lib/stack.ts) with the demo cards, built into a
// dist dir of its own (.next-bench, so the demo's .next is never touched), served on a free port.
import { freePort } from '../../tools/lib/emulator';
import { DEMO_PROJECT_ID } from '../../tools/lib/local-env';
import { DEMO_PROFILES_FILE } from '../../tools/lib/paths';
import { loadProfilesFile } from '../../tools/lib/seed';
import { startStack } from '../../tools/lib/stack';

export const BENCH_DIST_DIR = '.next-bench';

export interface BenchStack {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  /** The emulator's process group (the CDN part freezes it). */
  emulatorPid: number;
}

/** Starts everything; registers its stop with `addCleanup` once started. */
export async function startBenchStack(
  runDir: string,
  addCleanup: (cleanup: () => Promise<void>) => void,
): Promise<BenchStack> {
  const port = await freePort();
  const stack = await startStack({
    projectId: DEMO_PROJECT_ID,
    profiles: loadProfilesFile(DEMO_PROFILES_FILE),
    host: '127.0.0.1',
    distDir: BENCH_DIST_DIR,
    logDir: runDir,
    port,
    siteUrl: `http://127.0.0.1:${port}`,
  });
  addCleanup(() => stack.stop());
  console.log(`Built in ${(stack.buildMs / 1000).toFixed(0)} s; next start on ${stack.baseUrl}`);
  return { baseUrl: stack.baseUrl, env: stack.env, emulatorPid: stack.emulator.pid };
}
