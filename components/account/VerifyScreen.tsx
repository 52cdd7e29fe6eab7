'use client';

import type { User } from '@/browser/owner/auth';
import SignOutButton from './SignOutButton';
import styles from './account.module.css';
import { VerifyButtons, VerifyMessages, useVerification } from './use-verification';

/** A signed-in account whose address is not verified yet: no card can be claimed until it is. */
export default function VerifyScreen({ user }: { user: User }) {
  const verification = useVerification(user);
  return (
    <main className={styles.shell}>
      <h1 className={styles.title}>Επιβεβαιώστε το email σας</h1>
      <p>
        Στείλαμε email επιβεβαίωσης στο <strong className={styles.address}>{user.email}</strong>.
        Ανοίξτε τον σύνδεσμο που περιέχει και μετά πατήστε «Το επιβεβαίωσα» για να διαλέξετε τη
        διεύθυνση της κάρτας σας.
      </p>
      <p className={styles.hint}>
        Δεν το βρίσκετε; Κοιτάξτε και στα ανεπιθύμητα, ή ζητήστε να σταλεί ξανά.
      </p>
      <div className={styles.actions}>
        <VerifyButtons verification={verification} primary />
        <SignOutButton />
      </div>
      <VerifyMessages message={verification.message} />
    </main>
  );
}
