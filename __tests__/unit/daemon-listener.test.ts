import { keepListening, type Listener, type ListenerOptions } from '@/daemon/listener';

/** One subscription `open` made: what it was handed, and whether it was closed. */
interface Subscription {
  next: (snapshot: string) => void;
  fail: (reason: string) => void;
  closed: boolean;
}

let subscriptions: Subscription[];
let logs: string[];
let snapshots: Array<[string, boolean]>;
let listener: Listener | undefined;

function start(extra: Partial<ListenerOptions<string>> = {}): Listener {
  listener = keepListening<string>({
    open: (next, fail) => {
      const subscription: Subscription = { next, fail, closed: false };
      subscriptions.push(subscription);
      return () => (subscription.closed = true);
    },
    onSnapshot: (snapshot, initial) => snapshots.push([snapshot, initial]),
    log: (line) => logs.push(line),
    name: 'watch',
    ...extra,
  });
  return listener;
}

const last = () => subscriptions[subscriptions.length - 1];
const waits = () => logs.map((line) => Number(/reconnecting in (\d+) ms$/.exec(line)?.[1]));

beforeEach(() => {
  jest.useFakeTimers();
  subscriptions = [];
  logs = [];
  snapshots = [];
});
afterEach(() => {
  listener?.stop();
  listener = undefined;
  jest.useRealTimers();
});

test('subscribes at once, and hands on each snapshot, the first of a subscription as initial', () => {
  start();
  expect(subscriptions).toHaveLength(1);
  last().next('a');
  last().next('b');
  expect(snapshots).toEqual([
    ['a', true],
    ['b', false],
  ]);
});

test('a failure is logged and subscribed again after a wait that doubles up to 30 s', () => {
  start();
  for (let failure = 1; failure <= 8; failure++) {
    last().fail(`listener failed (${failure})`);
    const wait = waits()[failure - 1];
    jest.advanceTimersByTime(wait - 1);
    expect(subscriptions).toHaveLength(failure);
    jest.advanceTimersByTime(1);
    expect(subscriptions).toHaveLength(failure + 1);
  }
  expect(waits()).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  expect(logs[0]).toBe('watch: listener failed (1); reconnecting in 1000 ms');
});

test('a snapshot starts the waits again from 1 s, and the new subscription is initial again', () => {
  start();
  last().fail('down');
  jest.advanceTimersByTime(1000);
  last().fail('down');
  jest.advanceTimersByTime(2000);
  last().next('back');
  last().fail('down again');
  expect(waits()).toEqual([1000, 2000, 1000]);
  jest.advanceTimersByTime(1000);
  last().next('after');
  expect(snapshots).toEqual([
    ['back', true],
    ['after', true],
  ]);
});

test('stop closes the subscription', () => {
  start().stop();
  expect(last().closed).toBe(true);
});

test('stop cancels a subscription still to come', () => {
  start();
  last().fail('down');
  listener?.stop();
  // No timer is left to keep the daemon's process alive.
  expect(jest.getTimerCount()).toBe(0);
  jest.advanceTimersByTime(60_000);
  expect(subscriptions).toHaveLength(1);
});

test('calls from a subscription that failed are ignored', () => {
  start();
  const failed = last();
  failed.fail('down');
  failed.fail('down twice');
  failed.next('late');
  expect(logs).toHaveLength(1);
  expect(snapshots).toEqual([]);
  jest.advanceTimersByTime(1000);
  expect(subscriptions).toHaveLength(2);
});

test('a failure before `open` returns leaves nothing listening, and is retried', () => {
  let first = true;
  start({
    open: (next, fail) => {
      const subscription: Subscription = { next, fail, closed: false };
      subscriptions.push(subscription);
      if (first) {
        first = false;
        fail('refused');
      }
      return () => (subscription.closed = true);
    },
  });
  expect(subscriptions[0].closed).toBe(true);
  jest.advanceTimersByTime(1000);
  expect(subscriptions).toHaveLength(2);
  expect(last().closed).toBe(false);
});

test('relisten replaces the subscription when asked, never while waiting to subscribe again', () => {
  let wanted = false;
  start({ relisten: { everyMs: 400, when: () => wanted } });
  jest.advanceTimersByTime(400);
  expect(subscriptions).toHaveLength(1);
  wanted = true;
  jest.advanceTimersByTime(400);
  expect(subscriptions).toHaveLength(2);
  expect(subscriptions[0].closed).toBe(true);
  subscriptions[0].next('from the old one');
  last().next('fresh');
  expect(snapshots).toEqual([['fresh', true]]);

  // Two relisten ticks fall within the wait: neither subscribes.
  last().fail('down');
  jest.advanceTimersByTime(999);
  expect(subscriptions).toHaveLength(2);
  jest.advanceTimersByTime(1);
  expect(subscriptions).toHaveLength(3);
  expect(logs).toEqual(['watch: down; reconnecting in 1000 ms']);
});

test('stop ends the relistening', () => {
  start({ relisten: { everyMs: 500, when: () => true } });
  listener?.stop();
  expect(jest.getTimerCount()).toBe(0);
  jest.advanceTimersByTime(5000);
  expect(subscriptions).toHaveLength(1);
});

test('a subscription without a first snapshot in time counts as failed: closed, logged, subscribed again', () => {
  start({ firstSnapshotMs: 5000 });
  const stalled = last();
  jest.advanceTimersByTime(4999);
  expect(subscriptions).toHaveLength(1);
  jest.advanceTimersByTime(1);
  expect(stalled.closed).toBe(true);
  expect(logs).toEqual(['watch: no snapshot within 5 s; reconnecting in 1000 ms']);
  stalled.next('too late');
  expect(snapshots).toEqual([]);
  jest.advanceTimersByTime(1000);
  expect(subscriptions).toHaveLength(2);
  // Allowed longer after a failure: 10 s now, not 5.
  jest.advanceTimersByTime(9999);
  expect(subscriptions).toHaveLength(2);
  last().next('arrived');
  jest.advanceTimersByTime(60_000);
  expect(subscriptions).toHaveLength(2);
  expect(snapshots).toEqual([['arrived', true]]);
  expect(logs).toHaveLength(1);
});

test('a replacement that stalls is replaced in turn, so relistening never leaves the daemon deaf', () => {
  // As the card watcher does: only a subscription that holds something is replaced.
  let holding = true;
  start({ firstSnapshotMs: 5000, relisten: { everyMs: 1000, when: () => holding } });
  last().next('first');
  jest.advanceTimersByTime(1000);
  expect(subscriptions).toHaveLength(2);
  holding = false;
  // The replacement never answers: the deadline closes it and a third one is opened.
  jest.advanceTimersByTime(5000);
  expect(subscriptions[1].closed).toBe(true);
  jest.advanceTimersByTime(1000);
  expect(subscriptions).toHaveLength(3);
  last().next('again');
  expect(snapshots).toEqual([
    ['first', true],
    ['again', true],
  ]);
});
