// bench/figures.md as `npm run bench` writes it (bench/lib/figures-file.ts): a run replaces the rows
// of the parts it ran, keeps the others under the note of the run that measured them, and the file
// reads back as it was written.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFigures, writeFigures } from '@/bench/lib/figures-file';
import type { BudgetRow } from '@/bench/lib/budgets';

const weight = (measured: string): BudgetRow => ({
  part: 'Weight',
  budget: 'HTML ≤ 30 KiB',
  measured,
  status: 'PASS',
});
const cdn = (measured: string, status: BudgetRow['status'] = 'PASS'): BudgetRow => ({
  part: 'CDN',
  budget: 'edit → live: p50 ≤ 1,000 ms',
  measured,
  status,
});
const skipped = (row: BudgetRow): BudgetRow => ({ ...row, measured: 'not run', status: 'SKIP' });

test('a run keeps the rows of the parts it skipped, under the run that measured them', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'karta-figures-')), 'figures.md');
  writeFigures([weight('23.3 KiB'), cdn('p50 279 ms | p95 743 ms')], 'run one', file);
  writeFigures([weight('24.0 KiB'), skipped(cdn(''))], 'run two', file);

  const text = readFileSync(file, 'utf8');
  expect(readFigures(text)).toEqual([
    { ...weight('24.0 KiB'), run: 'run two' },
    { ...cdn('p50 279 ms | p95 743 ms'), run: 'run one' },
  ]);
  expect(text).toContain('1. run two\n2. run one\n');

  // Once every row is measured again, the older run's note goes.
  writeFigures([weight('24.1 KiB'), cdn('p50 300 ms', 'MISS')], 'run three', file);
  const again = readFileSync(file, 'utf8');
  expect(readFigures(again).map((row) => row.run)).toEqual(['run three', 'run three']);
  expect(again).not.toContain('run one');
  expect(again).not.toContain('run two');
});

test('a part no run has measured is shown as skipped, with no run', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'karta-figures-')), 'figures.md');
  writeFigures([weight('23.3 KiB'), skipped(cdn(''))], 'run one', file);
  expect(readFigures(readFileSync(file, 'utf8'))).toEqual([
    { ...weight('23.3 KiB'), run: 'run one' },
    { ...skipped(cdn('')), run: '' },
  ]);
});

test('a skipped part keeps every row an earlier run gave it, not only its first', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'karta-figures-')), 'figures.md');
  const second = { ...cdn('p95 743 ms'), budget: 'edit → live: p95 ≤ 2,000 ms' };
  writeFigures([weight('23.3 KiB'), cdn('p50 279 ms'), second], 'run one', file);
  writeFigures([weight('24.0 KiB'), skipped(cdn(''))], 'run two', file);
  expect(readFigures(readFileSync(file, 'utf8'))).toEqual([
    { ...weight('24.0 KiB'), run: 'run two' },
    { ...cdn('p50 279 ms'), run: 'run one' },
    { ...second, run: 'run one' },
  ]);
});
