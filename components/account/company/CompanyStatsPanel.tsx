'use client';

import { useEffect, useState } from 'react';
import { companyStats, type Member } from '@/browser/owner/company';
import type { CompanyStats, StatCounts } from '@/lib/company-answers';
import styles from '../account.module.css';
import { NUMBER } from '../stats-format';
import { refusalOf } from './messages';

const PERIODS = [
  ['d7', '7 ημέρες'],
  ['d30', '30 ημέρες'],
] as const;

function StatsTable({
  caption,
  rows,
}: {
  caption: string;
  rows: Array<{ key: string; label: string; counts: StatCounts; total?: boolean }>;
}) {
  return (
    <table className={`${styles.statsTable} ${styles.memberStats}`}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Μέλος</th>
          <th scope="col">Προβολές</th>
          <th scope="col">Αποθηκεύσεις</th>
          <th scope="col">Ανταλλαγές</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, label, counts, total }) => (
          <tr key={key} className={total ? styles.totalRow : undefined}>
            <th scope="row">{label}</th>
            <td>{NUMBER.format(counts.views)}</td>
            <td>{NUMBER.format(counts.saves)}</td>
            <td>{NUMBER.format(counts.exchanges)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Views, saves and exchanges over 7 and 30 days, per member and for the company. */
export default function CompanyStatsPanel({
  company,
  members,
}: {
  company: { id: string };
  members: Member[] | null;
}) {
  const [stats, setStats] = useState<CompanyStats | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    companyStats(company.id).then(
      (answer) => current && setStats(answer),
      (caught: unknown) => current && setError(refusalOf(caught).message),
    );
    return () => {
      current = false;
    };
  }, [company.id]);

  if (error) {
    return (
      <p className={styles.error} role="alert">
        {error}
      </p>
    );
  }
  if (!stats) return <p role="status">Φόρτωση στατιστικών…</p>;
  const names = new Map((members ?? []).map((m) => [m.uid, `${m.firstName} ${m.lastName}`.trim()]));
  return (
    <div className={styles.companyScreen}>
      <h3>Στατιστικά μελών</h3>
      {PERIODS.map(([period, label]) => (
        <StatsTable
          key={period}
          caption={`Τελευταίες ${label}`}
          rows={[
            ...stats.members.map((m) => ({
              key: m.uid,
              label: `${names.get(m.uid) || m.username}${m.status === 'removed' ? ' (αποχώρησε)' : ''}`,
              counts: m[period],
            })),
            {
              key: 'company',
              label: 'Σύνολο εταιρείας',
              counts: stats.company[period],
              total: true,
            },
          ]}
        />
      ))}
    </div>
  );
}
