'use client';

import { useState, type FormEvent } from 'react';
import { createCompany } from '@/browser/owner/company';
import { COMPANY_NAME_MAX, companyNameProblem } from '@/lib/company';
import Field from '../Field';
import SubmitRow from '../SubmitRow';
import styles from '../account.module.css';
import { refusalOf } from './messages';

/** An owner whose card is in no company makes one: its name; they become its admin. */
export default function CreateCompany() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [form, setForm] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = companyNameProblem(name);
    setError(problem ?? undefined);
    setForm('');
    if (problem) return;
    setBusy(true);
    try {
      // The console follows the card: once it names the company, the company's screens show.
      await createCompany(name.trim());
    } catch (caught) {
      const { message, field } = refusalOf(caught);
      if (field === 'name') setError(message);
      else setForm(message);
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="company-title">
      <h2 id="company-title">Εταιρεία</h2>
      <p>
        Δημιουργήστε την εταιρεία σας: ορίζετε τα κοινά στοιχεία των καρτών της (διεύθυνση,
        τηλέφωνο, ιστότοπο, χρώμα, λογότυπο), προσκαλείτε τους συνεργάτες σας και βλέπετε τις επαφές
        και τα στατιστικά όλων. Η κάρτα σας γίνεται η πρώτη της και εσείς ο διαχειριστής της.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          id="company-name"
          label="Όνομα εταιρείας"
          autoComplete="organization"
          maxLength={COMPANY_NAME_MAX}
          required
          value={name}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <p className={styles.error} role="alert">
          {form}
        </p>
        <SubmitRow label="Δημιουργία εταιρείας" busy={busy} />
      </form>
    </section>
  );
}
