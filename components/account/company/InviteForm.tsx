'use client';

import { useState, type FormEvent } from 'react';
import { sendInvites, type Company } from '@/browser/owner/company';
import type { InviteAnswer } from '@/lib/company-answers';
import { parseInviteLines, withLines } from '@/browser/owner/invite-lines';
import SubmitRow from '../SubmitRow';
import styles from '../account.module.css';
import { refusalOf } from './messages';

/** The answer of an invitation request, each refused row by its line (or its address). */
function InviteResult({ answer }: { answer: InviteAnswer }) {
  return (
    <div role="status" data-testid="invite-result">
      <p className={styles.success}>
        {answer.sent === 1 ? 'Στάλθηκε 1 πρόσκληση.' : `Στάλθηκαν ${answer.sent} προσκλήσεις.`}
      </p>
      {answer.refused.length > 0 && (
        <>
          <p className={styles.error}>Δεν στάλθηκαν:</p>
          <ul className={styles.plainList} aria-label="Γραμμές που δεν στάλθηκαν">
            {answer.refused.map((row, index) => (
              <li key={`${row.line ?? ''}-${row.email}-${index}`}>
                {row.line !== undefined && <>Γραμμή {row.line}: </>}
                {row.email || '(χωρίς email)'}: {row.error}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Inviting members: typed lines or a CSV file. */
export default function InviteForm({ company }: { company: Company }) {
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<InviteAnswer | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(
    invites: Parameters<typeof sendInvites>[1],
    rows?: ReturnType<typeof parseInviteLines>,
  ) {
    setBusy(true);
    setError('');
    setAnswer(null);
    try {
      const sent = await sendInvites(company.id, invites);
      setAnswer(rows ? withLines(sent, rows) : sent);
      if (rows) setText('');
    } catch (caught) {
      // What was typed stays, to be sent again.
      setError(refusalOf(caught).message);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const rows = parseInviteLines(text);
    if (rows.length === 0) {
      setError('Γράψτε τουλάχιστον μία διεύθυνση email.');
      return;
    }
    void send(
      rows.map(({ email, firstName, lastName, jobTitle }) => ({
        email,
        firstName,
        lastName,
        jobTitle,
      })),
      rows,
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h3 id="invite-title">Πρόσκληση μελών</h3>
      <div className={styles.field}>
        <label htmlFor="invite-lines">Διευθύνσεις email</label>
        <p id="invite-lines-hint" className={styles.hint}>
          Μία πρόσκληση ανά γραμμή: email, και προαιρετικά όνομα, επώνυμο, θέση, χωρισμένα με κόμμα.
          Π.χ. eleni@example.com, Ελένη, Νικολάου, Πωλήσεις
        </p>
        <textarea
          id="invite-lines"
          className={styles.input}
          rows={4}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="invite-lines-hint"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <SubmitRow label="Αποστολή προσκλήσεων" busy={busy} />
      <div className={styles.field}>
        <label htmlFor="invite-csv">Ή αρχείο CSV</label>
        <p id="invite-csv-hint" className={styles.hint}>
          Πρώτη γραμμή οι επικεφαλίδες: email,Όνομα,Επώνυμο,Θέση (ή
          email,firstName,lastName,jobTitle). Οι προσκλήσεις στέλνονται μόλις επιλέξετε το αρχείο.
        </p>
        <input
          id="invite-csv"
          className={styles.input}
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          aria-describedby="invite-csv-hint"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
        />
      </div>
      {busy && <p role="status">Αποστολή…</p>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {answer && <InviteResult answer={answer} />}
    </form>
  );
}
