'use client';

// The card's one client island: the contact-exchange button and its sheet, Save contact (with
// the in-app browser hint above it), Share and QR. Everything between the exchange button and
// Save contact is server-rendered and passed through as children. The sheet, the form, yup,
// motion, firebase, the share logic and the QR dialog are loaded only when a visitor reaches for
// them.
import dynamic from 'next/dynamic';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { CONTACT_MESSAGES } from '@/lib/contact-messages';
import InAppHint from './InAppHint';
import SaveContactButton from './SaveContactButton';
import ShareActions from './ShareActions';
import styles from './buttons.module.css';

const loadSheet = () => import('@/components/exchange/ExchangeSheet');
const ExchangeSheet = dynamic(loadSheet, { ssr: false });

interface Props {
  username: string;
  firstName: string;
  /** The full name, for the share's title and the QR code's description. */
  name: string;
  /** The card's canonical URL (lib/routes.ts cardUrl), shared, copied and in the QR code. */
  url: string;
  vcardHref: string;
  vcardFileName: string;
  qrHref: string;
  children: ReactNode;
}

export default function CardActions({
  username,
  firstName,
  name,
  url,
  vcardHref,
  vcardFileName,
  qrHref,
  children,
}: Props) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so the chunk is fetched only when needed.
  const [mounted, setMounted] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  // Each opening gets a fresh form, so whatever way the sheet was closed, nothing carries over,
  // while the closing slide still shows what it held.
  const [opening, setOpening] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const prefetch = useCallback(() => void loadSheet(), []);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  const sent = useCallback(() => {
    setConfirmation(CONTACT_MESSAGES.sent);
    close();
  }, [close]);

  return (
    <>
      <div className={styles.exchangeSlot}>
        <button
          ref={buttonRef}
          type="button"
          className={styles.exchange}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onTouchStart={prefetch}
          onClick={() => {
            setConfirmation('');
            setMounted(true);
            setOpening((n) => n + 1);
            setOpen(true);
          }}
        >
          Ανταλλαγή Επαφής
        </button>
      </div>
      <p className={styles.confirmation} role="status" aria-live="polite">
        {confirmation}
      </p>
      {children}
      <div className={styles.saveSlot}>
        <InAppHint url={url} />
        <SaveContactButton href={vcardHref} fileName={vcardFileName} />
        <ShareActions url={url} name={name} qrHref={qrHref} />
      </div>
      {mounted && (
        <ExchangeSheet
          isOpen={open}
          formKey={opening}
          username={username}
          firstName={firstName}
          onClose={close}
          onSent={sent}
        />
      )}
    </>
  );
}
