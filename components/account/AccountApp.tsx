'use client';

import { useEffect, useState } from 'react';
import { takeSignOutNotice, watchUser, type User } from '@/browser/owner/auth';
import { findOwnedUsername } from '@/browser/owner/card';
import { dropInvite, takeInvite } from '@/browser/owner/invite-token';
import AuthScreen from './AuthScreen';
import ClaimScreen from './ClaimScreen';
import JoinScreen from './JoinScreen';
import OwnerConsole from './OwnerConsole';
import PendingInvites from './PendingInvites';
import VerifyScreen from './VerifyScreen';
import styles from './account.module.css';

// undefined: still finding out; null: signed out / no card.
type Card = { uid: string; username: string | null };
// The user object stays the same across token changes: `verified` is its state at each one, and a
// new value of this makes React render again.
type Session = { user: User; verified: boolean } | null;

/**
 * Which screen: sign in; verify the address; claim a card (verified accounts only); or the console
 * of the card this account owns. An owner whose address is not verified (an account made before
 * verification was asked, or whose address was changed by the operator) still reaches their card:
 * it is theirs already. Their console asks them to verify, and no contact is mailed to them until
 * they do.
 */
export default function AccountApp() {
  const [session, setSession] = useState<Session | undefined>(undefined);
  const [card, setCard] = useState<Card | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  // An invitation opened from its link: kept through sign-in, sign-up and verification.
  const [invite, setInvite] = useState<string | null>(() => takeInvite());
  const setAsideInvite = () => {
    dropInvite();
    setInvite(null);
  };

  useEffect(
    () =>
      watchUser((user, verified) => {
        // A session the server refused as revoked: the sign-in screen says why it is back.
        const why = user ? undefined : takeSignOutNotice();
        if (why) setNotice(why);
        setSession(user && { user, verified });
      }),
    [],
  );

  const user = session?.user;
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

  if (session === null) return <AuthScreen notice={notice} invite={invite} />;
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
  if (!session || !card || card.uid !== session.user.uid) {
    return (
      <main className={styles.shell}>
        <h1 className={styles.title}>Ο λογαριασμός μου</h1>
        <p role="status">Φόρτωση…</p>
      </main>
    );
  }
  if (card.username === null && !session.verified) return <VerifyScreen user={session.user} />;
  if (invite) {
    return (
      <JoinScreen
        user={session.user}
        invitation={{ token: invite }}
        username={card.username}
        onJoined={(username) => {
          setAsideInvite();
          setCard({ uid: session.user.uid, username });
        }}
        onDismiss={setAsideInvite}
      />
    );
  }
  const joined = (username: string) => setCard({ uid: session.user.uid, username });
  const screen =
    card.username === null ? (
      <ClaimScreen uid={session.user.uid} onClaimed={joined} />
    ) : (
      <OwnerConsole
        user={session.user}
        verified={session.verified}
        username={card.username}
        onDeleted={(message) => {
          setNotice(message);
          setCard(undefined);
        }}
        onLeft={() => setCard({ uid: session.user.uid, username: null })}
      />
    );
  // The account's invitations are offered without their link too, once its address is verified.
  if (!session.verified) return screen;
  return (
    <PendingInvites user={session.user} username={card.username} onJoined={joined}>
      {screen}
    </PendingInvites>
  );
}
