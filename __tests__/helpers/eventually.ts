// The one way a test waits: it polls a condition until it holds, never sleeps for a set time, and
// gives up only after a ceiling generous enough for a loaded machine. TEST_SLOWDOWN (a number,
// default 1) multiplies every ceiling on a machine slower than these 2-core ones.

const slowdown = Number(process.env.TEST_SLOWDOWN);

/** A ceiling of `ms` on this machine. */
export function ceiling(ms: number): number {
  return Number.isFinite(slowdown) && slowdown > 0 ? ms * slowdown : ms;
}

/**
 * The least ceiling of a wait for something to happen (a mail, a write, a page's new content).
 * Beside a CPU-bound process on two cores, waits of 20–30 s ran out while the thing was still on
 * its way: what such a wait guards is that it happens, not how fast (a figure is `npm run bench`'s).
 */
export const WAIT_MS = 60_000;

/** Jest's limit for one test or hook of the emulator and e2e projects: several waits fit in it. */
export const TEST_MS = 3 * WAIT_MS;

type Held<T> = Exclude<T, false | null | undefined>;

export interface EventuallyOptions {
  /** The ceiling before TEST_SLOWDOWN; WAIT_MS by default. */
  within?: number;
  /** The pause between two checks; 100 ms by default. */
  every?: number;
  /** What is awaited, for the error. */
  what?: string;
}

/**
 * Resolves with the first value of `check` that is not false, null or undefined. A check that
 * throws (an `expect` not met yet) is tried again, and its last error is what the test reports if
 * the ceiling passes first.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { within = WAIT_MS, every = 100, what = 'the condition' }: EventuallyOptions = {},
): Promise<Held<T>> {
  const limit = ceiling(within);
  const end = Date.now() + limit;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== false && value !== null && value !== undefined) return value as Held<T>;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= end) {
      if (last instanceof Error) {
        last.message = `${what} did not hold within ${limit} ms: ${last.message}`;
        throw last;
      }
      throw new Error(`${what} did not hold within ${limit} ms (last: ${String(last)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
