// A `next start` of a file's own on a copy of the run's e2e build, for what the shared server must
// not go through (a frozen Redis, Firestore down, a page aged by hand). The file removes the copy
// and stops the server when it ends.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@/tools/lib/emulator';
import { copyBuild, startNext, type CopyBuildOptions } from '@/tools/lib/next-server';
import { ROOT } from '@/tools/lib/paths';

/** A copy of the run's build (NEXT_DIST_DIR) in a new folder `prefix`… under the project: its path. */
export function copyOfRunBuild(prefix: string, options?: CopyBuildOptions): string {
  const distDir = mkdtempSync(path.join(ROOT, prefix));
  copyBuild(process.env.NEXT_DIST_DIR as string, path.basename(distDir), options);
  return distDir;
}

/**
 * `next start` of the copy `distDir` on a free loopback port, with the run's environment and
 * `env` over it, its output in artifacts/`log`.
 */
export async function startOnCopy(
  distDir: string,
  env: Record<string, string>,
  log: string,
): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const server = await startNext(
    port,
    { ...process.env, NEXT_DIST_DIR: path.basename(distDir), ...env },
    { host: '127.0.0.1', logFile: path.join(ROOT, 'artifacts', log) },
  );
  return { server, base: `http://127.0.0.1:${port}` };
}
