'use client';

import type { User } from '@/browser/owner/auth';
import styles from './account.module.css';
import { VerifyButtons, VerifyMessages, useVerification } from './use-verification';

/**
 * Above the console of an owner whose address is not verified: their card stays theirs, but no
 * contact is mailed to an address nobody has confirmed.
 */
export default function VerifyNotice({ user }: { user: User }) {
  const verification = useVerification(user);
  return (
    <section className={styles.notice} aria-labelledby="verify-notice-title">
      <h2 id="verify-notice-title">Επιβεβαιώστε το email σας</h2>
      <p>
        Το <strong className={styles.address}>{user.email}</strong> δεν έχει επιβεβαιωθεί· μέχρι
        τότε δεν σας στέλνουμε email για τις νέες επαφές. Ανοίξτε τον σύνδεσμο που σας στείλαμε.
      </p>
      <div className={styles.actions}>
        <VerifyButtons verification={verification} primary={false} />
      </div>
      <VerifyMessages message={verification.message} />
    </section>
  );
}
