// The one local stack, as production runs it: the emulators (Firestore with the project's rules,
// and Auth on request), the cards seeded (with an owner account each when Auth runs), one build,
// `next start`, and the daemon of `npm run watch` beside it (the change watcher and the lead
// mailer, mailing into a mail catcher unless SMTP_URL says otherwise). `npm run demo`, the e2e
// tests and the benchmark all start it here; a test that needs servers of its own (an outage) takes
// the parts it needs from here too.
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { DAEMON_READY } from '../../daemon/start';
import { startAuthEmulator, type RunningAuthEmulator } from './auth-emulator';
import { seedDemoCompany, type DemoCompany } from './demo-company';
import { createDemoOwners, type DemoOwner } from './demo-owners';
import { freePort, startEmulator, type RunningEmulator } from './emulator';
import { localAuthEnv, localFirebaseEnv } from './local-env';
import { makeWalletTestChain } from './wallet-test-chain';
import { startMailCatcher, type RunningMailCatcher } from './mail-catcher';
import { buildCardAssets } from '../card-assets/build';
import { buildNext, startNext } from './next-server';
import { ROOT, RULES_FILE } from './paths';
import { killGroup, startProcess, stopProcess } from './processes';
import { seedProfiles, type ProfileRecord } from './seed';

/** A port from the environment (PORT, FIRESTORE_EMULATOR_PORT, …), or undefined for a free one. */
export function optionalPort(name: string): number | undefined {
  const raw = process.env[name];
  if (!raw) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}".`);
  }
  return port;
}

type Stop = () => Promise<void>;

/** Stops, newest first, what was registered; each failure is logged, none stops the rest. */
class Stops {
  private readonly list: Stop[] = [];
  constructor(private readonly log: (line: string) => void) {}
  add(stop: Stop): void {
    this.list.push(stop);
  }
  async run(): Promise<void> {
    while (this.list.length) {
      await this.list
        .pop()?.()
        .catch((error: Error) => this.log(`stopping: ${error.message}`));
    }
  }
}

/**
 * The project's rules for `projectId` on an emulator started for another project: the emulator
 * applies the rules given at its start to its own project id, and each project keeps its data.
 */
async function uploadRules(emulator: FirestoreAddress, projectId: string): Promise<void> {
  const res = await fetch(
    `http://${emulator.hostPort}/emulator/v1/projects/${projectId}:securityRules`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ content: readFileSync(RULES_FILE, 'utf8') }] } }),
    },
  );
  if (!res.ok) throw new Error(`The emulator refused the rules: HTTP ${res.status}`);
}

export interface RunningDaemon {
  stop(): Promise<void>;
  /** Ends it as a crash would (SIGKILL to its process group): nothing it holds is let go. */
  kill(): Promise<void>;
}

export interface DaemonOptions {
  /** The site the watcher revalidates. */
  siteUrl: string;
  /** A file its output is appended to. */
  logFile?: string;
  /** Called with each line it prints; with neither, lines go to the terminal, prefixed. */
  log?: (line: string) => void;
}

const DAEMON_READY_MS = 60_000;

/**
 * `npm run watch` as production runs it, a process of its own: revalidation, erasure clean-up and
 * (with SMTP_URL in `env`) the lead mails. Resolves once it is watching.
 */
export async function startDaemon(
  env: NodeJS.ProcessEnv,
  options: DaemonOptions,
): Promise<RunningDaemon> {
  const tsx = require.resolve('tsx/cli');
  const child: ChildProcess = startProcess(
    process.execPath,
    [tsx, path.join(ROOT, 'bin', 'watch.ts'), '--url', options.siteUrl],
    { env, cwd: ROOT, stdio: 'pipe' },
  );
  const file = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm run watch did not start in ${DAEMON_READY_MS} ms`)),
      DAEMON_READY_MS,
    );
    let rest = '';
    const onData = (chunk: Buffer) => {
      file?.write(chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (options.log) options.log(line);
        else if (!file) console.log(`[watch] ${line}`);
        if (line.startsWith(DAEMON_READY)) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run watch exited (${code}) before it was watching`));
    });
  });
  const stop = async () => {
    await stopProcess(child);
    file?.end();
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child.pid as number, 'SIGKILL');
    await exited;
    file?.end();
  };
  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, kill };
}

