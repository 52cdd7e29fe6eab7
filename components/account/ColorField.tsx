'use client';

import { CARD_COLOR_PATTERN } from '@/lib/profile';
import styles from './account.module.css';

const STORED_COLOR = new RegExp(CARD_COLOR_PATTERN);

/** The palette: a few colours that read well on the card; any other through the colour picker. */
const ACCENT_SWATCHES = [
  { color: '#d81b60', name: 'Ροζ' },
  { color: '#e53935', name: 'Κόκκινο' },
  { color: '#ef6c00', name: 'Πορτοκαλί' },
  { color: '#2e7d32', name: 'Πράσινο' },
  { color: '#00838f', name: 'Πετρόλ' },
  { color: '#1e88e5', name: 'Μπλε' },
  { color: '#5e35b1', name: 'Μωβ' },
  { color: '#37474f', name: 'Ανθρακί' },
] as const;

interface ColorFieldProps {
  /** `#rrggbb`, or '' for the card's own colour. */
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}

/** The card's colour: its default, one of the palette's, or any colour. */
export default function ColorField({ value, error, disabled, onChange }: ColorFieldProps) {
  const color = value.toLowerCase();
  const options = [{ color: '', name: 'Προεπιλογή' }, ...ACCENT_SWATCHES];
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={error ? 'card-accent-hint card-accentColor-error' : 'card-accent-hint'}
    >
      <legend>Χρώμα κάρτας</legend>
      <p id="card-accent-hint" className={styles.hint}>
        Χρωματίζει την κεφαλίδα και τα κουμπιά της κάρτας· το κείμενο πάνω του προσαρμόζεται ώστε να
        διαβάζεται. «Προεπιλογή»: το χρώμα της karta.
      </p>
      <div className={styles.swatches}>
        {options.map((option) => (
          <label key={option.name} className={styles.swatch}>
            <input
              type="radio"
              name="card-accent"
              value={option.color}
              checked={color === option.color}
              disabled={disabled}
              onChange={() => onChange(option.color)}
            />
            <span
              className={styles.swatchColor}
              aria-hidden="true"
              style={{ background: option.color || 'var(--primary, #000)' }}
            />
            <span>{option.name}</span>
          </label>
        ))}
      </div>
      <div className={styles.colorPicker}>
        <label htmlFor="card-accentColor">Άλλο χρώμα</label>
        <input
          id="card-accentColor"
          type="color"
          className={styles.colorInput}
          // The picker always shows a colour: the default's stand-in while there is none.
          value={STORED_COLOR.test(color) ? color : '#000000'}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'card-accentColor-error' : undefined}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
        />
      </div>
      {error && (
        <p id="card-accentColor-error" className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
