/**
 * @jest-environment jsdom
 */
// The card's deferred work waits for the load event and then for an idle moment; before load
// nothing runs, whatever the timers do. Nothing is fetched ahead for a visitor who saves data or
// is on 2G, as the browser's navigator.connection says.
import {
  afterLoadWhenIdle,
  IDLE_TIMEOUT_MS,
  NO_IDLE_DELAY_MS,
  savesData,
} from '@/browser/card/after-load';

type IdleCallback = () => void;

/** A window whose load and idle moments the test decides. */
function fakeWindow(readyState: DocumentReadyState, withIdle = true) {
  const loadListeners: Array<() => void> = [];
  const idle: Array<{ callback: IdleCallback; timeout?: number }> = [];
  const win = {
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') loadListeners.push(listener);
    },
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    ...(withIdle && {
      requestIdleCallback: (callback: IdleCallback, options?: { timeout?: number }) => {
        idle.push({ callback, timeout: options?.timeout });
        return idle.length;
      },
    }),
  };
  return {
    win: win as unknown as Window,
    load: () => loadListeners.splice(0).forEach((listener) => listener()),
    idle,
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('before the load event nothing runs; after it, the task waits for an idle moment', () => {
  const task = jest.fn();
  const page = fakeWindow('interactive');
  afterLoadWhenIdle(task, page.win);
  jest.advanceTimersByTime(10_000);
  expect(page.idle).toHaveLength(0);
  expect(task).not.toHaveBeenCalled();

  page.load();
  expect(page.idle).toEqual([{ callback: expect.any(Function), timeout: IDLE_TIMEOUT_MS }]);
  expect(task).not.toHaveBeenCalled();
  page.idle[0].callback();
  expect(task).toHaveBeenCalledTimes(1);
});

test('on a page already loaded, it waits for the next idle moment only', () => {
  const task = jest.fn();
  const page = fakeWindow('complete');
  afterLoadWhenIdle(task, page.win);
  expect(page.idle).toHaveLength(1);
  page.idle[0].callback();
  expect(task).toHaveBeenCalledTimes(1);
});

test('without requestIdleCallback (Safari) it runs a moment after the load event', () => {
  const task = jest.fn();
  const page = fakeWindow('loading', false);
  afterLoadWhenIdle(task, page.win);
  jest.advanceTimersByTime(10_000);
  expect(task).not.toHaveBeenCalled();
  page.load();
  jest.advanceTimersByTime(NO_IDLE_DELAY_MS - 1);
  expect(task).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(task).toHaveBeenCalledTimes(1);
});

describe('savesData: whether the sheet is not to be fetched ahead', () => {
  const connect = (connection: object) =>
    Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
  afterEach(() => {
    delete (navigator as Navigator & { connection?: unknown }).connection;
  });

  test('false without the Network Information API (Safari, Firefox)', () => {
    expect('connection' in navigator).toBe(false);
    expect(savesData()).toBe(false);
  });

  test('true for a visitor who asks to save data, whatever the connection', () => {
    connect({ saveData: true, effectiveType: '4g' });
    expect(savesData()).toBe(true);
  });

  test.each(['slow-2g', '2g'])('true on %s', (effectiveType) => {
    connect({ saveData: false, effectiveType });
    expect(savesData()).toBe(true);
  });

  test.each(['3g', '4g'])('false on %s without Save-Data', (effectiveType) => {
    connect({ saveData: false, effectiveType });
    expect(savesData()).toBe(false);
  });

  test('false when the browser gives no estimate', () => {
    connect({});
    expect(savesData()).toBe(false);
  });
});
