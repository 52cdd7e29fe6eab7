'use client';

import type { ChangeEvent } from 'react';
import styles from './account.module.css';

interface PhotoFieldProps {
  /** What the card will show: the picked photo (a blob: URL), the stored one, or nothing. */
  src: string | null;
  /** Progress, announced politely. */
  note?: string;
  error?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** One photo for the card and its vCard: pick, see it cut square, remove. */
export default function PhotoField({
  src,
  note,
  error,
  disabled,
  onPick,
  onRemove,
}: PhotoFieldProps) {
  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file picked again after a failure must fire a change again.
    event.target.value = '';
    if (file) onPick(file);
  }

  return (
    <fieldset className={styles.fieldset}>
      <legend>Φωτογραφία</legend>
      <p className={styles.hint} id="card-photo-hint">
        Εμφανίζεται στην κάρτα και στην επαφή που αποθηκεύουν οι επισκέπτες. Κόβεται τετράγωνη και
        μικραίνει αυτόματα. Χωρίς φωτογραφία, η κάρτα δείχνει τα αρχικά σας.
      </p>
      {src && (
        // A blob: URL of the picked photo or the card's own image, shown as it is.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          className={styles.photo}
          src={src}
          alt="Η φωτογραφία της κάρτας σας"
          width={96}
          height={96}
        />
      )}
      <div className={styles.field}>
        <label htmlFor="card-photo">Επιλογή φωτογραφίας</label>
        <input
          id="card-photo"
          className={styles.input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/*"
          disabled={disabled}
          aria-describedby={error ? 'card-photo-hint card-photo-error' : 'card-photo-hint'}
          aria-invalid={error ? true : undefined}
          onChange={picked}
        />
        <p className={styles.status} role="status">
          {note}
        </p>
        {error && (
          <p id="card-photo-error" className={styles.error}>
            {error}
          </p>
        )}
      </div>
      {src && (
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} disabled={disabled} onClick={onRemove}>
            Αφαίρεση φωτογραφίας
          </button>
        </div>
      )}
    </fieldset>
  );
}
