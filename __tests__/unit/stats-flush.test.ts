// The memory store and the flusher, with Firestore's write replaced by a recorder: the batching
// (one write per card-day per flush, whatever the number of beacons), what a failed write puts
// back, and the stop. The real writes are in __tests__/emulator/stats-flush.test.ts.
import { counterField, tallyOfFields, type CardDayCounts } from '@/server/stats/counts';
import { Flusher } from '@/server/stats/flusher';
import { MAX_PENDING_CARD_DAYS, MemoryCounterStore } from '@/server/stats/memory-store';
import type { WriteOutcome } from '@/server/stats/writer';

const DAY = '2025-07-14';

/** Stands in for writeCounts: records each call; fails while `failing` is set. */
function recorder() {
  const calls: CardDayCounts[][] = [];
  const state = { failing: false };
  const write = async (counts: readonly CardDayCounts[]): Promise<WriteOutcome> => {
    calls.push(counts.map((c) => ({ ...c, counts: { ...c.counts } })));
    if (state.failing) {
      return { writes: 0, dropped: 0, unwritten: [...counts], error: new Error('UNAVAILABLE') };
    }
    return { writes: counts.length, dropped: 0, unwritten: [] };
  };
  return { calls, state, write };
}

const sorted = (counts: CardDayCounts[]) =>
  [...counts].sort((a, b) => `${a.day}/${a.username}`.localeCompare(`${b.day}/${b.username}`));

let logs: string[];
let flushers: Flusher[];
beforeEach(() => {
  logs = [];
  flushers = [];
});
afterEach(async () => {
  for (const flusher of flushers) await flusher.stop();
});

function setUp(intervalMs = 60_000, maxCardDays?: number) {
  const store = new MemoryCounterStore({ maxCardDays, log: (line) => logs.push(line) });
  const { calls, state, write } = recorder();
  const flusher = new Flusher({ store, write, intervalMs, log: (line) => logs.push(line) });
  flushers.push(flusher);
  return { store, calls, state, flusher };
}

test('the memory store sums by card-day and counter, and a take empties it', async () => {
  const { store } = setUp();
  await store.add('maria', DAY, ['views', 'qrViews']);
  await store.add('maria', DAY, ['views']);
  await store.add('maria', '2025-07-15', ['saves']);
  await store.add('nikos', DAY, ['views']);
  const taken = await store.take();
  expect(sorted(taken!.counts)).toEqual([
    { username: 'maria', day: DAY, counts: { views: 2, qrViews: 1 } },
    { username: 'nikos', day: DAY, counts: { views: 1 } },
    { username: 'maria', day: '2025-07-15', counts: { saves: 1 } },
  ]);
  expect(await store.take()).toBeNull();
});

test('a thousand beacons for two cards: one flush, one write per card-day', async () => {
  const { store, calls, flusher } = setUp();
  for (let i = 0; i < 1000; i++) await store.add(i % 2 ? 'maria' : 'nikos', DAY, ['views']);
  const report = await flusher.flush();
  expect(report).toEqual({ taken: 2, writes: 2, dropped: 0, unwritten: 0 });
  expect(calls).toHaveLength(1);
  expect(sorted(calls[0])).toEqual([
    { username: 'maria', day: DAY, counts: { views: 500 } },
    { username: 'nikos', day: DAY, counts: { views: 500 } },
  ]);
  // Nothing new: nothing written.
  await flusher.flush();
  expect(calls).toHaveLength(1);
  expect(flusher.totals).toEqual({ flushes: 1, writes: 2 });
});

test('a failed write puts its counts back, logs one line, and the next flush writes the sum', async () => {
  const { store, calls, state, flusher } = setUp();
  for (let i = 0; i < 3; i++) await store.add('maria', DAY, ['views']);
  state.failing = true;
  await flusher.flush();
  await store.add('maria', DAY, ['views']);
  await flusher.flush();
  expect(logs).toEqual([
    'Stats: a flush failed (UNAVAILABLE); its counts wait for the next one.',
    'Stats: a flush failed (UNAVAILABLE); its counts wait for the next one.',
  ]);
  state.failing = false;
  await store.add('maria', DAY, ['saves']);
  await flusher.flush();
  expect(calls.at(-1)).toEqual([{ username: 'maria', day: DAY, counts: { views: 4, saves: 1 } }]);
  expect(logs.at(-1)).toBe('Stats: flushing again; the counts kept meanwhile are written.');
  expect(await store.take()).toBeNull();
});

