'use client';

import { useEffect, useState } from 'react';
import { authMessage, confirmVerified, sendVerification, type User } from '@/browser/owner/auth';
import styles from './account.module.css';

/** How long «Αποστολή ξανά» rests after a send: Firebase refuses quick repeats anyway. */
const RESEND_PAUSE_MS = 30_000;

const VERIFY_MESSAGES = {
  resent: 'Στάλθηκε νέο email επιβεβαίωσης.',
  notYet:
    'Η διεύθυνση δεν έχει επιβεβαιωθεί ακόμη. Ανοίξτε τον σύνδεσμο του email και δοκιμάστε ξανά.',
} as const;

/**
 * Resending the verification e-mail and checking whether it was opened, with what to say about
 * each. The account is read again whenever the page comes back into view, so an owner back from
 * the link's tab moves on without pressing anything (a page opened by the link reads it anyway).
 */
export function useVerification(user: User) {
  const [busy, setBusy] = useState(false);
  const [resting, setResting] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        void confirmVerified(user).catch(() => undefined);
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [user]);

  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), RESEND_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [resting]);

  async function resend() {
    setBusy(true);
    setMessage(null);
    try {
      await sendVerification(user);
      setMessage({ text: VERIFY_MESSAGES.resent, error: false });
      setResting(true);
    } catch (error) {
      setMessage({ text: authMessage(error), error: true });
    } finally {
      setBusy(false);
    }
  }

  /** On success the token's listener (AccountApp) moves on; nothing to say here. */
  async function confirm() {
    setBusy(true);
    setMessage(null);
    try {
      if (!(await confirmVerified(user))) {
        setMessage({ text: VERIFY_MESSAGES.notYet, error: true });
      }
    } catch (error) {
      setMessage({ text: authMessage(error), error: true });
    } finally {
      setBusy(false);
    }
  }

  return { busy, resting, message, resend, confirm };
}

type Verification = ReturnType<typeof useVerification>;
type VerifyMessage = Verification['message'];

/** «Το επιβεβαίωσα» (the screen's main action where `primary`) and «Αποστολή ξανά». */
export function VerifyButtons({
  verification: { busy, resting, resend, confirm },
  primary,
}: {
  verification: Verification;
  primary: boolean;
}) {
  return (
    <>
      <button
        type="button"
        className={primary ? styles.button : styles.secondary}
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
    </>
  );
}

/** What the last action said: news as a status, an error as an alert. */
export function VerifyMessages({ message }: { message: VerifyMessage }) {
  return (
    <>
      <p className={styles.success} role="status">
        {message && !message.error ? message.text : null}
      </p>
      <p className={styles.error} role="alert">
        {message?.error ? message.text : null}
      </p>
    </>
  );
}
