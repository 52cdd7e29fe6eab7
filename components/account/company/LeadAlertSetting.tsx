'use client';

// The admin's own alert of the company's new leads (lib/lead-alert.ts), saved as it is chosen.
import { useEffect, useState } from 'react';
import { readLeadAlert, saveLeadAlert } from '@/browser/owner/lead-alert';
import { LEAD_ALERT_LABELS, LEAD_ALERTS, type LeadAlert } from '@/lib/lead-alert';
import styles from '../account.module.css';
import { useRevealed } from '../use-revealed';
import { refusalOf } from './messages';

export default function LeadAlertSetting({ companyId }: { companyId: string }) {
  const [alert, setAlert] = useState<LeadAlert | null>(null);
  const [status, setStatus] = useState('');
  const shownStatus = useRevealed<HTMLParagraphElement>(status);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    readLeadAlert(companyId).then(
      (read) => current && setAlert(read),
      (caught: unknown) => current && setStatus(refusalOf(caught).message),
    );
    return () => {
      current = false;
    };
  }, [companyId]);

  async function choose(next: LeadAlert) {
    const before = alert;
    setAlert(next);
    setBusy(true);
    setStatus('Αποθήκευση…');
    try {
      setAlert(await saveLeadAlert(companyId, next));
      setStatus('Αποθηκεύτηκε.');
    } catch (caught) {
      setAlert(before);
      setStatus(refusalOf(caught).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className={styles.fieldset} disabled={alert === null || busy}>
      <legend>Ειδοποίηση για νέες επαφές</legend>
      <p className={styles.hint}>
        Στο email του λογαριασμού σας, όσο είστε διαχειριστής. Η σύνοψη έρχεται μετά τα μεσάνυχτα,
        με τις επαφές της ημέρας που πέρασε.
      </p>
      {LEAD_ALERTS.map((choice) => (
        <label key={choice} className={styles.check}>
          <input
            type="radio"
            name="lead-alert"
            value={choice}
            checked={alert === choice}
            onChange={() => void choose(choice)}
          />{' '}
          {LEAD_ALERT_LABELS[choice]}
        </label>
      ))}
      <p ref={shownStatus} className={`${styles.status} ${styles.revealed}`} role="status">
        {status}
      </p>
    </fieldset>
  );
}
