// npm test: the whole suite. Types, lint and dead code first (fast), then every Jest project: unit,
// emulator (real Firestore) and e2e (a production build on the emulator, real Chromium, and the
// production path with Redis and Varnish).
// Extra arguments go to Jest, e.g. `npm test -- --selectProjects unit`.
import { ensureChromium } from './lib/chromium';
import { runProcess } from './lib/processes';
import { ensureRedisServer } from './lib/redis';
import { ensureVarnishd } from './lib/varnish';

async function step(title: string, command: string, args: string[]): Promise<void> {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  await runProcess(command, args);
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function main(): Promise<void> {
  const jestArgs = process.argv.slice(2);
  const chromium = ensureChromium();
  process.env.CHROMIUM_PATH = chromium;
  // Debian's servers the e2e tests start, installed (as root with apt) before anything runs.
  ensureRedisServer();
  ensureVarnishd();
  const bin = (name: string) =>
    require.resolve(`.bin/${name}`, { paths: [process.cwd() + '/node_modules'] });
  await step('typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit']);
  await step('lint (eslint)', bin('eslint'), ['.', '--max-warnings', '0']);
  await step('format (prettier --check)', bin('prettier'), ['--check', '.']);
  await step('unused files, exports and dependencies (knip)', bin('knip'), []);
  await step('tests (jest)', bin('jest'), ['--ci', ...jestArgs]);
}

main().catch((error: Error) => {
  console.error(`\n✘ ${error.message}`);
  process.exit(1);
});
