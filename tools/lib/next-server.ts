// `next build` and `next start` for the local commands (demo, demo:scale) and the tests.
import type { ChildProcess } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { buildCardAssets } from '../card-assets/build';
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

export interface CopyBuildOptions {
  /**
   * Another Firebase project for the copy. A build bakes its NEXT_PUBLIC_ variables into the
   * server's and the browser's code, and the suite makes one build: a second stack on the run's
   * one emulator gets a copy whose project id is rewritten, so that its cards, watcher and mailer
   * stay apart from those of every other stack.
   */
  project?: { from: string; to: string };
}

// The build's own text: code, manifests and prerendered pages. Images are left as they are.
const TEXT_FILE = /\.(js|mjs|cjs|json|map|html|rsc|txt|body|meta|css)$/;
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;

/** Whether `id` has the form of a Firebase project id (what a copy can be retargeted to). */
export function isProjectId(id: string): boolean {
  return PROJECT_ID.test(id);
}

function retarget(dir: string, from: string, to: string): number {
  for (const id of [from, to]) {
    if (!isProjectId(id)) throw new Error(`"${id}" is not a Firebase project id`);
  }
  // A whole id only: never the inside of a longer one.
  const pattern = new RegExp(`(?<![a-z0-9-])${from}(?![a-z0-9-])`, 'g');
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT_FILE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(from)) continue;
    writeFileSync(file, text.replace(pattern, to));
    files++;
  }
  return files;
}

/**
 * A copy of the build in a dist dir of its own, for a second `next start` on the same machine
 * (each server writes its own cache files there).
 */
export function copyBuild(from: string, to: string, options: CopyBuildOptions = {}): void {
  const built = path.join(ROOT, from);
  const copy = path.join(ROOT, to);
  rmSync(copy, { recursive: true, force: true });
  cpSync(built, copy, {
    recursive: true,
    filter: (source) => path.relative(built, source) !== 'cache',
  });
  const { project } = options;
  if (project && project.from !== project.to && retarget(copy, project.from, project.to) === 0) {
    throw new Error(`${from} does not name the project ${project.from}: it was built for another`);
  }
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
