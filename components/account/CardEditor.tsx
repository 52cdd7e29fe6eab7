'use client';

import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { saveCard, watchCard } from '@/lib/owner/card';
import {
  cardFormChanges,
  toFormValues,
  type CardFormErrors,
  type CardFormValues,
  type TypedField,
} from '@/lib/owner/card-form';
import { readCard, waitForCardChange } from '@/lib/owner/live-check';
import { PhotoError, photoToThumbnail } from '@/lib/owner/photo';
import { CARD_MESSAGES, CARD_FIELD_RULES } from '@/lib/profile';
import Field from './Field';
import styles from './account.module.css';

interface FieldSpec {
  field: TypedField;
  label: string;
  type?: 'email' | 'tel' | 'url';
  autoComplete?: string;
  hint?: string;
}

const GROUPS: Array<{ legend: string; fields: FieldSpec[] }> = [
  {
    legend: 'Στοιχεία',
    fields: [
      { field: 'firstName', label: 'Όνομα', autoComplete: 'given-name' },
      { field: 'lastName', label: 'Επώνυμο', autoComplete: 'family-name' },
      { field: 'jobTitle', label: 'Ιδιότητα ή θέση', autoComplete: 'organization-title' },
      { field: 'companyName', label: 'Εταιρεία', autoComplete: 'organization' },
      { field: 'city', label: 'Πόλη', autoComplete: 'address-level2' },
    ],
  },
  {
    legend: 'Επικοινωνία',
    fields: [
      { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
      { field: 'phoneNumber', label: 'Τηλέφωνο', type: 'tel', autoComplete: 'tel' },
      { field: 'address', label: 'Διεύθυνση', autoComplete: 'street-address' },
      { field: 'addressDetails', label: 'Λεπτομέρειες διεύθυνσης', hint: 'π.χ. όροφος, γραφείο' },
      { field: 'websiteLink', label: 'Ιστότοπος', type: 'url', autoComplete: 'url' },
    ],
  },
  {
    legend: 'Κοινωνικά δίκτυα',
    fields: [
      { field: 'facebookLink', label: 'Facebook', type: 'url' },
      { field: 'instagramLink', label: 'Instagram', type: 'url' },
    ],
  },
  {
    legend: 'Εικόνες (διευθύνσεις)',
    fields: [
      { field: 'displayImage', label: 'Εικόνα της κάρτας' },
      { field: 'facebookIcon', label: 'Εικονίδιο Facebook' },
      { field: 'instagramIcon', label: 'Εικονίδιο Instagram' },
      { field: 'viberIcon', label: 'Εικονίδιο Viber' },
      { field: 'whatsappIcon', label: 'Εικονίδιο WhatsApp' },
    ],
  },
];

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'invalid' }
  | { kind: 'unchanged' }
  | { kind: 'failed' }
  | { kind: 'publishing' }
  | { kind: 'live'; ms: number }
  | { kind: 'late' };

function statusText(status: Status): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saving':
      return 'Αποθήκευση…';
    case 'invalid':
      return 'Διορθώστε τα πεδία με σφάλμα.';
    case 'unchanged':
      return 'Δεν υπάρχουν αλλαγές για αποθήκευση.';
    case 'failed':
      return 'Η αποθήκευση απέτυχε. Δοκιμάστε ξανά.';
    case 'publishing':
      return 'Αποθηκεύτηκε. Η κάρτα σας ενημερώνεται…';
    case 'live':
      return `Αποθηκεύτηκε. Η αλλαγή φαίνεται στην κάρτα σας (σε ${(status.ms / 1000).toLocaleString('el-GR', { maximumFractionDigits: 1 })} δευτ.).`;
    case 'late':
      return 'Αποθηκεύτηκε, αλλά η κάρτα δεν δείχνει ακόμη την αλλαγή. Ελέγξτε ξανά σε λίγο.';
  }
}

