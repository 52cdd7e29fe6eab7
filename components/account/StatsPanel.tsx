'use client';

import { useEffect, useState } from 'react';
import { watchStats } from '@/browser/owner/stats';
import {
  CARD_LINK_COUNTERS,
  LINK_COUNTERS,
  PERIODS,
  type Period,
  type Share,
  type StatsSummary,
  type Totals,
} from '@/browser/owner/stats-summary';
import { PRIVACY_PATH } from '@/lib/routes';
import { athensDay } from '@/lib/stats/day';
import styles from './account.module.css';
import { ACTION_LABELS, LINK_LABELS, longDayLabel, NUMBER, PERCENT } from './stats-format';
import type { ClaimedCardState } from './use-claimed-card';
import ViewsChart from './ViewsChart';

const PERIOD_LABELS: Record<Period, string> = {
  today: 'Σήμερα',
  week: '7 ημέρες',
  month: '30 ημέρες',
};

/** Today in Athens, kept current: past midnight the panel moves on to the new day. */
function useAthensToday(): string {
  const [today, setToday] = useState(() => athensDay(Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setToday(athensDay(Date.now())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}

function TotalsTable({
  caption,
  rows,
}: {
  caption: string;
  rows: readonly (readonly [string, Totals])[];
}) {
  return (
    <table className={styles.statsTable}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <td />
          {PERIODS.map((period) => (
            <th key={period} scope="col">
              {PERIOD_LABELS[period]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, totals]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {PERIODS.map((period) => (
              <td key={period}>{NUMBER.format(totals[period])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function shareText({ actions, views, ratio }: Share): string {
  if (ratio === null) return '— (καμία προβολή)';
  return `${PERCENT.format(ratio)} (${NUMBER.format(actions)} από ${NUMBER.format(views)} ${
    views === 1 ? 'προβολή' : 'προβολές'
  })`;
}

function Summary({ summary }: { summary: StatsSummary }) {
  const { qr, wallet, link } = summary.sources;
  const viewed = qr + wallet + link;
  return (
    <>
      <TotalsTable
        caption="Τι έκαναν οι επισκέπτες"
        rows={ACTION_LABELS.map(([counter, label]) => [label, summary.totals[counter]] as const)}
      />
      <h3>Προβολές ανά ημέρα</h3>
      <ViewsChart days={summary.days} values={summary.dailyViews} />
      <details className={styles.details}>
        <summary>Οι προβολές κάθε ημέρας</summary>
        <table className={styles.statsTable} data-testid="views-by-day">
          <caption className="visually-hidden">Προβολές ανά ημέρα, οι νεότερες πρώτα</caption>
          <thead>
            <tr>
              <th scope="col">Ημέρα</th>
              <th scope="col">Προβολές</th>
            </tr>
          </thead>
          <tbody>
            {summary.days
              .map((day, i) => [day, summary.dailyViews[i]] as const)
              .reverse()
              .map(([day, views]) => (
                <tr key={day}>
                  <th scope="row">
                    <time dateTime={day}>{longDayLabel(day)}</time>
                  </th>
                  <td>{NUMBER.format(views)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>

      <h3>Από την προβολή στην επαφή</h3>
      <p className={styles.hint}>Αποθηκεύσεις επαφής και ανταλλαγές επαφών ανά προβολή.</p>
      <ul className={styles.plainList} data-testid="stats-share">
        {PERIODS.map((period) => (
          <li key={period}>
            {PERIOD_LABELS[period]}: <strong>{shareText(summary.share[period])}</strong>
          </li>
        ))}
      </ul>

      <h3>Από QR, Wallet ή σύνδεσμο (30 ημέρες)</h3>
      {viewed > 0 && (
        <div className={styles.split} aria-hidden="true">
          <span className={styles.splitPart} style={{ width: `${(qr / viewed) * 100}%` }} />
          <span
            className={`${styles.splitPart} ${styles.splitWallet}`}
            style={{ width: `${(wallet / viewed) * 100}%` }}
          />
        </div>
      )}
      <ul className={styles.plainList} data-testid="stats-sources">
        <li>
          Από τον κωδικό QR: <strong>{NUMBER.format(qr)}</strong>
          {viewed > 0 && ` (${PERCENT.format(qr / viewed)})`}
        </li>
        <li>
          Από Wallet: <strong>{NUMBER.format(wallet)}</strong>
          {viewed > 0 && ` (${PERCENT.format(wallet / viewed)})`}
        </li>
        <li>
          Από σύνδεσμο: <strong>{NUMBER.format(link)}</strong>
          {viewed > 0 && ` (${PERCENT.format(link / viewed)})`}
        </li>
      </ul>

      <TotalsTable
        caption="Προβολές ανά γλώσσα της κάρτας"
        rows={[
          ['Ελληνικά', summary.languages.el],
          ['Αγγλικά', summary.languages.en],
        ]}
      />

      <h3>Οι σύνδεσμοι που πατήθηκαν (30 ημέρες)</h3>
      {summary.topLinks.length === 0 ? (
        <p>Κανένα πάτημα συνδέσμου ακόμη.</p>
      ) : (
        <ol className={styles.plainList} data-testid="stats-top-links">
          {summary.topLinks.map(({ counter, count }) => (
            <li key={counter}>
              {LINK_LABELS[counter]}: <strong>{NUMBER.format(count)}</strong>
            </li>
          ))}
        </ol>
      )}

      <TotalsTable
        caption="Πατήματα συνδέσμων"
        // The seed's links always; each kind of the owner's links once it has a tap in 30 days.
        rows={LINK_COUNTERS.filter(
          (counter) =>
            !(CARD_LINK_COUNTERS as readonly string[]).includes(counter) ||
            summary.totals[counter].month > 0,
        ).map((counter) => [LINK_LABELS[counter], summary.totals[counter]] as const)}
      />
    </>
  );
}

/**
 * The card's counts for the last 30 Athens days, live: what visitors did, views per day, how many
 * became a contact, how they came, in which language they read the card, and the links they
 * tapped. Counts only, never who.
 */
export default function StatsPanel({ claim }: { claim: ClaimedCardState }) {
  const today = useAthensToday();
  const [summary, setSummary] = useState<StatsSummary | null>(null);
  const [queryFailed, setFailed] = useState(false);
  const failed = queryFailed || claim.failed;
  const { card } = claim;

  useEffect(() => {
    if (!card) return;
    return watchStats(
      card,
      today,
      (next) => {
        setSummary(next);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [card, today]);

  return (
    <section className={`${styles.section} ${styles.stats}`} aria-labelledby="stats-title">
      <h2 id="stats-title">Στατιστικά</h2>
      <p className={styles.hint}>
        Μετράμε μόνο πόσες φορές έγινε κάθε ενέργεια στην κάρτα σας, ανά ημέρα (ώρα Ελλάδας):
        αριθμούς, τίποτα που να ταυτοποιεί τους επισκέπτες ή να δείχνει ποιος έκανε τι.{' '}
        <a href={PRIVACY_PATH}>Περισσότερα για το απόρρητο</a>
      </p>
      {failed && (
        <p className={styles.error} role="alert">
          Τα στατιστικά δεν φορτώθηκαν. Ελέγξτε τη σύνδεσή σας.
        </p>
      )}
      {summary === null ? (
        !failed && <p role="status">Φόρτωση στατιστικών…</p>
      ) : summary.empty ? (
        <p data-testid="stats-empty">
          Δεν υπάρχουν ακόμη στατιστικά. Θα εμφανιστούν εδώ μόλις κάποιος ανοίξει την κάρτα σας.
        </p>
      ) : (
        <Summary summary={summary} />
      )}
    </section>
  );
}
