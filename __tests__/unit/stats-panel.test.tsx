/** @jest-environment jsdom */
// The console's «Στατιστικά» (components/account/StatsPanel.tsx) shows the views of each of the
// card's languages, «Ελληνικά» and «Αγγλικά», today, in 7 and in 30 days.
import { render, screen, within } from '@testing-library/react';
import StatsPanel from '@/components/account/StatsPanel';
import { summariseStats, type StatsSummary } from '@/browser/owner/stats-summary';
import { lastDays } from '@/lib/stats/days';

jest.mock('@/browser/owner/stats', () => ({
  watchStats: (_card: unknown, today: string, listener: (summary: StatsSummary) => void) => {
    const [weekAgo] = lastDays(today, 5);
    listener(
      summariseStats(
        [
          { id: today, data: { views: 9, enViews: 2 } },
          { id: weekAgo, data: { views: 4, enViews: 3 } },
        ],
        today,
      ),
    );
    return () => undefined;
  },
}));

test('views per language: Greek and English, today, 7 and 30 days', () => {
  render(
    <StatsPanel
      claim={{
        card: { username: 'maria', since: { toDate: () => new Date(0) } as never },
        failed: false,
      }}
    />,
  );
  const table = screen.getByRole('table', { name: 'Προβολές ανά γλώσσα της κάρτας' });
  const row = (name: string) =>
    within(table).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td');
  const cells = (name: string) => [...row(name)].map((cell) => cell.textContent);
  expect(cells('Ελληνικά')).toEqual(['7', '8', '8']);
  expect(cells('Αγγλικά')).toEqual(['2', '5', '5']);
});
