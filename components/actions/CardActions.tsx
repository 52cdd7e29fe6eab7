'use client';

// The card's one client island: the contact-exchange button and its sheet, and Save contact.
// Everything between the two buttons is server-rendered and passed through as children. The
// sheet, the form, yup, motion and firebase are loaded only when a visitor reaches for them.
import dynamic from 'next/dynamic';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { CONTACT_MESSAGES } from '@/lib/contact-messages';
import SaveContactButton from './SaveContactButton';
import styles from './buttons.module.css';

const loadSheet = () => import('@/components/exchange/ExchangeSheet');
const ExchangeSheet = dynamic(loadSheet, { ssr: false });

interface Props {
  username: string;
  firstName: string;
  vcardHref: string;
  vcardFileName: string;
  children: ReactNode;
}

export default function CardActions({
  username,
  firstName,
  vcardHref,
  vcardFileName,
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
        <SaveContactButton href={vcardHref} fileName={vcardFileName} />
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
