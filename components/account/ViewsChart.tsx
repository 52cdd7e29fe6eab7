import styles from './account.module.css';
import { dayLabel, NUMBER } from './stats-format';

// Hand-written SVG: 30 bars need no chart library, and one would cost more than this whole panel.
// The drawing stretches to the width it is given (preserveAspectRatio none), so it holds only
// shapes; its text is HTML beside it, which does not stretch.
const WIDTH = 300;
const HEIGHT = 100;
const GAP = 2;

/** Views per day as bars, tallest at full height, with its summary for screen readers. */
export default function ViewsChart({ days, values }: { days: string[]; values: number[] }) {
  const max = Math.max(0, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const peak = values.lastIndexOf(max);
  const first = dayLabel(days[0]);
  const label =
    `Προβολές ανά ημέρα, ${days.length} ημέρες από ${first} έως σήμερα: ` +
    `σύνολο ${NUMBER.format(total)}, ` +
    (max > 0
      ? `οι περισσότερες ${NUMBER.format(max)} στις ${dayLabel(days[peak])}, `
      : 'καμία ημέρα με προβολές, ') +
    `σήμερα ${NUMBER.format(values[values.length - 1] ?? 0)}.`;
  const slot = WIDTH / values.length;
  return (
    <figure className={styles.chart}>
      <p className={styles.chartMax} aria-hidden="true" data-testid="views-chart-max">
        {NUMBER.format(max)}
      </p>
      <svg
        className={styles.chartSvg}
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        data-testid="views-chart"
      >
        <line className={styles.chartGrid} x1={0} x2={WIDTH} y1={0.5} y2={0.5} />
        {values.map((value, i) => {
          const height = max > 0 ? (value / max) * HEIGHT : 0;
          return (
            <rect
              key={days[i]}
              className={i === values.length - 1 ? styles.barToday : styles.bar}
              x={i * slot + GAP / 2}
              y={HEIGHT - height}
              width={Math.max(slot - GAP, 1)}
              height={height}
              data-day={days[i]}
              data-views={value}
            />
          );
        })}
        <line className={styles.chartBase} x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} />
      </svg>
      <div className={styles.chartAxis} aria-hidden="true">
        <span>{first}</span>
        <span>Σήμερα</span>
      </div>
    </figure>
  );
}
