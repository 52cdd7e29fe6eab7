// The one way a test waits (__tests__/helpers/eventually.ts), on fake timers so no test here
// depends on the machine's speed.
import { ceiling, eventually } from '@/__tests__/helpers/eventually';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('resolves with the first value that holds, after the checks that did not', async () => {
  let calls = 0;
  const held = eventually(() => (++calls < 3 ? undefined : `held after ${calls}`), { every: 10 });
  await jest.advanceTimersByTimeAsync(20);
  await expect(held).resolves.toBe('held after 3');
});

test('a check that throws is tried again until it passes', async () => {
  let calls = 0;
  const held = eventually(
    () => {
      calls += 1;
      expect(calls).toBe(2);
      return true;
    },
    { every: 10 },
  );
  await jest.advanceTimersByTimeAsync(10);
  await expect(held).resolves.toBe(true);
});

test('gives up after its ceiling with the last error and what was awaited', async () => {
  const given = eventually(
    () => {
      throw new Error('no document');
    },
    { within: 1000, every: 100, what: 'the flush' },
  );
  const failed = expect(given).rejects.toThrow(
    /^the flush did not hold within 1000 ms: no document$/,
  );
  await jest.advanceTimersByTimeAsync(1100);
  await failed;
});

test('gives up with the last value when no check threw', async () => {
  const given = eventually(() => false, { within: 300, what: 'HIT' });
  const failed = expect(given).rejects.toThrow('HIT did not hold within 300 ms (last: false)');
  await jest.advanceTimersByTimeAsync(400);
  await failed;
});

test('TEST_SLOWDOWN scales every ceiling', () => {
  const env = process.env.TEST_SLOWDOWN;
  try {
    process.env.TEST_SLOWDOWN = '3';
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('@/__tests__/helpers/eventually')>(
        '@/__tests__/helpers/eventually',
      );
      expect(fresh.ceiling(1000)).toBe(3000);
    });
    process.env.TEST_SLOWDOWN = 'slow';
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('@/__tests__/helpers/eventually')>(
        '@/__tests__/helpers/eventually',
      );
      expect(fresh.ceiling(1000)).toBe(1000);
    });
  } finally {
    if (env === undefined) delete process.env.TEST_SLOWDOWN;
    else process.env.TEST_SLOWDOWN = env;
  }
  expect(ceiling(1000)).toBe(1000);
});
