'use client';

// A lead's status as a select that saves on change, with its result beside it: in the owner's
// contacts (ContactsPanel.tsx) and the company's leads (company/CompanyLeads.tsx). The stored value
// comes back through the live list; until it does, the select keeps showing the choice.
import { useState } from 'react';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '@/lib/lead-status';
import styles from './account.module.css';
import { refusalOf } from './company/messages';
import { useRevealed } from './use-revealed';

interface Props {
  /** The lead's name, for the select's accessible name. */
  name: string;
  /** As stored. */
  status: LeadStatus;
  save: (status: LeadStatus) => Promise<void>;
}

export default function LeadStatusSelect({ name, status, save }: Props) {
  // The choice shows until the stored status moves off the one it was made from.
  const [choice, setChoice] = useState<{ to: LeadStatus; from: LeadStatus } | null>(null);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ text: string; failed: boolean } | null>(null);
  const shownResult = useRevealed<HTMLSpanElement>(result?.text);

  async function change(next: LeadStatus) {
    setChoice({ to: next, from: status });
    setSaving(true);
    setResult(null);
    try {
      await save(next);
      setResult({ text: 'Αποθηκεύτηκε.', failed: false });
    } catch (caught) {
      setChoice(null);
      setResult({
        text: `Η κατάσταση δεν αποθηκεύτηκε. ${refusalOf(caught).message}`,
        failed: true,
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={styles.leadStatus}>
      {/* The select's own name says whose status it is; the visible word is no <label>, so that
          the lead's name is not said twice in its item's text. */}
      <span aria-hidden="true">Κατάσταση</span>
      <select
        aria-label={`Κατάσταση της επαφής ${name}`}
        className={styles.input}
        value={choice && status === choice.from ? choice.to : status}
        disabled={saving}
        onChange={(e) => void change(e.target.value as LeadStatus)}
      >
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {LEAD_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <span
        ref={shownResult}
        className={`${result?.failed ? styles.error : styles.status} ${styles.revealed}`}
        role="status"
      >
        {saving ? 'Αποθήκευση…' : result?.text}
      </span>
    </div>
  );
}
