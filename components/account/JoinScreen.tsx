'use client';

import { useEffect, useState, type FormEvent } from 'react';
import type { User } from '@/browser/owner/auth';
import { acceptInvite, readInvite } from '@/browser/owner/company';
import { acceptPendingInvite } from '@/browser/owner/invitations';
import { dropInvite } from '@/browser/owner/invite-token';
import type { InviteInfo, PendingInvite } from '@/lib/company-answers';
import { OwnerRequestError } from '@/browser/owner/owner-api';
import { profilePath } from '@/lib/routes';
import { claimProblem, usernamePreview } from '@/lib/username';
import SignOutButton from './SignOutButton';
import SubmitRow from './SubmitRow';
import UsernameField from './UsernameField';
import styles from './account.module.css';
import { COMPANY_REFUSALS, refusalOf } from './company/messages';

/** Refusals after which the link will never work: the screen offers only to go on without it. */
const FINAL = new Set(['no-invite', 'expired', 'revoked', 'used', 'has-company']);

const isFinal = (caught: unknown) => caught instanceof OwnerRequestError && FINAL.has(caught.error);

/** The invitation shown: its link's token, or one of the account's pending ones (no link). */
export type Invitation = { token: string } | { pending: PendingInvite };

type Shown = InviteInfo & { suggestedUsername?: string };

function accept(invitation: Invitation, username?: string): Promise<{ username: string }> {
  return 'token' in invitation
    ? acceptInvite(invitation.token, username)
    : acceptPendingInvite(invitation.pending, username);
}

/** After joining: where the card is, that it has the company's details, and what to do next. */
function Welcome({
  companyName,
  username,
  onDone,
}: {
  companyName: string;
  username: string;
  onDone: () => void;
}) {
  return (
    <main className={styles.shell}>
      <h1 className={styles.title}>Καλώς ήρθατε στην εταιρεία «{companyName}»</h1>
      <p className={styles.success} role="status">
        Η κάρτα σας <strong>{profilePath(username)}</strong> έχει ήδη τα στοιχεία της εταιρείας.
      </p>
      <p>
        Στην «Επεξεργασία» προσθέστε το τηλέφωνο και τη φωτογραφία σας· από την «Κοινοποίηση»
        μοιράζεστε την κάρτα με QR ή σύνδεσμο.
      </p>
      <div className={styles.actions}>
        <button className={styles.button} type="button" onClick={onDone}>
          Στην κάρτα μου
        </button>
      </div>
    </main>
  );
}

/**
 * An invitation, once signed in: opened from its link (`/account?invite=…`), or one of the
 * account's open invitations found at /account without it. The company and the address it was
 * sent to, and «Αποδοχή». An account with a card brings it into the company (a directory's card
 * made for the person then forwards to it); one without chooses the username of the card the
 * company makes for it, offered one made of the invited names.
 */
export default function JoinScreen({
  user,
  invitation,
  username,
  onJoined,
  onDismiss,
}: {
  user: User;
  invitation: Invitation;
  /** The account's card, or null when it has none yet. */
  username: string | null;
  onJoined: (username: string) => void;
  onDismiss: () => void;
}) {
  const pending = 'pending' in invitation ? invitation.pending : null;
  const token = 'token' in invitation ? invitation.token : null;
  const [info, setInfo] = useState<Shown | null>(pending);
  const [final, setFinal] = useState<string | null>(null);
  const [wanted, setWanted] = useState(pending?.suggestedUsername ?? '');
  const [usernameError, setUsernameError] = useState<string | undefined>(undefined);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);

  useEffect(() => {
    if (token === null) return;
    let current = true;
    readInvite(token).then(
      (answer) => {
        if (!current) return;
        setInfo(answer);
        setWanted((typed) => typed || (answer.suggestedUsername ?? ''));
      },
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    const name = wanted.trim();
    // A directory's invitation names its card: there is no name to choose.
    const choosing = username === null && !info?.card;
    if (choosing) {
      const problem = claimProblem(name);
      setUsernameError(problem ?? undefined);
      if (problem) return;
    }
    setBusy(true);
    try {
      const answer = await accept(invitation, choosing ? name : undefined);
      // Used up: a reload of the welcome must not offer the link again.
      if (token !== null) dropInvite();
      setJoined(answer.username);
    } catch (caught) {
      const { message, field } = refusalOf(caught);
      if (isFinal(caught)) setFinal(message);
      else if (field === 'username') setUsernameError(message);
      else setError(message);
      setBusy(false);
    }
  }

  if (joined !== null && info !== null) {
    return (
      <Welcome companyName={info.companyName} username={joined} onDone={() => onJoined(joined)} />
    );
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
              {token !== null ? 'Συνέχεια χωρίς την πρόσκληση' : 'Συνέχεια'}
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
        <form className={styles.form} onSubmit={submit} noValidate>
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
          {info.card && username !== null ? (
            <p>
              Η κάρτα σας <strong>{profilePath(username)}</strong> θα γίνει η εταιρική σας κάρτα· η{' '}
              <strong>{profilePath(info.card)}</strong>, που σας είχε ετοιμάσει η εταιρεία, θα
              παραπέμπει σε αυτήν. Το όνομα, η θέση και τα στοιχεία επικοινωνίας σας θα έρχονται από
              τον κατάλογο της εταιρείας· η φωτογραφία και οι σύνδεσμοί σας μένουν.
            </p>
          ) : info.card ? (
            <p>
              Η εταιρεία σάς έχει ετοιμάσει την κάρτα <strong>{profilePath(info.card)}</strong> με
              τα στοιχεία σας από τον κατάλογό της: με την αποδοχή γίνεται δική σας.
            </p>
          ) : username === null ? (
            <>
              <p>
                Διαλέξτε το όνομα χρήστη της κάρτας σας: θα βρίσκεται στη διεύθυνση{' '}
                <strong>{profilePath(usernamePreview(wanted))}</strong>, με τα στοιχεία της
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
