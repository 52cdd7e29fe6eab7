// Finds and runs the official Cloud Firestore emulator (a Java jar) without firebase-tools: its
// Firestore emulator downloads a jar of its own (unreachable offline), and it cannot run the
// Google Cloud SDK's jar, which has no main manifest (firebase-tools runs `java -jar`).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startAnsweringServer } from './answering-server';

export const EMULATOR_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const SDK_JAR = path.join('platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');

export class EmulatorSetupError extends Error {
  override name = 'EmulatorSetupError';
}

export interface EmulatorLocation {
  jar: string;
  source: 'FIRESTORE_EMULATOR_JAR' | 'google-cloud-sdk' | 'firebase-tools-cache';
}

export interface FindOptions {
  env?: Record<string, string | undefined>;
  /** Where firebase-tools caches emulator jars; overridable so tests can point it elsewhere. */
  firebaseCacheDir?: string;
  /** Google Cloud SDK roots to try; `null` disables the lookup (tests). */
  sdkRoots?: string[] | null;
}

const HOW_TO_INSTALL =
  'Install the Google Cloud SDK component (`gcloud components install cloud-firestore-emulator`, ' +
  'or `apt-get install google-cloud-cli-firestore-emulator`), run `npx firebase-tools setup:emulators:firestore` ' +
  'to cache the jar, or set FIRESTORE_EMULATOR_JAR to a cloud-firestore-emulator jar.';

function gcloudSdkRoots(env: Record<string, string | undefined>): string[] {
  const roots: string[] = [];
  if (env.CLOUDSDK_ROOT_DIR) roots.push(env.CLOUDSDK_ROOT_DIR);
  try {
    const root = execFileSync('gcloud', ['info', '--format=value(installation.sdk_root)'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 15_000,
    }).trim();
    if (root) roots.push(root);
  } catch {
    // gcloud is not on PATH: fall back to the places its packages install to.
  }
  roots.push(
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
    path.join(os.homedir(), 'google-cloud-sdk'),
  );
  return roots;
}

function newestCachedJar(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const jars = readdirSync(dir)
    .filter((f) => /^cloud-firestore-emulator-v?[\d.]+\.jar$/.test(f))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return jars[0];
}

/** Looks for the emulator jar: explicit variable, then the Google Cloud SDK, then firebase-tools' cache. */
export function findEmulatorJar(options: FindOptions = {}): EmulatorLocation {
  const env = options.env ?? process.env;
  const explicit = env.FIRESTORE_EMULATOR_JAR;
  if (explicit) {
    if (!existsSync(explicit)) {
      throw new EmulatorSetupError(
        `FIRESTORE_EMULATOR_JAR points to ${explicit}, which does not exist. ${HOW_TO_INSTALL}`,
      );
    }
    return { jar: explicit, source: 'FIRESTORE_EMULATOR_JAR' };
  }
  const roots = options.sdkRoots === undefined ? gcloudSdkRoots(env) : (options.sdkRoots ?? []);
  for (const root of roots) {
    const jar = path.join(root, SDK_JAR);
    if (existsSync(jar)) return { jar, source: 'google-cloud-sdk' };
  }
  const cacheDir =
    options.firebaseCacheDir ?? path.join(os.homedir(), '.cache', 'firebase', 'emulators');
  const cached = newestCachedJar(cacheDir);
  if (cached) return { jar: cached, source: 'firebase-tools-cache' };
  throw new EmulatorSetupError(`Cloud Firestore emulator not found. ${HOW_TO_INSTALL}`);
}

// A JVM starts in a second, but a busy machine has taken over 15 s: the ceiling is a hang's.
const JAVA_CHECK_MS = 60_000;

/** The Java binary to use, or a one-line error saying what to install. */
export function findJava(
  env: Record<string, string | undefined> = process.env,
  checkMs = JAVA_CHECK_MS,
): string {
  const java = env.JAVA || (env.JAVA_HOME ? path.join(env.JAVA_HOME, 'bin', 'java') : 'java');
  try {
    execFileSync(java, ['-version'], { stdio: 'ignore', timeout: checkMs });
    return java;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ETIMEDOUT') {
      throw new EmulatorSetupError(`"${java} -version" did not end in ${checkMs} ms.`);
    }
    throw new EmulatorSetupError(
      `Java not found (tried "${java}"): the Firestore emulator needs Java 17 or newer, ` +
        'e.g. `apt-get install -y openjdk-17-jre-headless`.',
    );
  }
}

// Ports handed out by this process. A port is free when asked for, not reserved: the kernel may
// give it again before its first owner listens on it (two origins' ports picked, then Redis's,
// the same as one of them), so none is handed out twice.
const handedOut = new Set<number>();

function anyFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (;;) {
    const port = await anyFreePort(host);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

export interface StartOptions extends FindOptions {
  host?: string;
  /** A fixed port; a free one is picked when omitted. */
  port?: number;
  rulesPath?: string;
  /** Emulated project; other project ids still work, each with its own data. */
  projectId?: string;
  timeoutMs?: number;
  /** Called with each line the emulator prints (defaults to silence). */
  onLog?: (line: string) => void;
}

export interface RunningEmulator {
  host: string;
  port: number;
  /** `host:port`, the form FIRESTORE_EMULATOR_HOST takes. */
  hostPort: string;
  /** PID of the process group leader: killing the group ends Java too. */
  pid: number;
  jar: string;
  stop(): Promise<void>;
}

/** True when something answers at `hostPort` as the Firestore emulator does. */
export async function emulatorAnswers(hostPort: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${hostPort}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function startEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  const java = findJava(options.env);
  const { jar } = findEmulatorJar(options);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const hostPort = `${host}:${port}`;
  if (await emulatorAnswers(hostPort)) {
    throw new EmulatorSetupError(`Port ${port} on ${host} is already in use.`);
  }
  const args = [
    '-Duser.language=en',
    '-cp',
    jar,
    EMULATOR_MAIN_CLASS,
    'start',
    `--host=${host}`,
    `--port=${port}`,
  ];
  if (options.projectId) args.push(`--project_id=${options.projectId}`);
  if (options.rulesPath) {
    if (!existsSync(options.rulesPath)) {
      throw new EmulatorSetupError(`Rules file not found: ${options.rulesPath}`);
    }
    args.push(`--rules=${path.resolve(options.rulesPath)}`);
  }

  const { pid, stop } = await startAnsweringServer({
    kind: 'firestore emulator',
    name: 'Firestore emulator',
    command: java,
    args,
    onLog: options.onLog,
    hostPort,
    answers: () => emulatorAnswers(hostPort),
    timeoutMs: options.timeoutMs ?? 60_000,
    pollMs: 100,
    fail: (message) => new EmulatorSetupError(message),
  });
  return { host, port, hostPort, pid, jar, stop };
}
