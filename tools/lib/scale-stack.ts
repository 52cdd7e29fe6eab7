// The production path on one machine, for `npm run demo:scale`, its e2e test and the benchmark:
// Redis as the shared ISR cache, N `next start` origins on it (copies of one build), Varnish in
// front of them as the CDN, purged after every change, and the daemon of `npm run watch`
// (stack.ts), mailing into a mail catcher unless SMTP_URL is set.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './emulator';
import { startMailCatcher, type RunningMailCatcher } from './mail-catcher';
import { copyBuild, startNext } from './next-server';
import { ROOT } from './paths';
import { stopProcess } from './processes';
import { startRedis, type RunningRedis } from './redis';
import { startDaemon } from './stack';
import { startVarnish, type RunningVarnish } from './varnish';

export interface ScaleStackOptions {
  /** The environment of every origin: Firebase (emulator) variables and the like. */
  env: NodeJS.ProcessEnv;
  /** A finished `next build`; each origin runs on a copy of it. */
  builtDistDir: string;
  origins?: number;
  /**
   * A project of its own on the emulator, when not the one the build was made for (that one is
   * `env`'s NEXT_PUBLIC_FIREBASE_PROJECT_ID): each origin runs on a copy retargeted to it.
   */
  projectId?: string;
  /**
   * Variables of one origin's own (by its index), over `env`: a test gives one origin a relay of
   * its own in front of Firestore, say.
   */
  originEnv?: (index: number) => Record<string, string>;
  /** The daemon of `npm run watch` (on by default). */
  daemon?: boolean;
  /** Called with each line of the stack's own, and of the daemon's (prefixed `[watch]`). */
  log?: (line: string) => void;
  /** A folder for each start's output (origin-1.log, origin-1.restart-1.log, …); else the terminal. */
  logDir?: string;
  /**
   * Runs once Varnish and Redis are up, with the origins' final environment, before they start:
   * `npm run demo:scale` builds there, so that the build knows the CDN's address.
   */
  prepare?: (env: NodeJS.ProcessEnv) => Promise<void>;
}

export interface ScaleStack {
  cdnUrl: string;
  /** Each origin's base URL, in the order of `servers`. */
  origins: string[];
  redis: RunningRedis;
  varnish: RunningVarnish;
  /** The catcher the lead mails go to, when the stack started one. */
  mail?: RunningMailCatcher;
  /** Redis ended (its data gone, as in a crash) and started again on the same port. */
  restartRedis(): Promise<void>;
  /** The environment the origins run with (REDIS_URL, CDN_PROVIDER, REVALIDATE_SECRET, …). */
  env: NodeJS.ProcessEnv;
  /** Stops one origin (SIGTERM, then SIGKILL after `graceMs`), as if it died. */
  stopOrigin(index: number, graceMs?: number): Promise<void>;
  /**
   * Starts a stopped origin again, on the same port and build; `env` adds variables for this
   * start only.
   */
  restartOrigin(index: number, env?: Record<string, string>): Promise<void>;
  /** Everything, newest first; no process is left. */
  stop(): Promise<void>;
}

const READY_LIMIT_MS = 30_000;

/**
 * Until Varnish's probes count every origin healthy: on a loaded machine a probe can time out
 * while the origins start, and Varnish then answers 503 until the next good probes.
 */
async function untilServing(varnish: RunningVarnish): Promise<void> {
  const deadline = Date.now() + READY_LIMIT_MS;
  for (;;) {
    const health = await varnish.backendHealth();
    if (health.every((backend) => backend.healthy)) return;
    if (Date.now() > deadline) {
      const sick = health.filter((backend) => !backend.healthy).map((b) => b.backend);
      throw new Error(`Varnish still counts ${sick.join(', ')} sick after ${READY_LIMIT_MS} ms`);
    }
    await sleep(250);
  }
}

