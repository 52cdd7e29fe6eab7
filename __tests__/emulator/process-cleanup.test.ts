// Nothing a test run starts outlives it: a Jest run over the files of fixtures/leaks, each starting
// a server as the stacks do (tools/lib/processes.ts), passing, failing, throwing in its set-up,
// timing out in it, or interrupted by Ctrl-C while its test runs. Each server is found by a marker
// in its command line.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '@/tools/lib/paths';
import { eventually } from '@/__tests__/helpers/eventually';

const CONFIG = path.join(ROOT, '__tests__', 'fixtures', 'leaks', 'jest.config.mjs');
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');

function running(marker: string): string[] {
  try {
    const out = execFileSync('pgrep', ['-af', marker], { encoding: 'utf8' });
    // The servers themselves, not the guardians (bash) that watch them.
    return out
      .trim()
      .split('\n')
      .filter((line) => !/^\d+ \S*bash /.test(line));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** Resolves once no process of the run with this marker is left; else names those left. */
function noneLeft(marker: string): Promise<true> {
  return eventually(
    () => {
      expect(running(marker)).toEqual([]);
      return true as const;
    },
    { what: 'no process of the run' },
  );
}

function fixtureRun(files: string[], marker: string, report: string) {
  const child = spawn(
    process.execPath,
    [
      JEST,
      '--config',
      CONFIG,
      '--runInBand',
      '--ci',
      '--forceExit',
      ...files.map((f) => `${f}.fixture.ts`),
    ],
    {
      cwd: ROOT,
      // Its own process group, as a terminal's foreground job is, for the Ctrl-C below.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LEAK_MARKER: marker, LEAK_REPORT: report },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

let marker = '';
let report = '';
beforeEach(() => {
  marker = `karta-leak-${process.pid}-${Date.now().toString(36)}`;
  report = path.join(mkdtempSync(path.join(os.tmpdir(), 'karta-leaks-')), 'alive.json');
});

afterEach(() => {
  // Whatever a failed check left, so that it does not outlive this test either.
  for (const line of running(marker)) process.kill(Number(line.split(' ')[0]), 'SIGKILL');
});

test('a file that passes, one that fails, one whose set-up throws and one whose set-up times out: each file’s servers end with the file, the run’s with the run', async () => {
  const run = fixtureRun(['passes', 'fails', 'throws', 'times-out'], marker, report);
  const code = await run.exited;
  // Three of the four files fail, as they are written to.
  expect([code, run.output()]).toEqual([1, expect.stringContaining('Tests:')]);
  // Read in the run's last moment, its files all done: only the global set-up's server was left.
  expect(JSON.parse(readFileSync(report, 'utf8'))).toEqual(['global']);
  // And that one ends once the run has.
  await noneLeft(marker);
});

test('Ctrl-C while a test runs: nothing of the run is left, not even a server that ignores SIGTERM', async () => {
  const run = fixtureRun(['waits'], marker, report);
  const both = () =>
    running(`${marker}-waits`).length === 1 && running(`${marker}-global`).length === 1;
  await eventually(both, { what: "the file's and the run's servers" });
  // A terminal's Ctrl-C: SIGINT to the foreground process group.
  process.kill(-(run.child.pid as number), 'SIGINT');
  await run.exited;
  // Its server ignores SIGTERM: its guardian kills it 5 s later.
  await noneLeft(marker);
});
