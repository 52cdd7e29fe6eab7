// What `npm test` reports of its own cost: every server and browser a run starts, one line each,
// appended to the file KARTA_START_LEDGER names (set by tools/test.ts; nothing is written without
// it). Appends of a line are atomic, so Jest's workers and the commands they run share one file.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export type StartKind =
  | 'firestore emulator'
  | 'auth emulator'
  | 'next build'
  | 'next start'
  | 'next dev'
  | 'chromium'
  | 'redis-server'
  | 'varnishd';

export const START_LEDGER_VAR = 'KARTA_START_LEDGER';

export function recordStart(kind: StartKind): void {
  const file = process.env[START_LEDGER_VAR];
  if (file) appendFileSync(file, `${kind}\n`);
}

/** How many of each kind the ledger holds, in the order first started. */
export function countStarts(file: string): Map<string, number> {
  const counts = new Map<string, number>();
  if (!existsSync(file)) return counts;
  for (const kind of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}
