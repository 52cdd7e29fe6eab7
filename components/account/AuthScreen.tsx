'use client';

import { useState, type FormEvent } from 'react';
import { authMessage, signIn, signUp } from '@/browser/owner/auth';
import Field from './Field';
import styles from './account.module.css';

type Mode = 'signIn' | 'signUp';

/** Sign in, or create an account (the card is claimed next, on ClaimScreen). */
export default function AuthScreen({ notice }: { notice?: string }) {
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // On success the auth listener in AccountApp moves on to the next screen.
      await (mode === 'signIn' ? signIn(email, password) : signUp(email, password));
    } catch (caught) {
      setError(authMessage(caught));
      setBusy(false);
    }
  }

  const signingIn = mode === 'signIn';
  return (
    <main className={styles.shell}>
      <h1 className={styles.title}>{signingIn ? 'Σύνδεση στην karta' : 'Νέος λογαριασμός'}</h1>
      {notice && (
        <p className={styles.success} role="status">
          {notice}
        </p>
      )}
      <p>
        {signingIn
          ? 'Συνδεθείτε για να δείτε τις επαφές που σας άφησαν και να αλλάξετε την κάρτα σας.'
          : 'Φτιάξτε λογαριασμό· στο επόμενο βήμα διαλέγετε τη διεύθυνση της κάρτας σας.'}
      </p>
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
        <Field
          id="auth-password"
          label="Κωδικός"
          type="password"
          autoComplete={signingIn ? 'current-password' : 'new-password'}
          hint={signingIn ? undefined : 'Τουλάχιστον 6 χαρακτήρες'}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className={styles.error} role="alert">
          {error}
        </p>
        <div className={styles.actions}>
          <button className={styles.button} type="submit" disabled={busy}>
            {signingIn ? 'Σύνδεση' : 'Δημιουργία λογαριασμού'}
          </button>
          <button
            className={styles.secondary}
            type="button"
            onClick={() => {
              setMode(signingIn ? 'signUp' : 'signIn');
              setError(null);
            }}
          >
            {signingIn ? 'Δεν έχω λογαριασμό' : 'Έχω ήδη λογαριασμό'}
          </button>
        </div>
      </form>
    </main>
  );
}
