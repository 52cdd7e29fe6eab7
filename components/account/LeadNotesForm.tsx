'use client';

// A lead's private note and tags: shown under the lead, edited in a form that opens below them, in
// the owner's contacts (ContactsPanel.tsx) and the company's leads (company/CompanyLeads.tsx). The
// form checks with lib/lead-workflow.ts, as the server does; the stored values come back through
// the live list.
import { useId, useState, type FormEvent } from 'react';
import {
  joinTags,
  parseLeadChanges,
  splitTags,
  type LeadChangeError,
  type LeadChanges,
} from '@/lib/lead-workflow';
import styles from './account.module.css';
import { refusalOf } from './company/messages';
import { useRevealed } from './use-revealed';

interface Props {
  /** The lead's name, for the form's accessible names. */
  name: string;
  /** As stored. */
  note: string;
  tags: readonly string[];
  save: (changes: LeadChanges) => Promise<void>;
}

export default function LeadNotesForm({ name, note, tags, save }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState({ note, tags: joinTags(tags) });
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<LeadChangeError | null>(null);
  const [result, setResult] = useState<{ text: string; failed: boolean } | null>(null);
  const shownResult = useRevealed<HTMLParagraphElement>(result?.text);

  function toggle(next: boolean) {
    // Opened, the form starts from what is stored now.
    if (next) setDraft({ note, tags: joinTags(tags) });
    setOpen(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseLeadChanges({ note: draft.note, tags: splitTags(draft.tags) });
    if (!parsed.ok) {
      setRefused(parsed.error);
      setResult({ text: parsed.error.message, failed: true });
      return;
    }
    setRefused(null);
    setSaving(true);
    setResult(null);
    try {
      await save(parsed.changes);
      setResult({ text: 'Η σημείωση και οι ετικέτες αποθηκεύτηκαν.', failed: false });
      setOpen(false);
    } catch (caught) {
      const { message, field } = refusalOf(caught);
      if (field === 'note' || field === 'tags') setRefused({ field, message });
      setResult({ text: `Δεν αποθηκεύτηκαν. ${message}`, failed: true });
    } finally {
      setSaving(false);
    }
  }

  const invalid = (field: 'note' | 'tags') => (refused?.field === field ? true : undefined);
  return (
    <div className={styles.leadNotes}>
      {tags.length > 0 && (
        <ul className={styles.tags} aria-label={`Ετικέτες της επαφής ${name}`}>
          {tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
      {note && (
        <p className={styles.leadNote}>
          <span className="visually-hidden">Σημείωση: </span>
          {note}
        </p>
      )}
      <details open={open} onToggle={(e) => toggle(e.currentTarget.open)}>
        <summary>
          Σημείωση και ετικέτες
          <span className="visually-hidden"> της επαφής {name}</span>
        </summary>
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <div className={styles.field}>
            <label htmlFor={`${id}-note`}>Ιδιωτική σημείωση</label>
            <textarea
              id={`${id}-note`}
              className={styles.input}
              rows={3}
              value={draft.note}
              aria-invalid={invalid('note')}
              onChange={(e) => setDraft({ ...draft, note: e.target.value })}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-tags`}>Ετικέτες</label>
            <input
              id={`${id}-tags`}
              className={styles.input}
              value={draft.tags}
              aria-invalid={invalid('tags')}
              aria-describedby={`${id}-tags-hint`}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, tags: e.target.value })}
            />
            <p id={`${id}-tags-hint`} className={styles.hint}>
              Χωρίστε τις με κόμμα, π.χ. «έκθεση, VIP».
            </p>
          </div>
          <div className={styles.actions}>
            <button type="submit" className={styles.secondary} disabled={saving}>
              {saving ? 'Αποθήκευση…' : 'Αποθήκευση'}
              <span className="visually-hidden"> σημείωσης και ετικετών της επαφής {name}</span>
            </button>
          </div>
        </form>
      </details>
      <p
        ref={shownResult}
        className={`${result?.failed ? styles.error : styles.status} ${styles.revealed}`}
        role="status"
      >
        {result?.text}
      </p>
    </div>
  );
}
