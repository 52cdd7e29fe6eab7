'use client';

// The search and filters above a list of leads: the company's (CompanyLeads.tsx: words, member,
// status, tag, days) and the owner's (../ContactsPanel.tsx: the same but the member). What they
// keep is judged by lib/lead-filter.ts.
import { useId } from 'react';
import type { Member } from '@/browser/owner/company';
import { NO_FILTER, type LeadFilter } from '@/lib/lead-filter';
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from '@/lib/lead-status';
import styles from '../account.module.css';
import own from './LeadFilters.module.css';

interface Props {
  filter: LeadFilter;
  onChange: (filter: LeadFilter) => void;
  /** The company's members, to filter by; none for the owner's own list. */
  members?: readonly Member[];
  /** The tags the leads carry (lib/lead-filter.ts tagsOf). */
  tags: readonly string[];
}

const memberName = (m: Member) => `${m.firstName} ${m.lastName}`.trim() || m.username;

export default function LeadFilters({ filter, onChange, members, tags }: Props) {
  const id = useId();
  const set = (field: keyof LeadFilter) => (value: string) =>
    onChange({ ...filter, [field]: value });
  const input = (field: 'query' | 'from' | 'to', label: string, type: 'search' | 'date') => (
    <div className={`${styles.field} ${field === 'query' ? own.search : ''}`}>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
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
      {members && (
        <div className={styles.field}>
          <label htmlFor={`${id}-member`}>Μέλος</label>
          <select
            id={`${id}-member`}
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
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-status`}>Κατάσταση</label>
        <select
          id={`${id}-status`}
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
      <div className={styles.field}>
        <label htmlFor={`${id}-tag`}>Ετικέτα</label>
        <select
          id={`${id}-tag`}
          className={styles.input}
          value={filter.tag}
          onChange={(e) => set('tag')(e.target.value)}
        >
          <option value="">Όλες οι ετικέτες</option>
          {/* A tag chosen stays listed while no lead shown carries it any more. */}
          {(filter.tag && !tags.includes(filter.tag) ? [filter.tag, ...tags] : tags).map((tag) => (
            <option key={tag} value={tag}>
              {tag}
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
