// A card's stats are kept per Athens day, whatever the server's time zone.
const ATHENS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Athens',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The id of the stats document for the Athens day of `at`: YYYY-MM-DD. */
export function athensDay(at: Date | number): string {
  return ATHENS_DAY.format(at);
}
