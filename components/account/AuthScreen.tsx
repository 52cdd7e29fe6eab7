'use client';

import { useEffect, useState, type FormEvent } from 'react';
import {
  authMessage,
  isCancelledPopup,
  resetSentMessage,
  sendPasswordReset,
  signIn,
  signInWithGoogle,
  signUp,
} from '@/browser/owner/auth';
import {
  finishCompanySignIn,
  forgetCompanySignInReturn,
  goToCompanySignIn,
  lookUpCompanySignIn,
  takeCompanySignInReturn,
} from '@/browser/owner/company-sign-in';
import { readInviteLink } from '@/browser/owner/invitations';
import {
  COMPANY_SIGN_IN_BUTTON,
  COMPANY_SIGN_IN_ERRORS,
  COMPANY_SIGN_IN_REQUIRED,
  companySignInFailure,
} from '@/lib/company-sign-in';
import type { InviteLink } from '@/lib/company-answers';
import Field from './Field';
import SubmitRow from './SubmitRow';
import styles from './account.module.css';

type Mode = 'signIn' | 'signUp' | 'reset';

const TITLES: Record<Mode, string> = {
  signIn: 'Σύνδεση στην karta',
  signUp: 'Νέος λογαριασμός',
  reset: 'Νέος κωδικός',
};

const INTROS: Record<Mode, string> = {
  signIn: 'Συνδεθείτε για να δείτε τις επαφές που σας άφησαν και να αλλάξετε την κάρτα σας.',
  signUp:
    'Φτιάξτε λογαριασμό· θα σας στείλουμε email για να επιβεβαιώσετε τη διεύθυνσή σας και μετά διαλέγετε τη διεύθυνση της κάρτας σας.',
  reset: 'Γράψτε το email του λογαριασμού σας και θα σας στείλουμε σύνδεσμο για νέο κωδικό.',
};

/** Before the link's invitation is read, or when it cannot be. */
const INVITED =
  'Συνδεθείτε ή δημιουργήστε λογαριασμό με τη διεύθυνση της πρόσκλησης για να την αποδεχθείτε.';

/** What the screen says to the holder of an invitation's link, once read. */
function invitedIntro({ companyName, hasAccount }: InviteLink): string {
  return hasAccount
    ? `Η εταιρεία «${companyName}» σας προσκαλεί. Συνδεθείτε με τη διεύθυνση της πρόσκλησης για να την αποδεχθείτε.`
    : `Η εταιρεία «${companyName}» σας προσκαλεί. Φτιάξτε τον λογαριασμό σας με τη διεύθυνση της πρόσκλησης· θα σας στείλουμε email για να την επιβεβαιώσετε.`;
}

/**
 * Whether the company of `email` requires its own sign-in: then no password is tried. Unknown
 * (offline) counts as not: karta's server refuses such a session's writes anyway.
 */
async function companyRequires(email: string): Promise<boolean> {
  try {
    const found = await lookUpCompanySignIn(email);
    return found.sso && found.required;
  } catch {
    return false;
  }
}

/**
 * Sign in (with a password, Google or the company's own account), create an account (its address is verified next, on
 * VerifyScreen, then the card is claimed on ClaimScreen), or ask for a new password. Opened from
 * an invitation's link (`invite`, its token), it opens sign-up for an address with no account and
 * sign-in for one with an account, the invited address filled in.
 */
