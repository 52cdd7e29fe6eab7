// Debian's Varnish on a loopback port in front of one or more karta origins: the local stand-in
// for the CDN (tests, and the demos that balance origins). The VCL is tools/varnish/karta.vcl
// with its generated sections filled from the origin list.
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './emulator';
import { ROOT } from './paths';
import { startProcess, stopProcess } from './processes';
import { recordStart } from './start-ledger';
import { ensureCommand, ensureSystemCommand, which, type SystemCommand } from './system-packages';

const HOST = '127.0.0.1';
const VCL_TEMPLATE = path.join(ROOT, 'tools', 'varnish', 'karta.vcl');
const START_TIMEOUT_MS = 30_000;

export interface VarnishOptions {
  /** The origins, as host:port; requests are spread round-robin over the healthy ones. */
  backends: string[];
  /** Cache memory (varnishd -s malloc,SIZE). */
  memory?: string;
}

export interface BackendHealth {
  backend: string;
  healthy: boolean;
}

export interface RunningVarnish {
  /** http://127.0.0.1:PORT, where visitors' requests go. */
  url: string;
  /** Where purges go (VARNISH_PURGE_URL); the VCL accepts them from loopback only. */
  purgeUrl: string;
  /** The manager process (varnishd -P writes it to the work dir too). */
  pid: number;
  /** Each origin as the health probes see it now. */
  backendHealth(): Promise<BackendHealth[]>;
  /** Stops varnishd (manager and cache child) and removes its work dir. */
  stop(): Promise<void>;
}

/** varnishd lives in /usr/sbin, which is not on every user's PATH. */
function findVarnishd(): string | undefined {
  return which('varnishd') ?? (existsSync('/usr/sbin/varnishd') ? '/usr/sbin/varnishd' : undefined);
}

/** Debian's varnishd, installed first when missing and we are root with apt. */
export const VARNISHD: SystemCommand = {
  command: 'varnishd',
  aptPackage: 'varnish',
  find: findVarnishd,
};

function hostPort(backend: string): { host: string; port: string } {
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(backend);
  if (!match) throw new Error(`Varnish backend must be host:port, got "${backend}".`);
  return { host: match[1], port: match[2] };
}

function replaceSection(vcl: string, name: string, body: string): string {
  const pattern = new RegExp(`(# BEGIN ${name}\\n)[\\s\\S]*?(\\s*# END ${name})`);
  if (!pattern.test(vcl)) throw new Error(`${VCL_TEMPLATE} lacks its "${name}" section.`);
  return vcl.replace(pattern, (_all, begin: string, end: string) => `${begin}${body}${end}`);
}

/** karta.vcl with one backend per origin, each added to the round-robin director. */
function varnishVcl(backends: string[]): string {
  if (backends.length === 0) throw new Error('Varnish needs at least one backend.');
  const definitions = backends.map((backend, i) => {
    const { host, port } = hostPort(backend);
    return [
      `backend origin_${i} {`,
      `    .host = "${host}";`,
      `    .port = "${port}";`,
      `    .probe = origin_health;`,
      `    .connect_timeout = 2s;`,
      `}`,
    ].join('\n');
  });
  const additions = backends.map((_, i) => `    origins.add_backend(origin_${i});`);
  const template = readFileSync(VCL_TEMPLATE, 'utf8');
  return replaceSection(
    replaceSection(template, 'generated backends', definitions.join('\n')),
    'generated directors',
    additions.join('\n'),
  );
}

/** Resolves when varnishd accepts connections; rejects with its output if it exits first. */
function ready(child: ChildProcess, url: string, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      reject(new Error(`${message}\n${output()}`));
    };
    child.once('error', (error) => fail(`varnishd could not start: ${error.message}`));
    child.once('exit', (code, signal) => fail(`varnishd exited (${signal ?? `exit ${code}`}).`));
    const attempt = async () => {
      if (settled) return;
      try {
        // Any answer will do (a 503 while the origins warm up included): the listener is up.
        // PURGE is answered by the VCL itself (nothing is cached yet), so no origin is asked.
        const res = await fetch(url, { method: 'PURGE', signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        settled = true;
        resolve();
      } catch {
        if (Date.now() > deadline) return fail(`varnishd did not answer on ${url} in time.`);
        setTimeout(attempt, 100);
      }
    };
    void attempt();
  });
}

const execFileAsync = promisify(execFile);

/** Parses `varnishadm backend.list`: `<vcl>.origin_N  <admin>  <probe>  healthy|sick  …`. */
function parseBackendList(text: string, backends: string[]): BackendHealth[] {
  return backends.map((backend, i) => {
    const line = text.split('\n').find((l) => new RegExp(`^\\S*\\.origin_${i}\\s`).test(l));
    return { backend, healthy: line !== undefined && /\shealthy\s/.test(`${line} `) };
  });
}

/**
 * Starts Debian's varnishd in the foreground (its own process group, so stopping it ends the
 * cache child too, and it dies with us) on a free loopback port, with a work dir and pid file
 * under the system temp dir.
 */
export async function startVarnish(options: VarnishOptions): Promise<RunningVarnish> {
  const varnishd = ensureSystemCommand(VARNISHD);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'karta-varnish-'));
  // Started as root, varnishd reads the VCL as its unprivileged jail user: let it in.
  chmodSync(workDir, 0o755);
  const vclFile = path.join(workDir, 'karta.vcl');
  writeFileSync(vclFile, varnishVcl(options.backends));
  const port = await freePort(HOST);
  const url = `http://${HOST}:${port}`;
  recordStart('varnishd');
  const child = startProcess(
    varnishd,
    [
      '-F',
      '-a',
      `${HOST}:${port}`,
      // The management port, for varnishadm; loopback, on a port the kernel picks.
      '-T',
      `${HOST}:0`,
      '-f',
      vclFile,
      '-n',
      workDir,
      '-P',
      path.join(workDir, 'varnishd.pid'),
      '-s',
      `malloc,${options.memory ?? '64m'}`,
    ],
    { stdio: 'pipe' },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    await stopProcess(child);
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await ready(child, url, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    purgeUrl: `${url}/`,
    pid: child.pid ?? 0,
    async backendHealth() {
      const varnishadm = ensureCommand('varnishadm', 'varnish');
      const { stdout } = await execFileAsync(varnishadm, ['-n', workDir, 'backend.list'], {
        timeout: 10_000,
      });
      return parseBackendList(stdout, options.backends);
    },
    stop,
  };
}
