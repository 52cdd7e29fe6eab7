// Small statistics and formatting helpers for the benchmark's figures.

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

export function kib(bytes: number, digits = 1): string {
  return `${(bytes / 1024).toFixed(digits)} KiB`;
}

export function ms(value: number, digits = 0): string {
  return Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
}

export function fixed(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

export function sleep(msec: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, msec));
}

/** High-resolution wall-clock time in ms, comparable with a browser's timeOrigin + now(). */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** The promise's value, or a rejection with `message` after `msec` (the timer is cleared). */
export async function withTimeout<T>(
  promise: Promise<T>,
  msec: number,
  message: string,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), msec);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
