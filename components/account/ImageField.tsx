'use client';

import type { ChangeEvent, ReactNode } from 'react';
import styles from './account.module.css';

/** The preview's own attributes: its class, its text for a screen reader, its size if fixed. */
interface Preview {
  className: string;
  alt: string;
  width?: number;
  height?: number;
}

interface ImageFieldProps {
  /** The file input's; its hint's and error's ids are made from it. */
  id: string;
  legend: string;
  hint: ReactNode;
  pickLabel: string;
  removeLabel: string;
  /** The file types offered, as the input's `accept`. */
  accept: string;
  /** What the save will leave: the picked file (a blob: URL), the stored image, or nothing. */
  src: string | null;
  preview: Preview;
  /** Progress, announced politely; without it, the field has no status line. */
  note?: string;
  error?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** One image the console uploads (the card's photo, a company's logo): pick, see it, remove. */
export default function ImageField({
  id,
  legend,
  hint,
  pickLabel,
  removeLabel,
  accept,
  src,
  preview,
  note,
  error,
  disabled,
  onPick,
  onRemove,
}: ImageFieldProps) {
  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file picked again after a failure must fire a change again.
    event.target.value = '';
    if (file) onPick(file);
  }

  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <p className={styles.hint} id={`${id}-hint`}>
        {hint}
      </p>
      {src && (
        // A blob: URL of the picked file or the stored image, shown as it is.
        // eslint-disable-next-line @next/next/no-img-element
        <img {...preview} src={src} alt={preview.alt} />
      )}
      <div className={styles.field}>
        <label htmlFor={id}>{pickLabel}</label>
        <input
          id={id}
          className={styles.input}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={picked}
        />
        {note !== undefined && (
          <p className={styles.status} role="status">
            {note}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        )}
      </div>
      {src && (
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} disabled={disabled} onClick={onRemove}>
            {removeLabel}
          </button>
        </div>
      )}
    </fieldset>
  );
}
