'use client';

import { Formik, type FormikHelpers } from 'formik';
import { useId, useRef } from 'react';
import {
  contactSchema,
  initialContactValues,
  toContactDoc,
  type ContactFormValues,
} from '@/lib/contact-form';
import { CONTACT_TEXTS, type ContactTexts } from '@/lib/contact-texts';
import { DEFAULT_LANGUAGE, type CardLanguage } from '@/lib/routes';
import styles from './ExchangeSheet.module.css';

type Field = keyof ContactFormValues;

const FIELDS: Array<{
  name: Field;
  label: keyof ContactTexts;
  type: string;
  inputMode?: 'tel' | 'email';
  autoComplete: string;
}> = [
  { name: 'name', label: 'nameLabel', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'emailLabel', type: 'email', inputMode: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'phoneLabel', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
];

export default function ContactForm({
  username,
  onSent,
  lang = DEFAULT_LANGUAGE,
}: {
  username: string;
  onSent: () => void;
  /** The card's language: every label, placeholder and message of the form is in it. */
  lang?: CardLanguage;
}) {
  const texts = CONTACT_TEXTS[lang];
  const id = useId();
  const inFlight = useRef(false);

  async function submit(values: ContactFormValues, helpers: FormikHelpers<ContactFormValues>) {
    // A double tap must create one entry, not two.
    if (inFlight.current) return;
    inFlight.current = true;
    helpers.setStatus(undefined);
    try {
      const { sendContact } = await import('@/browser/visitor-contact');
      await sendContact(username, toContactDoc(values));
      onSent();
    } catch (error) {
      console.error('Contact exchange failed:', error);
      // The sheet stays open with everything typed; the visitor can try again.
      helpers.setStatus(texts.sendFailed);
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <Formik
      initialValues={initialContactValues}
      validationSchema={contactSchema(lang)}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ values, errors, submitCount, isSubmitting, status, handleChange, handleSubmit }) => (
        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          {FIELDS.map((field) => {
            const error = submitCount > 0 ? errors[field.name] : undefined;
            const inputId = `${id}-${field.name}`;
            const errorId = `${inputId}-error`;
            return (
              <div key={field.name} className={styles.field}>
                <label htmlFor={inputId} className="visually-hidden">
                  {texts[field.label]}
                </label>
                <input
                  id={inputId}
                  name={field.name}
                  type={field.type}
                  inputMode={field.inputMode}
                  autoComplete={field.autoComplete}
                  placeholder={texts[field.label]}
                  value={values[field.name]}
                  onChange={handleChange}
                  className={error ? `${styles.input} ${styles.invalid}` : styles.input}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  aria-required={field.name !== 'phone'}
                />
                {error && (
                  <p id={errorId} className={styles.fieldError}>
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          {status && (
            <p className={styles.sendError} role="alert">
              {status}
            </p>
          )}
          <button
            type="submit"
            // The card's primary button and spinner (components/card/card.css): the sheet only
            // ever opens on a card.
            className={`save ${styles.submit}`}
            disabled={isSubmitting}
            aria-busy={isSubmitting}
          >
            {isSubmitting && <span className="spinner" aria-hidden="true" />}
            {texts.send}
          </button>
        </form>
      )}
    </Formik>
  );
}
