import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchStack } from './stack';
import { onShutdown } from '../processes';

const cleanups: Array<() => Promise<void>> = [];
onShutdown(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});
void (async () => {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'karta-serve-'));
  const stack = await startBenchStack(runDir, (c) => void cleanups.push(c));
  writeFileSync(
    '/tmp/karta-serve.json',
    JSON.stringify({ baseUrl: stack.baseUrl, emulator: stack.emulatorHostPort, runDir }),
  );
  console.log('READY', stack.baseUrl);
})();
