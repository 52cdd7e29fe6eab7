'use client';

import { useEffect, useState, type FormEvent } from 'react';
import type { User } from '@/browser/owner/auth';
import { acceptInvite, readInvite } from '@/browser/owner/company';
import type { InviteInfo } from '@/lib/company-answers';
import { OwnerRequestError } from '@/browser/owner/owner-api';
import { profilePath } from '@/lib/routes';
import { claimProblem } from '@/lib/username';
import SignOutButton from './SignOutButton';
import SubmitRow from './SubmitRow';
import UsernameField from './UsernameField';
import styles from './account.module.css';
import { COMPANY_REFUSALS, refusalOf } from './company/messages';

/** Refusals after which the link will never work: the screen offers only to go on without it. */
const FINAL = new Set(['no-invite', 'expired', 'revoked', 'used', 'has-company']);

const isFinal = (caught: unknown) => caught instanceof OwnerRequestError && FINAL.has(caught.error);

/**
 * An invitation opened from its link (`/account?invite=…`), once signed in: the company and the
 * address it was sent to, and «Αποδοχή». An account with a card brings it into the company; one
 * without chooses the username of the card the company makes for it.
 */
export default function JoinScreen({
  user,
  token,
  username,
  onJoined,
  onDismiss,
}: {
  user: User;
  token: string;
  /** The account's card, or null when it has none yet. */
  username: string | null;
  onJoined: (username: string) => void;
  onDismiss: () => void;
}) {
  const [info, setInfo] = useState<InviteInfo | null>(null);
  const [final, setFinal] = useState<string | null>(null);
  const [wanted, setWanted] = useState('');
  const [usernameError, setUsernameError] = useState<string | undefined>(undefined);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    readInvite(token).then(
      (answer) => current && setInfo(answer),
      (caught: unknown) => {
        if (!current) return;
        if (isFinal(caught)) setFinal(refusalOf(caught).message);
        else setError(refusalOf(caught).message);
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  const otherAddress =
    info !== null && (user.email ?? '').toLowerCase() !== info.email.toLowerCase();

  async function accept(event: FormEvent) {
    event.preventDefault();
    setError('');
    const name = wanted.trim();
    if (username === null) {
      const problem = claimProblem(name);
      setUsernameError(problem ?? undefined);
      if (problem) return;
    }
    setBusy(true);
    try {
      const joined = await acceptInvite(token, username === null ? name : undefined);
      onJoined(joined.username);
    } catch (caught) {
      const { message, field } = refusalOf(caught);
      if (isFinal(caught)) setFinal(message);
      else if (field === 'username') setUsernameError(message);
      else setError(message);
      setBusy(false);
    }
  }

  return (
    <main className={styles.shell}>
      <h1 className={styles.title}>
        {info ? `Πρόσκληση από την εταιρεία ${info.companyName}` : 'Πρόσκληση σε εταιρεία'}
      </h1>
      {final !== null ? (
        <>
          <p className={styles.error} role="alert">
            {final}
          </p>
          <div className={styles.actions}>
            <button className={styles.button} type="button" onClick={onDismiss}>
              Συνέχεια χωρίς την πρόσκληση
            </button>
          </div>
        </>
      ) : info === null ? (
        error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : (
          <p role="status">Φόρτωση πρόσκλησης…</p>
        )
      ) : (
        <form className={styles.form} onSubmit={accept} noValidate>
          <p>
            Η πρόσκληση στάλθηκε στη διεύθυνση{' '}
            <strong className={styles.address}>{info.email}</strong>.
            {info.jobTitle && <> Θέση: {info.jobTitle}.</>}
          </p>
          {otherAddress && (
            <p className={styles.error} role="alert">
              {COMPANY_REFUSALS['wrong-address']} Έχετε συνδεθεί ως{' '}
              <span className={styles.address}>{user.email}</span>.
            </p>
          )}
          {username === null ? (
            <>
              <p>
                Διαλέξτε το όνομα χρήστη της κάρτας σας: θα βρίσκεται στη διεύθυνση{' '}
                <strong>{profilePath(wanted.trim() || 'onoma')}</strong>, με τα στοιχεία της
                εταιρείας.
              </p>
              <UsernameField
                id="join-username"
                value={wanted}
                error={usernameError}
                onChange={setWanted}
              />
            </>
          ) : (
            <p>
              Η κάρτα σας <strong>{profilePath(username)}</strong> θα ενταχθεί στην εταιρεία: τα
              πεδία που ορίζει η εταιρεία θα εμφανίζονται στη θέση των δικών σας, και οι επαφές που
              θα λαμβάνει θα είναι ορατές στους διαχειριστές της.
            </p>
          )}
          <p className={styles.error} role="alert">
            {error}
          </p>
          <SubmitRow label="Αποδοχή" busy={busy} disabled={otherAddress}>
            <button className={styles.secondary} type="button" onClick={onDismiss}>
              Όχι τώρα
            </button>
            <SignOutButton />
          </SubmitRow>
        </form>
      )}
    </main>
  );
}
