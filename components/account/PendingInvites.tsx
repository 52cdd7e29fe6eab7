'use client';

import { useEffect, useState, type ReactNode } from 'react';
import type { User } from '@/browser/owner/auth';
import { listPendingInvites } from '@/browser/owner/invitations';
import { setAsideInvite, setAsideInvites } from '@/browser/owner/invite-token';
import type { PendingInvite } from '@/lib/company-answers';
import JoinScreen from './JoinScreen';
import styles from './account.module.css';

const idOf = ({ companyId, inviteId }: PendingInvite) => `${companyId}/${inviteId}`;

/**
 * The open invitations to the signed-in account's verified address, offered one at a time at
 * /account, link or no link, before `children` (the claim screen or the console). «Όχι τώρα»
 * sets one aside for this tab; one that cannot be listed leaves the console as it was.
 */
export default function PendingInvites({
  user,
  username,
  onJoined,
  children,
}: {
  user: User;
  username: string | null;
  onJoined: (username: string) => void;
  children: ReactNode;
}) {
  // undefined: still asking.
  const [pending, setPending] = useState<PendingInvite[] | undefined>(undefined);

  useEffect(() => {
    let current = true;
    listPendingInvites().then(
      (invites) => {
        const setAside = setAsideInvites();
        if (current) setPending(invites.filter((invite) => !setAside.has(idOf(invite))));
      },
      () => current && setPending([]),
    );
    return () => {
      current = false;
    };
  }, [user]);

  if (pending === undefined) {
    return (
      <main className={styles.shell}>
        <h1 className={styles.title}>Ο λογαριασμός μου</h1>
        <p role="status">Φόρτωση…</p>
      </main>
    );
  }
  const [first, ...rest] = pending;
  if (!first) return children;
  return (
    <JoinScreen
      key={idOf(first)}
      user={user}
      invitation={{ pending: first }}
      username={username}
      onJoined={(joined) => {
        // A card belongs to one company: the other invitations would only be refused now.
        setPending([]);
        onJoined(joined);
      }}
      onDismiss={() => {
        setAsideInvite(idOf(first));
        setPending(rest);
      }}
    />
  );
}
