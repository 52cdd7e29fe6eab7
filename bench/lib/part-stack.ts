// The production path (tools/lib/scale-stack.ts) as a part of the bench starts it for itself.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { startScaleStack, type ScaleStack } from '../../tools/lib/scale-stack';
import type { BuiltPartOptions } from './part-options';

/** Starts the stack, its log in the run's folder as `logName`; it stops with the run's clean-ups. */
export async function startPartStack(
  options: BuiltPartOptions,
  logName: string,
): Promise<ScaleStack> {
  const log = createWriteStream(path.join(options.runDir, logName));
  const stack = await startScaleStack({
    env: options.env,
    builtDistDir: options.builtDistDir,
    log: (line) => log.write(`${line}\n`),
    logDir: options.runDir,
  });
  options.addCleanup(() => stack.stop());
  return stack;
}
