import { useState, type ReactNode } from 'react';
import styles from './account.module.css';

/**
 * A step that cannot be undone, asked twice: the `start` button opens the confirmation, where what
 * it asks first (`children`) stands above the `confirm` button (enabled when `ready` and not
 * `busy`) and «Άκυρο»; the step's refusal is said below them.
 */
export default function ConfirmedDanger({
  start,
  confirm,
  ready = true,
  busy,
  error,
  onConfirm,
  onCancel,
  children,
}: {
  start: string;
  confirm: string;
  ready?: boolean;
  busy: boolean;
  error: string;
  onConfirm: () => void;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <div className={styles.actions}>
        <button type="button" className={styles.danger} onClick={() => setConfirming(true)}>
          {start}
        </button>
      </div>
    );
  }
  return (
    <div className={styles.confirm}>
      {children}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.danger}
          disabled={!ready || busy}
          onClick={onConfirm}
        >
          {confirm}
        </button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            setConfirming(false);
            onCancel?.();
          }}
        >
          Άκυρο
        </button>
      </div>
      <p className={styles.error} role="alert">
        {error}
      </p>
    </div>
  );
}
