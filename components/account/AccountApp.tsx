'use client';

import { useEffect, useState } from 'react';
import { watchUser, type User } from '@/browser/owner/auth';
import { findOwnedUsername } from '@/browser/owner/card';
import AuthScreen from './AuthScreen';
import ClaimScreen from './ClaimScreen';
import OwnerConsole from './OwnerConsole';
import styles from './account.module.css';

// undefined: still finding out; null: signed out / no card.
type Card = { uid: string; username: string | null };

/** Which screen: sign in, claim a card, or the console of the card this account owns. */
export default function AccountApp() {
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [card, setCard] = useState<Card | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<string | undefined>(undefined);

  useEffect(() => watchUser(setUser), []);

  useEffect(() => {
    if (!user) return;
    let current = true;
    findOwnedUsername(user.uid).then(
      (username) => {
        if (current) setCard({ uid: user.uid, username });
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [user]);

  if (user === null) return <AuthScreen notice={notice} />;
  if (failed) {
    return (
      <main className={styles.shell}>
        <h1 className={styles.title}>Ο λογαριασμός μου</h1>
        <p className={styles.error} role="alert">
          Δεν ήταν δυνατή η φόρτωση. Ελέγξτε τη σύνδεσή σας και ανανεώστε τη σελίδα.
        </p>
      </main>
    );
  }
  // A card found for an earlier account must not show while the new one is looked up.
  if (!user || !card || card.uid !== user.uid) {
    return (
      <main className={styles.shell}>
        <h1 className={styles.title}>Ο λογαριασμός μου</h1>
        <p role="status">Φόρτωση…</p>
      </main>
    );
  }
  if (card.username === null) {
    return (
      <ClaimScreen uid={user.uid} onClaimed={(username) => setCard({ uid: user.uid, username })} />
    );
  }
  return (
    <OwnerConsole
      user={user}
      username={card.username}
      onDeleted={(message) => {
        setNotice(message);
        setCard(undefined);
      }}
    />
  );
}
