// bench/figures.md: the one place measured figures live, which the docs link to. Each run writes
// the rows of the parts it ran, with a note of where and how it ran, and keeps the rows of the
// parts it did not run (`--only`) as an earlier run measured them, under that run's note. The
// table is written here, unpadded, rather than with stats.ts's markdown-table: the file is read
// back by the next run, so its writer and reader keep one format in one place.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../tools/lib/paths';
import type { BudgetRow, Status } from './budgets';

export const FIGURES_FILE = path.join(ROOT, 'bench', 'figures.md');

const HEADERS = ['Part', 'Budget', 'Measured', 'Result', 'Run'];
const RUNS_HEADING = '## Runs';

interface Recorded extends BudgetRow {
  /** The note of the run the row comes from; '' for a row no run has measured. */
  run: string;
}

const keyOf = (row: BudgetRow) => `${row.part}\u0000${row.budget}`;

const rowOf = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;

/** A table row's cells, its escaped pipes read back as pipes. */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** The rows the file holds, each with its run's note. */
export function readFigures(text: string): Recorded[] {
  const [body, runsPart = ''] = text.split(RUNS_HEADING);
  const notes = new Map<string, string>();
  for (const match of runsPart.matchAll(/^(\d+)\. (.+)$/gm)) notes.set(match[1], match[2]);
  return body
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map(cellsOf)
    .filter((cells) => cells.length === HEADERS.length)
    .map(([part, budget, measured, status, run]) => ({
      part,
      budget,
      measured,
      status: status as Status,
      run: notes.get(run) ?? '',
    }));
}

/**
 * This run's rows where it measured them, the file's earlier ones where it skipped a part: every
 * earlier row of that part, as a skipped part has one row where a run of it has several.
 */
export function mergeFigures(earlier: Recorded[], rows: BudgetRow[], note: string): Recorded[] {
  const measured = new Set(rows.filter((row) => row.status !== 'SKIP').map(keyOf));
  const kept = new Set<string>();
  return rows.flatMap((row): Recorded[] => {
    if (row.status !== 'SKIP') return [{ ...row, run: note }];
    if (kept.has(row.part)) return [];
    kept.add(row.part);
    const before = earlier.filter((e) => e.part === row.part && !measured.has(keyOf(e)));
    return before.length > 0 ? before : [{ ...row, run: '' }];
  });
}

export function renderFigures(rows: Recorded[]): string {
  const notes = [...new Set(rows.map((row) => row.run).filter(Boolean))];
  const number = (note: string) => (note ? String(notes.indexOf(note) + 1) : '');
  return [
    '# Figures of `npm run bench`',
    '',
    'Written by `npm run bench` (`bench/lib/figures-file.ts`): a run replaces the rows of the parts',
    'it ran and keeps the others. Budgets: `bench/lib/budgets.ts` and each part’s file.',
    '',
    rowOf(HEADERS),
    rowOf(HEADERS.map(() => '---')),
    ...rows.map((row) => rowOf([row.part, row.budget, row.measured, row.status, number(row.run)])),
    '',
    RUNS_HEADING,
    '',
    ...notes.map((note, i) => `${i + 1}. ${note}`),
    '',
  ].join('\n');
}

/** Writes this run's rows into the figures file, keeping what it did not measure. */
export function writeFigures(rows: BudgetRow[], note: string, file = FIGURES_FILE): void {
  const earlier = existsSync(file) ? readFigures(readFileSync(file, 'utf8')) : [];
  writeFileSync(file, renderFigures(mergeFigures(earlier, rows, note)));
}