export async function startScaleStack(options: ScaleStackOptions): Promise<ScaleStack> {
  const { builtDistDir, origins: count = 2, daemon = true, log = console.log } = options;
  if (options.logDir) mkdirSync(options.logDir, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    while (stops.length) {
      await stops
        .pop()?.()
        .catch((error: Error) => log(`stopping: ${error.message}`));
    }
  };
  try {
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const origins = ports.map((port) => `http://127.0.0.1:${port}`);
    const varnish = await startVarnish({ backends: ports.map((port) => `127.0.0.1:${port}`) });
    stops.push(() => varnish.stop());
    log(`Varnish on ${varnish.url}`);
    let redis = await startRedis();
    stops.push(() => redis.stop());
    log(`Redis on ${redis.url}`);
    const builtFor = options.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID;
    const project = options.projectId ?? builtFor;
    if (!builtFor || !project) throw new Error('NEXT_PUBLIC_FIREBASE_PROJECT_ID is not set');
    const env: NodeJS.ProcessEnv = {
      ...options.env,
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: project,
      NEXT_PUBLIC_SITE_URL: varnish.url,
      REDIS_URL: redis.url,
      CDN_PROVIDER: 'varnish',
      VARNISH_PURGE_URL: varnish.url,
      // Varnish appends the address it was called from to X-Forwarded-For (before vcl_recv, which
      // leaves the header alone), and is the only proxy: the visitor's address is the last entry.
      // Nobody else writes that entry because the origins listen on loopback only (host below).
      STATS_PROXY_HOPS: '1',
      REVALIDATE_SECRET: options.env.REVALIDATE_SECRET || randomBytes(24).toString('hex'),
    };

    await options.prepare?.(env);

    let stopping = false;
    stops.push(async () => {
      stopping = true;
    });
    const servers: Array<ChildProcess | undefined> = [];
    // Named by port, which no other stack holds meanwhile: two stacks of one build (test files
    // run side by side) never share, or delete, each other's copy.
    const distDirs = ports.map((port) => `${builtDistDir}-origin-${port}`);
    stops.push(async () => {
      for (const dir of distDirs) rmSync(path.join(ROOT, dir), { recursive: true, force: true });
    });
    const starts = ports.map(() => 0);
    const start = async (i: number, extra: Record<string, string> = {}) => {
      // Each start logs to a file of its own: a restart's log is not the previous one's end.
      const n = starts[i]++;
      const logName = `origin-${i + 1}${n ? `.restart-${n}` : ''}.log`;
      // Set once started: an origin that exits while starting is reported by the start itself.
      const started: { server?: ChildProcess } = {};
      const server = await startNext(
        ports[i],
        { ...env, ...options.originEnv?.(i), ...extra, NEXT_DIST_DIR: distDirs[i] },
        {
          onExit: (code) => {
            if (!stopping && started.server && servers[i] === started.server) {
              log(`origin ${origins[i]} exited (${code})`);
            }
          },
          host: '127.0.0.1',
          logFile: options.logDir && path.join(options.logDir, logName),
        },
      );
      started.server = server;
      servers[i] = server;
    };
    for (const [i, dir] of distDirs.entries()) {
      copyBuild(builtDistDir, dir, { project: { from: builtFor, to: project } });
      // A start that stalls then says which step it stalled at.
      log(`origin ${origins[i]} starting (${dir})`);
      await start(i);
      log(`origin ${origins[i]} answers`);
    }
    const stopOrigin = async (i: number, graceMs?: number) => {
      const server = servers[i];
      servers[i] = undefined;
      if (server) await stopProcess(server, graceMs);
    };
    stops.push(async () => {
      for (const i of servers.keys()) await stopOrigin(i);
    });

    await untilServing(varnish);
    log('Varnish counts every origin healthy');

    let mail: RunningMailCatcher | undefined;
    if (daemon) {
      if (!env.SMTP_URL) {
        const catcher = await startMailCatcher();
        stops.push(() => catcher.stop());
        mail = catcher;
        env.SMTP_URL = catcher.smtpUrl;
      }
      // Through the CDN, so that a revalidation reaches whichever origin is alive.
      const running = await startDaemon(env, {
        siteUrl: varnish.url,
        log: (line) => log(`[watch] ${line}`),
        logFile: options.logDir && path.join(options.logDir, 'daemon.log'),
      });
      stops.push(() => running.stop());
    }

    return {
      cdnUrl: varnish.url,
      origins,
      get redis() {
        return redis;
      },
      varnish,
      mail,
      async restartRedis() {
        await redis.stop();
        redis = await startRedis({ port: redis.port });
      },
      env,
      stopOrigin,
      restartOrigin: start,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
