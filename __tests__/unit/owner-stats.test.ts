import { athensDay } from '@/lib/stats/day';
import { STATS_COUNTERS } from '@/lib/stats/events';
import {
  countOf,
  lastDays,
  STATS_DAYS,
  statsDays,
  summariseStats,
  type StatsDoc,
} from '@/browser/owner/stats-summary';

const day = (id: string, data: Record<string, unknown>): StatsDoc => ({ id, data });

describe('the days shown', () => {
  test('30 consecutive calendar days ending today, oldest first, across months and years', () => {
    const days = lastDays('2026-01-05');
    expect(days).toHaveLength(STATS_DAYS);
    expect(days[0]).toBe('2025-12-07');
    expect(days.slice(-6)).toEqual([
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
    ]);
    expect(lastDays('2028-03-01', 2)).toEqual(['2028-02-29', '2028-03-01']);
  });

  // The last Sunday of March (23 hours in Athens) and of October (25 hours).
  test.each([
    // 00:30 on the Monday after the spring change, Athens time (UTC+3 by then): 24 hours earlier
    // is 23:30 on Saturday, so stepping back by instants would skip the Sunday.
    ['2025-03-31T00:30:00+03:00', '2025-03-31', '2025-03-30', '2025-03-29'],
    // 23:30 on the Sunday of the autumn change (UTC+2 by then): 24 hours earlier is 00:30 on the
    // same Sunday (UTC+3), so stepping back by instants would repeat it and skip Saturday.
    ['2025-10-26T23:30:00+02:00', '2025-10-26', '2025-10-25', '2025-10-24'],
  ])('at %s the last days are %s, %s, %s', (instant, today, yesterday, before) => {
    const now = new Date(instant);
    expect(athensDay(now)).toBe(today);
    const days = lastDays(athensDay(now));
    expect(days.slice(-3)).toEqual([before, yesterday, today]);
    expect(new Set(days).size).toBe(STATS_DAYS);
  });

  test('a change of clocks day is counted like any other', () => {
    const summary = summariseStats(
      [
        day('2025-03-30', { views: 4 }),
        day('2025-10-26', { views: 5 }),
        day('2025-10-25', { views: 1 }),
      ],
      '2025-10-27',
    );
    expect(summary.totals.views).toEqual({ today: 0, week: 6, month: 6 });
    expect(summary.dailyViews.slice(-3)).toEqual([1, 5, 0]);
    expect(
      summariseStats([day('2025-03-30', { views: 4 })], '2025-03-31').dailyViews.slice(-2),
    ).toEqual([4, 0]);
  });

  test('the days asked for start 29 days back, or at the claim when that is later', () => {
    const month = statsDays('2026-01-05', '1970-01-01');
    expect(month).toHaveLength(30);
    expect([month[0], month[29]]).toEqual(['2025-12-07', '2026-01-05']);
    expect(statsDays('2026-01-05', '2026-01-02')).toEqual([
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
    ]);
    expect(statsDays('2026-01-05', '2026-01-05')).toEqual(['2026-01-05']);
  });
});