/** Every field the card shows, validated as the rules validate them, and the vCard photo. */
export default function CardEditor({ username }: { username: string }) {
  const [stored, setStored] = useState<CardFormValues | null>(null);
  const [values, setValues] = useState<CardFormValues | null>(null);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [loadFailed, setLoadFailed] = useState(false);
  const polling = useRef<AbortController | null>(null);

  useEffect(
    () =>
      watchCard(
        username,
        (data) => {
          const next = toFormValues(data);
          setStored(next);
          // The form starts from the stored card; later snapshots (this save, another tab)
          // never overwrite what the owner is typing.
          setValues((current) => current ?? next);
        },
        () => setLoadFailed(true),
      ),
    [username],
  );

  useEffect(() => () => polling.current?.abort(), []);

  if (loadFailed) {
    return (
      <p className={styles.error} role="alert">
        Η κάρτα δεν φορτώθηκε. Ελέγξτε τη σύνδεσή σας.
      </p>
    );
  }
  if (!values || !stored) return <p role="status">Φόρτωση κάρτας…</p>;

  const set = (field: keyof CardFormValues) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });

  async function pickPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file || !values) return;
    try {
      const thumbnailBase64 = await photoToThumbnail(file);
      setValues({ ...values, thumbnailBase64 });
      setErrors({ ...errors, thumbnailBase64: undefined });
    } catch (caught) {
      const message =
        caught instanceof PhotoError && caught.message === 'too large'
          ? CARD_MESSAGES.photoTooLarge
          : CARD_MESSAGES.photo;
      setErrors({ ...errors, thumbnailBase64: message });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values || !stored) return;
    const { errors: found, changes } = cardFormChanges(values, stored);
    setErrors(found);
    if (Object.keys(found).length > 0) return setStatus({ kind: 'invalid' });
    if (Object.keys(changes).length === 0) return setStatus({ kind: 'unchanged' });
    polling.current?.abort();
    const controller = new AbortController();
    polling.current = controller;
    setStatus({ kind: 'saving' });
    // The card as visitors see it before the save: the console waits for it to differ.
    const before = await readCard(username);
    try {
      await saveCard(username, changes);
    } catch {
      return setStatus({ kind: 'failed' });
    }
    setStatus({ kind: 'publishing' });
    const ms = await waitForCardChange(username, before, { signal: controller.signal });
    if (!controller.signal.aborted)
      setStatus(ms === null ? { kind: 'late' } : { kind: 'live', ms });
  }

  const photo = values.thumbnailBase64;
  return (
    <section className={styles.section} aria-labelledby="edit-title">
      <h2 id="edit-title">Επεξεργασία κάρτας</h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        {GROUPS.map((group) => (
          <fieldset key={group.legend} className={styles.fieldset}>
            <legend>{group.legend}</legend>
            {group.fields.map((spec) => (
              <Field
                key={spec.field}
                id={`card-${spec.field}`}
                label={spec.label}
                type={spec.type ?? 'text'}
                autoComplete={spec.autoComplete ?? 'off'}
                hint={spec.hint}
                maxLength={CARD_FIELD_RULES[spec.field].max}
                value={values[spec.field]}
                error={errors[spec.field]}
                onChange={set(spec.field)}
              />
            ))}
          </fieldset>
        ))}
        <fieldset className={styles.fieldset}>
          <legend>Φωτογραφία επαφής</legend>
          <p className={styles.hint} id="card-photo-hint">
            Μπαίνει στην επαφή που αποθηκεύουν οι επισκέπτες (vCard). Μικραίνει αυτόματα.
          </p>
          {photo && (
            // A data: URL of the thumbnail itself; next/image has nothing to optimise here.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              className={styles.photo}
              src={`data:image/jpeg;base64,${photo}`}
              alt="Η φωτογραφία της επαφής σας"
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
              accept="image/*"
              aria-describedby={
                errors.thumbnailBase64 ? 'card-photo-hint card-photo-error' : 'card-photo-hint'
              }
              aria-invalid={errors.thumbnailBase64 ? true : undefined}
              onChange={(event) => void pickPhoto(event)}
            />
            {errors.thumbnailBase64 && (
              <p id="card-photo-error" className={styles.error}>
                {errors.thumbnailBase64}
              </p>
            )}
          </div>
          {photo && (
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => setValues({ ...values, thumbnailBase64: '' })}
              >
                Αφαίρεση φωτογραφίας
              </button>
            </div>
          )}
        </fieldset>
        <div className={styles.actions}>
          <button
            className={styles.button}
            type="submit"
            disabled={status.kind === 'saving' || status.kind === 'publishing'}
          >
            Αποθήκευση
          </button>
        </div>
        <p
          className={
            status.kind === 'invalid' || status.kind === 'failed' ? styles.error : styles.status
          }
          role="status"
          data-testid="save-status"
        >
          {statusText(status)}
        </p>
      </form>
    </section>
  );
}