describe('the memory store is bounded while the flushes fail', () => {
  const FAILED = 'Stats: a flush failed (UNAVAILABLE); its counts wait for the next one.';

  test('past its card-days, a new one is dropped; those it holds still add up; one line says how many, once written again', async () => {
    const { store, calls, state, flusher } = setUp(60_000, 3);
    state.failing = true;
    await store.add('a', DAY, ['views']);
    await store.add('b', DAY, ['views']);
    await flusher.flush();
    // The two taken ones went back, and room was kept for them meanwhile: one more fits.
    await store.add('c', DAY, ['views', 'qrViews']);
    await store.add('d', DAY, ['views', 'qrViews']);
    await flusher.flush();
    await store.add('e', DAY, ['saves']);
    await store.add('a', DAY, ['views']);
    await store.add('e', '2025-07-15', ['views']);
    await flusher.flush();
    expect(logs).toEqual([FAILED, FAILED, FAILED]);

    state.failing = false;
    await flusher.flush();
    expect(sorted(calls.at(-1)!)).toEqual([
      { username: 'a', day: DAY, counts: { views: 2 } },
      { username: 'b', day: DAY, counts: { views: 1 } },
      { username: 'c', day: DAY, counts: { views: 1, qrViews: 1 } },
    ]);
    expect(logs.slice(3)).toEqual([
      'Stats: 4 counts were dropped while the flushes failed: the memory store holds at most 3 ' +
        'card-days (MAX_PENDING_CARD_DAYS).',
      'Stats: flushing again; the counts kept meanwhile are written.',
    ]);
    // Emptied, it takes new card-days again, and the next outage has a line of its own.
    await store.add('d', DAY, ['views']);
    await flusher.flush();
    expect(calls.at(-1)).toEqual([{ username: 'd', day: DAY, counts: { views: 1 } }]);
    expect(logs).toHaveLength(5);
  });

  test('new card-days during a failing write never take the room of those it puts back', async () => {
    const { store, calls, state, flusher } = setUp(60_000, 2);
    await store.add('a', DAY, ['views']);
    state.failing = true;
    const running = flusher.flush();
    // "a" is taken and may come back: room is kept for it, so one new card-day fits, not two.
    await store.add('b', DAY, ['views']);
    await store.add('c', DAY, ['views']);
    await running;
    state.failing = false;
    await flusher.flush();
    expect(sorted(calls.at(-1)!)).toEqual([
      { username: 'a', day: DAY, counts: { views: 1 } },
      { username: 'b', day: DAY, counts: { views: 1 } },
    ]);
    expect(logs).toContain(
      'Stats: 1 counts were dropped while the flushes failed: the memory store holds at most 2 ' +
        'card-days (MAX_PENDING_CARD_DAYS).',
    );
  });

  test('by default it holds MAX_PENDING_CARD_DAYS', async () => {
    const store = new MemoryCounterStore({ log: (line) => logs.push(line) });
    for (let i = 0; i <= MAX_PENDING_CARD_DAYS; i++) await store.add(`card-${i}`, DAY, ['views']);
    const taken = await store.take();
    expect(taken!.counts).toHaveLength(MAX_PENDING_CARD_DAYS);
    await taken!.settle([]);
    expect(logs).toEqual([
      `Stats: 1 counts were dropped while the flushes failed: the memory store holds at most ${MAX_PENDING_CARD_DAYS} card-days (MAX_PENDING_CARD_DAYS).`,
    ]);
  });
});

test('on its timer: at most one write per card-day per interval', async () => {
  const { store, calls, flusher } = setUp(50);
  flusher.start();
  await store.add('maria', DAY, ['views']);
  await store.add('maria', DAY, ['views']);
  await flusher.whenFlushed();
  expect(calls).toEqual([[{ username: 'maria', day: DAY, counts: { views: 2 } }]]);
});

test('two flushes asked at once are one', async () => {
  const { store, calls, flusher } = setUp();
  await store.add('maria', DAY, ['views']);
  const [a, b] = await Promise.all([flusher.flush(), flusher.flush()]);
  expect(a).toBe(b);
  expect(calls).toHaveLength(1);
});

test('stop writes what is left, including what came in during a running flush', async () => {
  const { store, calls, flusher } = setUp();
  await store.add('maria', DAY, ['views']);
  const running = flusher.flush();
  await store.add('maria', DAY, ['shares']);
  const waited = flusher.whenFlushed();
  await flusher.stop();
  await running;
  await waited;
  expect(calls).toEqual([
    [{ username: 'maria', day: DAY, counts: { views: 1 } }],
    [{ username: 'maria', day: DAY, counts: { shares: 1 } }],
  ]);
});

test("Redis's fields read back as counts; a field of another shape is skipped", () => {
  const tally = tallyOfFields({
    [counterField('maria', DAY, 'views')]: '12',
    [counterField('maria', DAY, 'qrViews')]: '3',
    [counterField('maria', DAY, 'enViews')]: '4',
    [counterField('μαρία', DAY, 'saves')]: '1',
    [`${DAY}/maria/clicks`]: '5',
    [`${DAY}/maria`]: '5',
    [`${DAY}/maria/views/x`]: '5',
    [counterField('nikos', DAY, 'views')]: 'many',
    [counterField('eleni', DAY, 'views')]: '0',
  });
  expect(sorted(tally.list())).toEqual([
    { username: 'maria', day: DAY, counts: { views: 12, qrViews: 3, enViews: 4 } },
    { username: 'μαρία', day: DAY, counts: { saves: 1 } },
  ]);
});
