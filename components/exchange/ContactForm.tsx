'use client';

import { Formik, type FormikHelpers } from 'formik';
import { useId, useRef, useState } from 'react';
import { TakeOverPlainForm } from './take-over';
import type { TakeOver } from '@/browser/card/sheet';
import {
  CONTACT_FIELDS,
  contactSchema,
  initialContactValues,
  toContactDoc,
  type ContactFormValues,
} from '@/lib/contact-form';
import { CONTACT_TEXTS } from '@/lib/contact-texts';
import { DEFAULT_LANGUAGE, type CardLanguage } from '@/lib/routes';
import styles from './ExchangeSheet.module.css';

export default function ContactForm({
  username,
  onSent,
  lang = DEFAULT_LANGUAGE,
  takeOver,
}: {
  username: string;
  onSent: () => void;
  /** The card's language: every label, placeholder and message of the form is in it. */
  lang?: CardLanguage;
  /** The card's plain form this one replaces, with what was typed in it. */
  takeOver?: TakeOver;
}) {
  const texts = CONTACT_TEXTS[lang];
  const id = useId();
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [initialValues] = useState(() => takeOver?.read().values ?? initialContactValues);

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
      initialValues={initialValues}
      validationSchema={contactSchema(lang)}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ values, errors, submitCount, isSubmitting, status, handleChange, handleSubmit }) => (
        // The form and its fields look as the card's plain form does, by the card's own classes
        // (.sheetForm, .sheetInput in components/card/card.css): the sheet takes over from it
        // with each field at the same pixels.
        <form ref={formRef} className="sheetForm" onSubmit={handleSubmit} noValidate>
          {takeOver && <TakeOverPlainForm takeOver={takeOver} form={formRef} />}
          {CONTACT_FIELDS.map((field) => {
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
                  className={error ? `sheetInput ${styles.invalid}` : 'sheetInput'}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  aria-required={field.required}
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
