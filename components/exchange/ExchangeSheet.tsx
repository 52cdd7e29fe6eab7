'use client';

// The contact-exchange bottom sheet, mounted on the card on demand by mount-sheet.tsx.
import { useEffect, useId, useRef } from 'react';
import { useReducedMotion } from 'motion/react';
import { Sheet } from 'react-modal-sheet';
import type { TakeOver } from '@/browser/card/sheet';
import { trapTab } from '@/browser/card/trap-tab';
import { CONTACT_TEXTS, privacyLine, withName } from '@/lib/contact-texts';
import { DEFAULT_LANGUAGE, PRIVACY_PATH, type CardLanguage } from '@/lib/routes';
import ContactForm from './ContactForm';
import styles from './ExchangeSheet.module.css';
import { focusFirstFieldWhenShown } from './focus-when-shown';

interface Props {
  isOpen: boolean;
  /** Changes on every opening: the form starts empty each time. */
  formKey: number;
  /** Taking over from the card's plain form (browser/card/sheet.ts); none, an empty form. */
  takeOver?: TakeOver;
  username: string;
  firstName: string;
  /** A member card's company, which receives the details too; none on a personal card. */
  company?: string;
  /** The card's language: the sheet speaks it (lib/contact-messages.ts). Greek unless given. */
  lang?: CardLanguage;
  onClose: () => void;
  onSent: () => void;
}

export default function ExchangeSheet({
  isOpen,
  formKey,
  takeOver,
  username,
  firstName,
  company,
  lang = DEFAULT_LANGUAGE,
  onClose,
  onSent,
}: Props) {
  const texts = CONTACT_TEXTS[lang];
  const titleId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion() ?? false;

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    // Fetch and start the Firestore client (and App Check, when configured) while the visitor
    // types, so the first send does not wait for it.
    void import('@/browser/visitor-contact').then((client) => client.prepareContactWrite());
    // Focus moves into the sheet as it opens, to its first field; taking over, the form moves it
    // to where the visitor was.
    const stopFocusing = takeOver ? () => {} : focusFirstFieldWhenShown(() => containerRef.current);
    return () => {
      document.removeEventListener('keydown', onKey);
      stopFocusing();
    };
  }, [isOpen, onClose, takeOver]);

  return (
    <Sheet
      isOpen={isOpen}
      onClose={onClose}
      detent="content"
      dragCloseThreshold={0.25}
      // Quick out of the gate, gentle at rest: the first field is on screen within the first
      // few frames, which a slow start (easeInOut) and half a second held back.
      tweenConfig={{ ease: 'easeOut', duration: 0.3 }}
      // Taking over, it replaces a form already on screen: no slide in.
      prefersReducedMotion={reducedMotion || !!takeOver}
    >
      <Sheet.Container
        ref={containerRef}
        className={styles.container}
        // The library paints the sheet white inline; the scheme's surface instead.
        style={{ backgroundColor: 'var(--surface)' }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        // Tab and Shift+Tab stay inside the open sheet.
        onKeyDown={(event) => trapTab(event, event.currentTarget)}
      >
        <Sheet.Header className={styles.header}>
          <div className="sheetHandle" aria-hidden="true" />
          <h2 id={titleId} className="sheetTitle">
            {withName(texts.title, firstName)}
          </h2>
          <button type="button" className="sheetClose" onClick={onClose} aria-label={texts.close}>
            ×
          </button>
        </Sheet.Header>
        <Sheet.Content className={styles.content} disableDrag>
          <ContactForm
            key={formKey}
            username={username}
            onSent={onSent}
            lang={lang}
            takeOver={takeOver}
          />
          {/* GDPR Art. 13: who receives the details, where they are collected, and where to read
              the rest (what, why, how long, erasure). */}
          <p className="sheetPrivacy">
            {privacyLine(texts, firstName, company)} {/* The notice is written in Greek only. */}
            <a href={PRIVACY_PATH} hrefLang="el" target="_blank" rel="noopener">
              {texts.privacyLink}
            </a>
          </p>
        </Sheet.Content>
      </Sheet.Container>
      {/* A tap outside closes the sheet, for pointers only: the library makes the backdrop an
          unnamed <button>, and keyboard and screen-reader users already have Escape and the
          named close button inside the dialog, so it is kept out of the tab order and the
          accessibility tree. */}
      <Sheet.Backdrop
        className={styles.backdrop}
        onTap={onClose}
        aria-hidden="true"
        tabIndex={-1}
      />
    </Sheet>
  );
}
