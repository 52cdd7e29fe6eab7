'use client';

// A plain link to the vCard route, so Save contact works without scripts. With scripts it
// fetches the file itself to show a spinner while it comes, and a message if it cannot.
import { useState, type MouseEvent } from 'react';
import spinner from '@/components/spinner.module.css';
import { downloadBlob } from '@/lib/download';
import styles from './buttons.module.css';

export const SAVE_FAILED = 'Η αποθήκευση της επαφής απέτυχε. Δοκιμάστε ξανά.';

export default function SaveContactButton({ href, fileName }: { href: string; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const res = await fetch(href);
      if (!res.ok) throw new Error(`vCard: HTTP ${res.status}`);
      downloadBlob(await res.blob(), fileName);
    } catch (e) {
      console.error(e);
      setError(SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <a
        href={href}
        download={fileName}
        className={styles.save}
        aria-busy={busy}
        aria-disabled={busy}
        onClick={download}
      >
        {busy && <span className={spinner.spinner} aria-hidden="true" />}
        Αποθήκευση Επαφής
      </a>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