describe('counting', () => {
  test.each([
    [3, 3],
    [0, 0],
    [undefined, 0],
    [null, 0],
    [-2, 0],
    [1.5, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    ['7', 0],
    [{ integerValue: '7' }, 0],
    [2 ** 53, 0],
  ])('%p counts as %p', (value, expected) => {
    expect(countOf(value)).toBe(expected);
  });

  test('today, 7 and 30 days; missing days and fields are 0, malformed values too', () => {
    const summary = summariseStats(
      [
        day('2026-04-20', { views: 2, saves: 1 }), // today
        day('2026-04-19', { views: 3, saves: 'many' }),
        day('2026-04-14', { views: 5, exchanges: 1 }), // 7th day back: in the week
        day('2026-04-13', { views: 7 }), // 8th: only in the month
        day('2026-03-22', { views: 11 }), // the 30th day back: in the month
        day('2026-03-21', { views: 100 }), // before the 30 days
        day('2026-04-21', { views: 100 }), // tomorrow: not shown
        day('not-a-day', { views: 100 }),
        day('2026-04-18', { views: -4, shares: 2.5, qrShows: 1 }),
      ],
      '2026-04-20',
    );
    expect(summary.days[0]).toBe('2026-03-22');
    expect(summary.totals.views).toEqual({ today: 2, week: 10, month: 28 });
    expect(summary.totals.saves).toEqual({ today: 1, week: 1, month: 1 });
    expect(summary.totals.exchanges).toEqual({ today: 0, week: 1, month: 1 });
    expect(summary.totals.shares).toEqual({ today: 0, week: 0, month: 0 });
    expect(summary.totals.qrShows).toEqual({ today: 0, week: 1, month: 1 });
    expect(summary.totals.instagramTaps).toEqual({ today: 0, week: 0, month: 0 });
    expect(Object.keys(summary.totals).sort()).toEqual([...STATS_COUNTERS].sort());
    expect(summary.dailyViews).toHaveLength(STATS_DAYS);
    expect(summary.dailyViews[0]).toBe(11);
    expect(summary.dailyViews.slice(-8)).toEqual([7, 5, 0, 0, 0, 0, 3, 2]);
    expect(summary.empty).toBe(false);
  });

  test('no documents: every total 0, 30 zero days, and empty', () => {
    const summary = summariseStats([], '2026-04-20');
    expect(summary.empty).toBe(true);
    expect(summary.dailyViews).toEqual(Array(STATS_DAYS).fill(0));
    expect(summary.topLinks).toEqual([]);
    expect(summary.sources).toEqual({ qr: 0, wallet: 0, link: 0 });
    expect(summary.share.month).toEqual({ actions: 0, views: 0, ratio: null });
  });

  test('documents only outside the 30 days, or only malformed: still empty', () => {
    expect(summariseStats([day('2026-01-01', { views: 9 })], '2026-04-20').empty).toBe(true);
    expect(summariseStats([day('2026-04-20', { views: '9' })], '2026-04-20').empty).toBe(true);
    expect(summariseStats([day('2026-04-20', { mapTaps: 1 })], '2026-04-20').empty).toBe(false);
  });
});

describe('what the counts mean', () => {
  test('saves and exchanges as a share of views, per period; none without views', () => {
    const summary = summariseStats(
      [
        day('2026-04-20', { saves: 1 }), // a save with no view counted today
        day('2026-04-18', { views: 8, saves: 1, exchanges: 1 }),
        day('2026-04-01', { views: 12, exchanges: 2 }),
      ],
      '2026-04-20',
    );
    expect(summary.share.today).toEqual({ actions: 1, views: 0, ratio: null });
    expect(summary.share.week).toEqual({ actions: 3, views: 8, ratio: 3 / 8 });
    expect(summary.share.month).toEqual({ actions: 5, views: 20, ratio: 0.25 });
  });

  test('top links: taps in the 30 days, most first, ties in the card’s order, none at 0', () => {
    const summary = summariseStats(
      [
        day('2026-04-20', { viberTaps: 2, phoneTaps: 1, shares: 50, views: 60 }),
        day('2026-04-10', { instagramTaps: 5, websiteTaps: 2, emailTaps: 0 }),
        day('2026-03-01', { facebookTaps: 99 }), // before the 30 days
      ],
      '2026-04-20',
    );
    expect(summary.topLinks).toEqual([
      { counter: 'instagramTaps', count: 5 },
      { counter: 'websiteTaps', count: 2 },
      { counter: 'viberTaps', count: 2 },
      { counter: 'phoneTaps', count: 1 },
    ]);
  });

  test("the owner's links count among the top links, each kind on its own", () => {
    const summary = summariseStats(
      [day('2026-04-20', { linkedinTaps: 3, linkTaps: 1, phoneTaps: 2, tripadvisorTaps: 0 })],
      '2026-04-20',
    );
    expect(summary.topLinks).toEqual([
      { counter: 'linkedinTaps', count: 3 },
      { counter: 'phoneTaps', count: 2 },
      { counter: 'linkTaps', count: 1 },
    ]);
  });

  test('QR views against the others, in the 30 days', () => {
    const summary = summariseStats(
      [day('2026-04-20', { views: 10, qrViews: 4 }), day('2026-04-02', { views: 5, qrViews: 1 })],
      '2026-04-20',
    );
    expect(summary.sources).toEqual({ qr: 5, wallet: 0, link: 10 });
    expect(summary.totals.qrViews.month).toBe(5);
  });

  test('wallet views beside QR views and the others, in the 30 days', () => {
    const summary = summariseStats(
      [
        day('2026-04-20', { views: 10, qrViews: 4, walletViews: 3 }),
        day('2026-04-02', { views: 5, walletViews: 2 }),
        day('2026-03-01', { views: 50, walletViews: 50 }),
      ],
      '2026-04-20',
    );
    expect(summary.sources).toEqual({ qr: 4, wallet: 5, link: 6 });
    expect(summary.totals.walletViews.month).toBe(5);
    expect(summariseStats([day('2026-04-20', { walletViews: 1 })], '2026-04-20').empty).toBe(false);
  });

  test('more QR views than views (a broken count) never makes link views negative', () => {
    const summary = summariseStats([day('2026-04-20', { views: 2, qrViews: 3 })], '2026-04-20');
    expect(summary.sources).toEqual({ qr: 2, wallet: 0, link: 0 });
  });

  test('more QR and wallet views than views never makes any source negative', () => {
    const summary = summariseStats(
      [day('2026-04-20', { views: 5, qrViews: 3, walletViews: 4 })],
      '2026-04-20',
    );
    expect(summary.sources).toEqual({ qr: 3, wallet: 2, link: 0 });
  });

  test('views of the Greek and of the English card, today, 7 and 30 days', () => {
    const summary = summariseStats(
      [
        day('2026-04-20', { views: 10, enViews: 4 }),
        day('2026-04-16', { views: 3, enViews: 3 }),
        day('2026-04-02', { views: 5 }),
        day('2026-03-01', { views: 50, enViews: 50 }),
      ],
      '2026-04-20',
    );
    expect(summary.languages).toEqual({
      el: { today: 6, week: 6, month: 11 },
      en: { today: 4, week: 7, month: 7 },
    });
    expect(summary.totals.enViews.month).toBe(7);
    expect(summariseStats([day('2026-04-20', { enViews: 1 })], '2026-04-20').empty).toBe(false);
  });

  test('more English views than views (a broken count) never makes Greek views negative', () => {
    const summary = summariseStats([day('2026-04-20', { views: 2, enViews: 3 })], '2026-04-20');
    expect(summary.languages.en.today).toBe(2);
    expect(summary.languages.el.today).toBe(0);
  });
});
