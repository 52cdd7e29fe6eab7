import { athensDay } from '@/lib/stats/day';

// Athens is UTC+2 in winter and UTC+3 in summer; 2025's switches were on 30 March (01:00 UTC) and
// 26 October (01:00 UTC). A day ends at Athens' midnight, whatever the server's zone.
test.each([
  ['winter: the last millisecond of a day', '2025-01-14T21:59:59.999Z', '2025-01-14'],
  ['winter: midnight', '2025-01-14T22:00:00.000Z', '2025-01-15'],
  ['summer: the last millisecond of a day', '2025-07-14T20:59:59.999Z', '2025-07-14'],
  ['summer: midnight', '2025-07-14T21:00:00.000Z', '2025-07-15'],
  ['the eve of the spring switch ends at 22:00 UTC', '2025-03-29T21:59:59.999Z', '2025-03-29'],
  ['the spring switch day starts', '2025-03-29T22:00:00.000Z', '2025-03-30'],
  ['the hour that does not exist (03:00 → 04:00)', '2025-03-30T01:30:00.000Z', '2025-03-30'],
  ['the spring switch day (23 hours) ends at 21:00 UTC', '2025-03-30T20:59:59.999Z', '2025-03-30'],
  ['the day after the spring switch', '2025-03-30T21:00:00.000Z', '2025-03-31'],
  ['the eve of the autumn switch ends at 21:00 UTC', '2025-10-25T20:59:59.999Z', '2025-10-25'],
  ['the autumn switch day starts', '2025-10-25T21:00:00.000Z', '2025-10-26'],
  ['the repeated hour (03:00–04:00), the first time', '2025-10-26T00:30:00.000Z', '2025-10-26'],
  ['the repeated hour, the second time', '2025-10-26T01:30:00.000Z', '2025-10-26'],
  ['the autumn switch day (25 hours) ends at 22:00 UTC', '2025-10-26T21:59:59.999Z', '2025-10-26'],
  ['the day after the autumn switch', '2025-10-26T22:00:00.000Z', '2025-10-27'],
  ['new year in Athens, still the old one in UTC', '2025-12-31T22:00:00.000Z', '2026-01-01'],
])('%s', (_, at, day) => {
  expect(athensDay(new Date(at))).toBe(day);
  expect(athensDay(Date.parse(at))).toBe(day);
});
