// redis-cli on a test's own Redis: what a test reads or clears there beside the product's client.
import { execFileSync } from 'node:child_process';
import { ensureCommand } from '@/tools/lib/system-packages';
import { ceiling, WAIT_MS } from './eventually';

/** redis-cli's answer to `args` from the Redis at `url`, trimmed. */
export function redisCliAt(url: string, ...args: string[]): string {
  const cli = ensureCommand('redis-cli', 'redis-tools');
  return execFileSync(cli, ['-u', url, ...args], {
    encoding: 'utf8',
    timeout: ceiling(WAIT_MS),
  }).trim();
}
