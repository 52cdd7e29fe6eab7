import type { InputHTMLAttributes } from 'react';
import { IconLock } from '@tabler/icons-react';
import { LOCKED_FIELD_NOTE } from '@/lib/company';
import styles from './account.module.css';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** The company sets it: read-only, with a lock and the note that says who to ask. */
  locked?: boolean;
}

/** A field whose value its form holds, told each new value as it is typed. */
export interface HeldField {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A labelled input whose error and hint are announced with it (aria-describedby). */
export default function Field({ id, label, error, hint, locked, ...input }: FieldProps) {
  if (locked) hint = LOCKED_FIELD_NOTE;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={locked ? styles.lockedLabel : undefined}>
        {locked && <IconLock aria-hidden="true" size={16} />}
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
        readOnly={locked || input.readOnly}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