export interface StackOptions extends BackendOptions {
  /** `next dev` instead of a production build and `next start` (npm run dev). */
  dev?: boolean;
  /** The server's port (PORT, or a free one, unless given). */
  port?: number;
  /** The interface `next start` listens on; every one unless given. */
  host?: string;
  /** NEXT_PUBLIC_SITE_URL; `http://localhost:PORT` unless given or set. */
  siteUrl?: string;
  /** NEXT_DIST_DIR: where the build goes (.next unless given). */
  distDir?: string;
  /** The daemon of `npm run watch` beside the server, with a mail catcher unless SMTP_URL is set. */
  daemon?: boolean;
  /** A folder for build.log, server.log and daemon.log; the terminal unless given. */
  logDir?: string;
  /** More variables for the build, the server and the daemon. */
  env?: Record<string, string>;
  /** Both wallets on, with stand-in credentials (tools/lib/wallet-test-chain.ts). */
  wallets?: boolean;
}

export interface Stack {
  /** Where the server answers on this machine: http://127.0.0.1:PORT. */
  baseUrl: string;
  port: number;
  /** The environment the build, the server and the daemon run with. */
  env: NodeJS.ProcessEnv;
  emulator: RunningEmulator;
  auth?: RunningAuthEmulator;
  /** One per seeded card when the Auth emulator runs. */
  owners: DemoOwner[];
  /** The demo's company, with `demoCompany`. */
  company?: DemoCompany;
  /** firebase-admin's Firestore for the stack's project, until the stack stops. */
  db: Firestore;
  /** The catcher the lead mails go to, when the stack started one. */
  mail?: RunningMailCatcher;
  /** The daemon's log file (with `logDir` and `daemon`). */
  daemonLog?: string;
  /** How long the build (or, with `dev`, the card's assets and the first answer) took. */
  buildMs: number;
  /** Everything, newest first; no process is left. */
  stop(): Promise<void>;
}

/**
 * A firebase-admin Firestore for `projectId` on the emulator, beside the process's own app (whose
 * project the environment names). firebase-admin finds the emulator through the environment, so
 * this process's FIRESTORE_EMULATOR_HOST becomes the stack's.
 */
function emulatorDb(projectId: string, hostPort: string): { db: Firestore; app: App } {
  process.env.FIRESTORE_EMULATOR_HOST = hostPort;
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId }, `karta-stack-${projectId}-${Date.now()}`);
  return { db: getFirestore(app), app };
}

/** Where a Firestore emulator answers: all a stack needs of one it did not start. */
export interface FirestoreAddress {
  /** `host:port`, the form FIRESTORE_EMULATOR_HOST takes. */
  hostPort: string;
}

export interface BackendOptions<E extends FirestoreAddress = RunningEmulator> {
  projectId: string;
  /** The cards seeded. */
  profiles: ProfileRecord[];
  /** Also the Auth emulator (the owner console needs it), with an owner account per card. */
  auth?: boolean;
  /** Also the demo's company (tools/lib/demo-company.ts), on the demo cards' owners (with `auth`). */
  demoCompany?: boolean;
  /**
   * A Firestore emulator already running (the test run's, or FIRESTORE_EMULATOR_HOST's): used
   * under `projectId`, given the project's rules, and never stopped here. One of its own unless
   * given.
   */
  firestore?: E;
  log?: (line: string) => void;
}

