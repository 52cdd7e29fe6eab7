import type { ReactNode } from 'react';
import styles from './account.module.css';

/**
 * A form's row of buttons: its submit, named `label` and disabled while `busy` (or `disabled`),
 * then the others it is given.
 */
export default function SubmitRow({
  label,
  busy,
  disabled = false,
  secondary = false,
  children,
}: {
  label: ReactNode;
  busy: boolean;
  disabled?: boolean;
  /** A lesser form's submit, drawn as a secondary button. */
  secondary?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={styles.actions}>
      <button
        className={secondary ? styles.secondary : styles.button}
        type="submit"
        disabled={busy || disabled}
      >
        {label}
      </button>
      {children}
    </div>
  );
}
