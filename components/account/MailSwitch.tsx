'use client';

import { useEffect, useState } from 'react';
import { setNewContactMail, watchNewContactMail } from '@/browser/owner/notifications';
import styles from './account.module.css';

const FAILED = 'Η αλλαγή δεν αποθηκεύτηκε. Δοκιμάστε ξανά.';

/** Whether each new contact is also e-mailed to the owner's account address. */
export default function MailSwitch({ uid, email }: { uid: string; email: string | null }) {
  const [on, setOn] = useState<boolean | null>(null);
  const [error, setError] = useState('');

  useEffect(() => watchNewContactMail(uid, setOn, () => setError(FAILED)), [uid]);

  async function change(next: boolean) {
    setError('');
    setOn(next);
    try {
      await setNewContactMail(uid, next);
    } catch {
      setOn(!next);
      setError(FAILED);
    }
  }

  return (
    <>
      <h3>Ειδοποιήσεις</h3>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={on ?? true}
          disabled={on === null}
          onChange={(e) => void change(e.target.checked)}
        />
        Email για κάθε νέα επαφή{email ? ` (στο ${email})` : ''}
      </label>
      <p className={styles.error} role="alert">
        {error}
      </p>
    </>
  );
}