export interface Backends<E extends FirestoreAddress = RunningEmulator> {
  /** The emulator given, or the one started here. */
  emulator: E | RunningEmulator;
  auth?: RunningAuthEmulator;
  /** One per seeded card when the Auth emulator runs. */
  owners: DemoOwner[];
  company?: DemoCompany;
  /** firebase-admin's Firestore for the stack's project, until the stack stops. */
  db: Firestore;
  /** The variables that point Next, both SDKs and the daemon at the emulators. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The emulators, the cards seeded, and (with Auth) an owner account per card. */
export async function startBackends<E extends FirestoreAddress = RunningEmulator>(
  options: BackendOptions<E>,
): Promise<Backends<E>> {
  const { projectId, log = console.log } = options;
  const stops = new Stops(log);
  try {
    // Both take seconds to start: side by side.
    const [firestore, auth] = await Promise.all([
      options.firestore ??
        startEmulator({
          rulesPath: RULES_FILE,
          projectId,
          port: optionalPort('FIRESTORE_EMULATOR_PORT'),
        }).then((emulator) => {
          stops.add(() => emulator.stop());
          return emulator;
        }),
      options.auth
        ? startAuthEmulator({ projectId, port: optionalPort('FIREBASE_AUTH_EMULATOR_PORT') }).then(
            (started) => {
              stops.add(() => started.stop());
              return started;
            },
          )
        : undefined,
    ]);
    if (options.firestore) await uploadRules(firestore, projectId);
    const jar = 'jar' in firestore ? firestore.jar : 'already running';
    log(`Firestore emulator on ${firestore.hostPort} (${jar})`);
    if (auth) log(`Auth emulator on ${auth.hostPort} (firebase-tools)`);

    const { db, app } = emulatorDb(projectId, firestore.hostPort);
    stops.add(() => deleteApp(app));
    await seedProfiles(db, options.profiles);
    log(`Seeded ${options.profiles.length} profiles into project ${projectId}.`);
    const owners = auth
      ? await createDemoOwners(
          auth.hostPort,
          db,
          options.profiles.map((p) => p.username),
        )
      : [];
    const company = options.demoCompany ? await seedDemoCompany(db, owners) : undefined;
    if (company) log(`Seeded the company ${company.name} (companies/${company.id}).`);
    return {
      emulator: firestore,
      auth,
      owners,
      company,
      db,
      env: {
        ...localFirebaseEnv(projectId, firestore.hostPort),
        ...(auth ? localAuthEnv(auth.hostPort) : {}),
      },
      stop: () => stops.run(),
    };
  } catch (error) {
    await stops.run();
    throw error;
  }
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const { log = console.log } = options;
  const stops = new Stops(log);
  const logFile = (name: string) => options.logDir && path.join(options.logDir, name);
  try {
    const backends = await startBackends(options);
    stops.add(() => backends.stop());
    const wallets = options.wallets ? makeWalletTestChain() : undefined;
    if (wallets) stops.add(async () => wallets.remove());
    const port = options.port ?? optionalPort('PORT') ?? (await freePort());
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // Nothing in front of this `next start`: a client's X-Forwarded-For is its own, so the
      // beacon limiter takes the socket's address (server/stats/address.ts).
      STATS_PROXY_HOPS: '0',
      ...options.env,
      ...wallets?.env,
      ...backends.env,
      NEXT_PUBLIC_SITE_URL:
        options.siteUrl || process.env.NEXT_PUBLIC_SITE_URL || `http://localhost:${port}`,
      REVALIDATE_SECRET: process.env.REVALIDATE_SECRET || randomBytes(24).toString('hex'),
      ...(options.distDir ? { NEXT_DIST_DIR: options.distDir } : {}),
    };

    let stopping = false;
    stops.add(async () => {
      stopping = true;
    });
    const onExit = (code: number | null) => {
      if (!stopping) log(`next exited (${code})`);
    };
    const built = Date.now();
    let server: ChildProcess;
    if (options.dev) {
      // `next dev` compiles as pages are asked for; the card's assets are built once, here.
      await buildCardAssets(env);
      server = await startNext(port, env, { host: options.host, onExit, dev: true });
    } else {
      await buildNext(env, { logFile: logFile('build.log') });
      server = await startNext(port, env, {
        host: options.host,
        logFile: logFile('server.log'),
        onExit,
      });
    }
    const buildMs = Date.now() - built;
    stops.add(() => stopProcess(server));
    const baseUrl = `http://127.0.0.1:${port}`;

    let mail: RunningMailCatcher | undefined;
    const daemonLog = options.daemon ? logFile('daemon.log') : undefined;
    if (options.daemon) {
      if (!env.SMTP_URL) {
        const catcher = await startMailCatcher();
        stops.add(() => catcher.stop());
        mail = catcher;
        env.SMTP_URL = catcher.smtpUrl;
      }
      const daemon = await startDaemon(env, { siteUrl: baseUrl, logFile: daemonLog });
      stops.add(() => daemon.stop());
    }

    return {
      baseUrl,
      port,
      env,
      emulator: backends.emulator,
      auth: backends.auth,
      owners: backends.owners,
      company: backends.company,
      db: backends.db,
      mail,
      daemonLog,
      buildMs,
      stop: () => stops.run(),
    };
  } catch (error) {
    await stops.run();
    throw error;
  }
}
