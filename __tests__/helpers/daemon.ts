// The run's daemon (`npm run watch`, started by the e2e stack) as the tests see it: the lines it
// logs, read from its log file. A test marks where the log stands, acts, then reads what came after.
import { readFileSync, statSync } from 'node:fs';
import { eventually, WAIT_MS } from './eventually';

function logFile(): string {
  const file = process.env.KARTA_DAEMON_LOG;
  if (!file) throw new Error('KARTA_DAEMON_LOG is not set: run e2e tests through Jest.');
  return file;
}

export interface DaemonLog {
  /** The whole lines logged since the mark. */
  lines(): string[];
  /** Resolves with the first line since the mark that matches; throws after `limitMs`. */
  waitFor(pattern: RegExp, limitMs?: number): Promise<string>;
}

/** The daemon's log from now on. */
export function markDaemonLog(): DaemonLog {
  const from = statSync(logFile()).size;
  const lines = () => {
    const text = readFileSync(logFile()).subarray(from).toString('utf8');
    return text.split('\n').slice(0, -1);
  };
  return {
    lines,
    async waitFor(pattern, limitMs = WAIT_MS) {
      try {
        return await eventually(() => lines().find((l) => pattern.test(l)), {
          within: limitMs,
          every: 50,
          what: `the daemon's line ${pattern}`,
        });
      } catch (error) {
        throw new Error(`${(error as Error).message}; since the mark:\n${lines().join('\n')}`);
      }
    },
  };
}
