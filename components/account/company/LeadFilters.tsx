'use client';

// The search and filters above the company's leads (CompanyLeads.tsx): words, member, status, days.
// What they keep is judged by lib/lead-filter.ts.
import type { Member } from '@/browser/owner/company';
import { NO_FILTER, type LeadFilter } from '@/lib/lead-filter';
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from '@/lib/lead-status';
import styles from '../account.module.css';
import own from './LeadFilters.module.css';

interface Props {
  filter: LeadFilter;
  onChange: (filter: LeadFilter) => void;
  members: readonly Member[];
}

const memberName = (m: Member) => `${m.firstName} ${m.lastName}`.trim() || m.username;

export default function LeadFilters({ filter, onChange, members }: Props) {
  const set = (field: keyof LeadFilter) => (value: string) =>
    onChange({ ...filter, [field]: value });
  const input = (field: 'query' | 'from' | 'to', label: string, type: 'search' | 'date') => (
    <div className={`${styles.field} ${field === 'query' ? own.search : ''}`}>
      <label htmlFor={`leads-${field}`}>{label}</label>
      <input
        id={`leads-${field}`}
        className={styles.input}
        type={type}
        value={filter[field]}
        onChange={(e) => set(field)(e.target.value)}
        {...(type === 'search' ? { autoComplete: 'off', spellCheck: false } : {})}
      />
    </div>
  );
  return (
    <fieldset className={own.filters}>
      <legend>Αναζήτηση και φίλτρα</legend>
      {input('query', 'Αναζήτηση σε όνομα, email, τηλέφωνο', 'search')}
      <div className={styles.field}>
        <label htmlFor="leads-member">Μέλος</label>
        <select
          id="leads-member"
          className={styles.input}
          value={filter.member}
          onChange={(e) => set('member')(e.target.value)}
        >
          <option value="">Όλα τα μέλη</option>
          {[...members]
            .sort((a, b) => memberName(a).localeCompare(memberName(b), 'el'))
            .map((m) => (
              <option key={m.uid} value={m.username}>
                {memberName(m)} ({m.username})
              </option>
            ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="leads-status">Κατάσταση</label>
        <select
          id="leads-status"
          className={styles.input}
          value={filter.status}
          onChange={(e) => set('status')(e.target.value)}
        >
          <option value="">Όλες οι καταστάσεις</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      {input('from', 'Από (ημερομηνία)', 'date')}
      {input('to', 'Έως (ημερομηνία)', 'date')}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => onChange(NO_FILTER)}>
          Καθαρισμός φίλτρων
        </button>
      </div>
    </fieldset>
  );
}
