// Small statistics and formatting helpers for the benchmark's figures.
import { markdownTable } from 'markdown-table';

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of the values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** A figure rounded to a whole number, its thousands separated: 12,345. */
export const whole = (value: number) => Math.round(value).toLocaleString('en');

export function kib(bytes: number, digits = 1): string {
  return `${(bytes / 1024).toFixed(digits)} KiB`;
}

export function ms(value: number, digits = 0): string {
  return Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
}

export function fixed(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/** CLS as reported and as judged: 3 decimals. */
export const clsText = (cls: number) => fixed(cls, 3);

/** High-resolution wall-clock time in ms, comparable with a browser's timeOrigin + now(). */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** A Markdown table, for the console and the docs alike. */
export function table(headers: string[], rows: string[][]): string {
  // markdown-table leaves pipes as they are; an error message may hold one.
  const cells = rows.map((row) => row.map((cell) => cell.replace(/\|/g, '\\|')));
  return markdownTable([headers, ...cells]);
}
