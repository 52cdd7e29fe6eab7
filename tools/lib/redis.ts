// Debian's redis-server on a loopback port, for the tests of the shared ISR cache: nothing on
// disk, and the settings the cache handler needs (server/cache/handler.mjs).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './emulator';
import { freezeServer, startProcess, stopProcess } from './processes';
import { recordStart } from './start-ledger';
import { ensureSystemCommand, type SystemCommand } from './system-packages';

const HOST = '127.0.0.1';

export interface RedisOptions {
  /** A fixed port, e.g. to start Redis again where its clients reconnect; a free one if omitted. */
  port?: number;
  /** Redis's `maxmemory`; small by default, as a test stores a handful of cards. */
  maxmemory?: string;
}

export interface RunningRedis {
  /** redis://127.0.0.1:PORT, for REDIS_URL. */
  url: string;
  port: number;
  pid: number;
  /** Ends Redis (resuming it first if paused); its data is gone, as in a crash. */
  stop(): Promise<void>;
  /** SIGSTOP: the connections stay open and nothing answers, like a network partition. */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
}

function redisArgs(port: number, dir: string, maxmemory: string): string[] {
  return [
    '--bind',
    HOST,
    '--port',
    String(port),
    '--daemonize',
    'no',
    // A cache: nothing to keep across a restart, so no snapshot and no append-only file.
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    // The handler keeps its tag index in step with expired (x) and evicted (e) keys through
    // keyevent notifications (E); it refuses to start without them.
    '--notify-keyspace-events',
    'Exe',
    '--maxmemory',
    maxmemory,
    // Every cache entry carries a TTL (Next's `expire`) while the tag index (`__sharedTags__`,
    // `__revalidated_tags__`) has none: volatile-lru evicts only entries, never the index that
    // on-demand revalidation needs to find them. allkeys-lru could drop the index.
    '--maxmemory-policy',
    'volatile-lru',
  ];
}

/** True once Redis answers PING with PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

/** Debian's redis-server, installed first when missing and we are root with apt. */
export const REDIS_SERVER: SystemCommand = { command: 'redis-server', aptPackage: 'redis-server' };

export async function startRedis(options: RedisOptions = {}): Promise<RunningRedis> {
  const binary = ensureSystemCommand(REDIS_SERVER);
  const port = options.port ?? (await freePort(HOST));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karta-redis-'));
  recordStart('redis-server');
  const child: ChildProcess = startProcess(
    binary,
    redisArgs(port, dir, options.maxmemory ?? '64mb'),
    {
      stdio: 'pipe',
    },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('Could not spawn redis-server.');

  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 20));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not answer on ${HOST}:${port}:\n${output.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url: `redis://${HOST}:${port}`,
    port,
    pid,
    stop,
    pause: () => freezeServer(pid, 'SIGSTOP'),
    resume: () => freezeServer(pid, 'SIGCONT'),
  };
}
