// npm test: the whole suite. Types, lint, format and dead code, side by side with every Jest
// project: unit, emulator (real Firestore) and e2e (a production build on the emulator, real
// Chromium, and the production path with Redis and Varnish). The checks print when they end
// (their output held until then, so it does not break into Jest's); the run fails if any fails.
// Extra arguments go to Jest, e.g. `npm test -- --selectProjects unit`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM } from './lib/chromium';
import { onShutdown, startProcess, stopProcess } from './lib/processes';
import { REDIS_SERVER } from './lib/redis';
import { countStarts, START_LEDGER_VAR } from './lib/start-ledger';
import { ensureCommands, versionOf, type SystemCommand } from './lib/system-packages';
import { VARNISHD } from './lib/varnish';

const bin = (name: string) =>
  require.resolve(`.bin/${name}`, { paths: [process.cwd() + '/node_modules'] });

const CHECKS: Array<[string, string, string[]]> = [
  ['typecheck (tsc --noEmit)', 'tsc', ['--noEmit']],
  ['lint (eslint)', 'eslint', ['.', '--max-warnings', '0']],
  ['import cycles (npm run cycles: madge)', 'npm', ['run', '--silent', 'cycles']],
  ['format (prettier --check)', 'prettier', ['--check', '.']],
  ['unused files, exports and dependencies (knip)', 'knip', []],
];

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs `command` with its output held; prints a line when it ends, and the output if it failed. */
function check(title: string, command: string, args: string[]): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    // Niced: the e2e build and the tests are the longer path, and the checks fill what they leave.
    const child = startProcess('nice', ['-n', '10', command, ...args], { stdio: 'pipe' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      if (code === 0) console.log(`✔ ${title} (${seconds(started)})`);
      else console.log(`✘ ${title} failed (exit ${code}, ${seconds(started)}):\n${output}`);
      resolve(code === 0);
    });
  });
}

async function checks(): Promise<string[]> {
  const failed: string[] = [];
  // One after another: each is busy on its own, and the tests take the other core.
  for (const [title, name, args] of CHECKS) {
    if (!(await check(title, name === 'npm' ? name : bin(name), args))) failed.push(title);
  }
  return failed;
}

async function tests(jestArgs: string[]): Promise<string[]> {
  const started = Date.now();
  console.log('▶ tests (jest)');
  const jest = startProcess(bin('jest'), ['--ci', ...jestArgs]);
  // Ctrl-C or a stop of npm test ends Jest too, which ends what it started.
  onShutdown(() => stopProcess(jest));
  const code = await new Promise<number | null>((resolve) => jest.once('exit', resolve));
  if (code !== 0) return ['tests (jest)'];
  console.log(`✔ tests (jest) (${seconds(started)})`);
  return [];
}

/**
 * User + system CPU of every process this one has reaped (as `/usr/bin/time` counts): Jest, its
 * workers, the checks and the servers they ended.
 */
function reapedCpuSeconds(): number {
  // Fields after the command's closing parenthesis; cutime and cstime are the 14th and 15th.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** What the run cost: the servers and browsers it started, and CPU-seconds. */
function printCost(ledger: string): void {
  const starts = [...countStarts(ledger)].map(([kind, n]) => `${kind} ${n}`).join(', ');
  console.log(`starts: ${starts || 'none'}`);
  console.log(`CPU: ${reapedCpuSeconds().toFixed(0)} s (user + system)`);
}

// Debian's programs the suite runs, installed (as root with apt, the lists refreshed first) before
// anything starts: the Jest workers then never run apt side by side.
const SYSTEM_COMMANDS: SystemCommand[] = [
  CHROMIUM,
  REDIS_SERVER,
  { command: 'redis-cli', aptPackage: 'redis-tools' },
  VARNISHD,
  { command: 'varnishadm', aptPackage: 'varnish' },
  { command: 'openssl', aptPackage: 'openssl' },
  { command: 'unzip', aptPackage: 'unzip' },
  { command: 'java', aptPackage: 'default-jre-headless' },
];

/** Which builds this run tests against: a failure on another machine starts from these. */
function printVersions(found: Map<string, string>): void {
  const version = (command: string, args?: string[]) => versionOf(found.get(command)!, args);
  console.log(`node ${process.version}`);
  console.log(version('chromium'));
  console.log(version('redis-server'));
  console.log(version('varnishd', ['-V']));
  console.log(version('java', ['-version']));
}

async function main(): Promise<void> {
  const started = Date.now();
  const ledgerDir = mkdtempSync(path.join(tmpdir(), 'karta-test-'));
  const ledger = path.join(ledgerDir, 'starts');
  process.env[START_LEDGER_VAR] = ledger;
  const found = ensureCommands(SYSTEM_COMMANDS);
  process.env.CHROMIUM_PATH = found.get(CHROMIUM.command);
  printVersions(found);
  const failed = (await Promise.all([checks(), tests(process.argv.slice(2))])).flat();
  printCost(ledger);
  rmSync(ledgerDir, { recursive: true, force: true });
  if (failed.length > 0) throw new Error(`failed: ${failed.join(', ')}`);
  console.log(`\n✔ npm test (${seconds(started)})`);
}

main().catch((error: Error) => {
  console.error(`\n✘ ${error.message}`);
  process.exit(1);
});
