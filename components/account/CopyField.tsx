'use client';

import { useState } from 'react';
import styles from './account.module.css';
import own from './CopyField.module.css';

/** A value to copy: read-only, selected on focus, with its «Αντιγραφή» button. */
export default function CopyField({
  id,
  label,
  value,
}: {
  id: string;
  label: string;
  value: string;
}) {
  const [copied, setCopied] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('Αντιγράφηκε.');
    } catch {
      setCopied('Η αντιγραφή δεν έγινε· επιλέξτε το κείμενο και αντιγράψτε το.');
    }
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={own.value}>
        <input
          id={id}
          className={styles.input}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className={styles.secondary} onClick={() => void copy()}>
          Αντιγραφή
        </button>
      </div>
      <p className={styles.status} role="status">
        {copied}
      </p>
    </div>
  );
}