export default function AuthScreen({
  notice,
  invite,
}: {
  notice?: string;
  invite?: string | null;
}) {
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [invited, setInvited] = useState<InviteLink | null>(null);
  const [password, setPassword] = useState('');
  // The console renders in the browser only (AccountLoader).
  const [back] = useState(takeCompanySignInReturn);
  const [error, setError] = useState<string | null>(
    back && 'failure' in back ? back.failure : null,
  );
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(back !== undefined && 'token' in back);

  // Back from the company's provider: sign in with karta's token, or say why not.
  useEffect(() => {
    if (!back) return;
    forgetCompanySignInReturn();
    if (!('token' in back)) return;
    finishCompanySignIn(back.token).catch(() => {
      setError(companySignInFailure('failed'));
      setBusy(false);
    });
  }, [back]);

  useEffect(() => {
    if (!invite) return;
    let current = true;
    void readInviteLink(invite).then((link) => {
      if (!current || link === null) return;
      setInvited(link);
      setMode(link.hasAccount ? 'signIn' : 'signUp');
      setEmail((typed) => typed || link.email);
    });
    return () => {
      current = false;
    };
  }, [invite]);

  function switchTo(next: Mode) {
    setMode(next);
    setError(null);
    setSent(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      if (mode === 'reset') {
        await sendPasswordReset(email);
        setSent(resetSentMessage(email));
        setBusy(false);
        return;
      }
      if (await companyRequires(email)) {
        setError(COMPANY_SIGN_IN_REQUIRED);
        setBusy(false);
        return;
      }
      // On success the auth listener in AccountApp moves on to the next screen.
      await (mode === 'signIn' ? signIn(email, password) : signUp(email, password));
    } catch (caught) {
      setError(authMessage(caught));
      setBusy(false);
    }
  }

  async function google() {
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      await signInWithGoogle();
    } catch (caught) {
      if (!isCancelledPopup(caught)) setError(authMessage(caught));
      setBusy(false);
    }
  }

  async function company() {
    setError(null);
    setSent(null);
    if (!email.trim()) {
      setError(COMPANY_SIGN_IN_ERRORS['no-email']);
      return;
    }
    setBusy(true);
    try {
      const found = await lookUpCompanySignIn(email);
      if (found.sso) {
        goToCompanySignIn(found.start);
        return;
      }
      setError(COMPANY_SIGN_IN_ERRORS['no-company']);
    } catch (caught) {
      setError(authMessage(caught));
    }
    setBusy(false);
  }

  const resetting = mode === 'reset';
  return (
    <main className={styles.shell}>
      <h1 className={styles.title}>{TITLES[mode]}</h1>
      {notice && (
        <p className={styles.success} role="status">
          {notice}
        </p>
      )}
      <p>{resetting || !invite ? INTROS[mode] : invited ? invitedIntro(invited) : INVITED}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          id="auth-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {!resetting && (
          <Field
            id="auth-password"
            label="Κωδικός"
            type="password"
            autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
            hint={mode === 'signIn' ? undefined : 'Τουλάχιστον 6 χαρακτήρες'}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        {mode === 'signIn' && (
          <button type="button" className={styles.linkButton} onClick={() => switchTo('reset')}>
            Ξεχάσατε τον κωδικό;
          </button>
        )}
        <p className={styles.success} role="status">
          {sent}
        </p>
        <p className={styles.error} role="alert">
          {error}
        </p>
        <SubmitRow
          label={
            mode === 'signIn'
              ? 'Σύνδεση'
              : mode === 'signUp'
                ? 'Δημιουργία λογαριασμού'
                : 'Αποστολή συνδέσμου'
          }
          busy={busy}
        >
          {resetting ? (
            <button className={styles.secondary} type="button" onClick={() => switchTo('signIn')}>
              Πίσω στη σύνδεση
            </button>
          ) : (
            <button
              className={styles.secondary}
              type="button"
              onClick={() => switchTo(mode === 'signIn' ? 'signUp' : 'signIn')}
            >
              {mode === 'signIn' ? 'Δεν έχω λογαριασμό' : 'Έχω ήδη λογαριασμό'}
            </button>
          )}
        </SubmitRow>
      </form>
      {!resetting && (
        <>
          <p className={styles.divider}>ή</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              onClick={() => void google()}
            >
              Σύνδεση με Google
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              onClick={() => void company()}
            >
              {COMPANY_SIGN_IN_BUTTON}
            </button>
          </div>
        </>
      )}
    </main>
  );
}
