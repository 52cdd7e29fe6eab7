'use client';

// Share and QR, under Save contact. What they need (the share logic, the QR dialog) is fetched
// when a pointer or focus reaches a button, so it is there by the tap: Safari lets a page share
// or copy only while the tap's user activation lasts.
import dynamic from 'next/dynamic';
import { useCallback, useState, type MouseEvent } from 'react';
import styles from './buttons.module.css';

const loadShare = () => import('@/lib/share');
const loadQrDialog = () => import('./QrDialog');
const QrDialog = dynamic(loadQrDialog, { ssr: false });

interface Props {
  /** The card's canonical URL: what is shared, copied and encoded in the QR code. */
  url: string;
  /** The person's full name: the share's title and the QR code's description. */
  name: string;
  qrHref: string;
}

export default function ShareActions({ url, name, qrHref }: Props) {
  const [message, setMessage] = useState('');
  const [qrOpen, setQrOpen] = useState(false);
  // Mounted from the first opening on, so its chunk is fetched only when needed.
  const [qrMounted, setQrMounted] = useState(false);

  const prefetchShare = useCallback(() => void loadShare(), []);
  const prefetchQr = useCallback(() => void loadQrDialog(), []);
  const closeQr = useCallback(() => setQrOpen(false), []);

  async function share() {
    setMessage('');
    const { shareLink, shareMessage } = await loadShare();
    setMessage(shareMessage(await shareLink({ title: name, url }), url));
  }

  // A link to the SVG itself, so the code can be shown without scripts; with them, a dialog.
  function openQr(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setMessage('');
    setQrMounted(true);
    setQrOpen(true);
  }

  return (
    <>
      <div className={styles.shareRow}>
        <button
          type="button"
          className={styles.secondary}
          onPointerEnter={prefetchShare}
          onPointerDown={prefetchShare}
          onFocus={prefetchShare}
          onClick={share}
        >
          <ShareIcon />
          Κοινοποίηση
        </button>
        <a
          href={qrHref}
          className={styles.secondary}
          aria-haspopup="dialog"
          onPointerEnter={prefetchQr}
          onPointerDown={prefetchQr}
          onFocus={prefetchQr}
          onClick={openQr}
        >
          <QrIcon />
          Κωδικός QR
        </a>
      </div>
      <p className={styles.shareStatus} role="status" aria-live="polite">
        {message}
      </p>
      {qrMounted && <QrDialog open={qrOpen} src={qrHref} name={name} onClose={closeQr} />}
    </>
  );
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={styles.icon}>
      <path d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
    </svg>
  );
}

function QrIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={styles.icon}>
      <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2" />
    </svg>
  );
}
