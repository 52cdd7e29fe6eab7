'use client';

// The card's QR code, large, in a modal <dialog>: the browser traps focus in it, closes it on
// Escape and gives focus back to the QR button. Loaded on demand by ShareActions.
import Image from 'next/image';
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import styles from './buttons.module.css';

interface Props {
  open: boolean;
  src: string;
  name: string;
  onClose: () => void;
}

export default function QrDialog({ open, src, name, onClose }: Props) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // A tap on the backdrop (the dialog element itself, outside its content) closes it.
  function closeOutside(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) event.currentTarget.close();
  }

  return (
    <dialog
      ref={ref}
      className={styles.qrDialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={closeOutside}
    >
      <h2 id={titleId} className={styles.qrTitle}>
        Σαρώστε με την κάμερα του κινητού
      </h2>
      {/* An SVG from our own route: nothing for the image optimiser to do. */}
      <Image
        src={src}
        alt={`Κωδικός QR της κάρτας: ${name}`}
        width={320}
        height={320}
        unoptimized
        loading="eager"
        className={styles.qrImage}
      />
      <button type="button" className={styles.save} onClick={() => ref.current?.close()}>
        Κλείσιμο
      </button>
    </dialog>
  );
}
