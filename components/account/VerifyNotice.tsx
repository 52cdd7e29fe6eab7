'use client';

import type { User } from '@/browser/owner/auth';
import styles from './account.module.css';
import { VerifyMessages, useVerification } from './use-verification';

/**
 * Above the console of an owner whose address is not verified: their card stays theirs, but no
 * contact is mailed to an address nobody has confirmed.
 */
export default function VerifyNotice({ user }: { user: User }) {
  const { busy, resting, message, resend, confirm } = useVerification(user);
  return (
    <section className={styles.notice} aria-labelledby="verify-notice-title">
      <h2 id="verify-notice-title">Επιβεβαιώστε το email σας</h2>
      <p>
        Το <strong className={styles.address}>{user.email}</strong> δεν έχει επιβεβαιωθεί· μέχρι
        τότε δεν σας στέλνουμε email για τις νέες επαφές. Ανοίξτε τον σύνδεσμο που σας στείλαμε.
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => void confirm()}
        >
          Το επιβεβαίωσα
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy || resting}
          onClick={() => void resend()}
        >
          Αποστολή ξανά
        </button>
      </div>
      <VerifyMessages message={message} />
    </section>
  );
}
