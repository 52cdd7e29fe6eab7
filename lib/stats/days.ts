// The Athens days a summary of a card's counts ranges over, and what a stored counter is worth:
// the console's summary (browser/owner/stats-summary.ts) and a company's admin view
// (server/company/stats.ts) count alike.

const DAY_MS = 86_400_000;
const DAY_ID = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(day: string): number {
  const match = DAY_ID.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/**
 * The `count` days that end with `today` (an Athens day, athensDay()), oldest first. Calendar
 * arithmetic on the date itself, never on instants: an Athens day lasts 23 or 25 hours when the
 * clocks change, so stepping back 24 hours from a moment would skip or repeat a day.
 */
export function lastDays(today: string, count: number): string[] {
  const last = dayNumber(today);
  return Array.from({ length: count }, (_, i) =>
    new Date((last - (count - 1 - i)) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** A counter's value: only a non-negative integer counts; anything else (or nothing) is 0. */
export function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}
