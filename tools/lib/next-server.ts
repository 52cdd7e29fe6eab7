// `next build` and `next start` for the local commands (demo, demo:scale) and the tests.
import type { ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildCardAssets } from '../../components/card/build/build';
import { ROOT } from './paths';
import { NEXT_BIN, startProcess, stopProcess, waitForHttp } from './processes';
import { recordStart } from './start-ledger';

/** `next <args>` in the project, its output to `logFile`, or to the terminal without one. */
function startNextCommand(args: string[], env: NodeJS.ProcessEnv, logFile?: string): ChildProcess {
  const child = startProcess(process.execPath, [NEXT_BIN, ...args], {
    env,
    cwd: ROOT,
    stdio: logFile ? 'pipe' : 'inherit',
  });
  if (logFile) {
    const log = createWriteStream(logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  return child;
}

export interface BuildOptions {
  /** Where the build's output goes; the terminal unless given. */
  logFile?: string;
}

/** The card's assets, then `next build`, as `npm run build` runs them. */
export async function buildNext(env: NodeJS.ProcessEnv, options: BuildOptions = {}): Promise<void> {
  const { logFile } = options;
  console.log(
    `Building (the card's assets, then next build${logFile ? `; log: ${path.relative(ROOT, logFile)}` : ''})…`,
  );
  await buildCardAssets(env);
  recordStart('next build');
  const child = startNextCommand(['build'], env, logFile);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code === 0) return;
  const tail = logFile
    ? `:\n${readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')}`
    : '';
  throw new Error(`next build failed (exit ${code})${tail}`);
}

/**
 * A copy of the build in a dist dir of its own, for a second `next start` on the same machine
 * (each server writes its own cache files there).
 */
export function copyBuild(from: string, to: string): void {
  const built = path.join(ROOT, from);
  rmSync(path.join(ROOT, to), { recursive: true, force: true });
  cpSync(built, path.join(ROOT, to), {
    recursive: true,
    filter: (source) => path.relative(built, source) !== 'cache',
  });
}

export interface StartNextOptions {
  /** Every interface unless given. */
  host?: string;
  /** Where its output goes; the terminal unless given. */
  logFile?: string;
  /** Called when the server exits, whatever the reason. */
  onExit?: (code: number | null) => void;
  /** `next dev` rather than `next start`. */
  dev?: boolean;
}

const KEEP_ALIVE_MS = 65_000;

/** `next start` (or `next dev`) on port, resolved once it answers. */
export async function startNext(
  port: number,
  env: NodeJS.ProcessEnv,
  { host, logFile, onExit, dev }: StartNextOptions = {},
): Promise<ChildProcess> {
  const args = [
    dev ? 'dev' : 'start',
    '-p',
    String(port),
    ...(host ? ['-H', host] : []),
    // Idle connections outlive their clients' (fetch keeps one 4 s, Varnish 60 s): with Node's 5 s
    // default, a busy machine lets the server close a connection just as a client reuses it
    // ("other side closed").
    ...(dev ? [] : ['--keepAliveTimeout', String(KEEP_ALIVE_MS)]),
  ];
  recordStart(dev ? 'next dev' : 'next start');
  const server = startNextCommand(args, env, logFile);
  if (onExit) server.on('exit', onExit);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`);
  } catch (error) {
    // A server that never answered is still running: stopped here, as nobody else holds it.
    await stopProcess(server);
    throw error;
  }
  return server;
}
