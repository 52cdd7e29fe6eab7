'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendInvites, type Company } from '@/browser/owner/company';
import type { InviteAnswer } from '@/lib/company-answers';
import { inviteRowsFromCsvFile, type InviteRows, type RefusedRow } from '@/lib/invite-rows';
import { parseInviteLines, withLines } from '@/browser/owner/invite-lines';
import SubmitRow from '../SubmitRow';
import styles from '../account.module.css';
import { refusalOf } from './messages';

/** A file picked and read, shown before anything is sent: its rows as the server will judge them. */
interface FilePreview {
  file: File;
  judged: InviteRows;
}

const invitations = (count: number) => (count === 1 ? '1 πρόσκληση' : `${count} προσκλήσεις`);

/**
 * Brings `element` to where the person is looking: focused (a reader hears it) and in the middle of
 * the screen, clear of a phone's bottom bar.
 */
function reveal(element: HTMLElement | null) {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView({ block: 'center' });
}

/** Refused rows, each by its line (or its address) and why. */
function RefusedList({ rows, label }: { rows: readonly RefusedRow[]; label: string }) {
  return (
    <ul className={styles.plainList} aria-label={label}>
      {rows.map((row, index) => (
        <li key={`${row.line ?? ''}-${row.email}-${index}`}>
          {row.line !== undefined && <>Γραμμή {row.line}: </>}
          {row.email || '(χωρίς email)'}: {row.error}
        </li>
      ))}
    </ul>
  );
}

/** The answer of an invitation request, each refused row by its line (or its address). */
function InviteResult({ answer }: { answer: InviteAnswer }) {
  return (
    <div role="status">
      <p className={styles.success}>
        {answer.sent === 1 ? 'Στάλθηκε 1 πρόσκληση.' : `Στάλθηκαν ${answer.sent} προσκλήσεις.`}
      </p>
      {answer.refused.length > 0 && (
        <>
          <p className={styles.error}>Δεν στάλθηκαν:</p>
          <RefusedList rows={answer.refused} label="Γραμμές που δεν στάλθηκαν" />
        </>
      )}
    </div>
  );
}

/** What a picked file holds, and the one button that sends it. */
function FilePreviewPanel({
  preview,
  busy,
  onSend,
  onCancel,
}: {
  preview: FilePreview;
  busy: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => reveal(heading.current), [preview]);
  const { judged } = preview;
  const rows = judged.ok ? judged.rows : [];
  return (
    <section
      className={styles.notice}
      aria-labelledby="invite-preview-title"
      data-testid="invite-preview"
    >
      <h4 id="invite-preview-title" tabIndex={-1} ref={heading}>
        Έλεγχος του αρχείου «{preview.file.name}»
      </h4>
      {!judged.ok ? (
        <p className={styles.error}>{judged.error}</p>
      ) : (
        <>
          <p>
            {rows.length === 0
              ? 'Καμία γραμμή του αρχείου δεν μπορεί να σταλεί.'
              : `Θα σταλούν ${invitations(rows.length)}:`}
          </p>
          {rows.length > 0 && (
            <ul className={styles.list} aria-label="Προσκλήσεις που θα σταλούν">
              {rows.map((row) => (
                <li key={row.email} className={styles.contact}>
                  <strong>{[row.firstName, row.lastName].filter(Boolean).join(' ') || '—'}</strong>
                  <span className={styles.address}>{row.email}</span>
                  {row.jobTitle && <span>{row.jobTitle}</span>}
                </li>
              ))}
            </ul>
          )}
          {judged.refused.length > 0 && (
            <>
              <p className={styles.error}>Δεν θα σταλούν:</p>
              <RefusedList rows={judged.refused} label="Γραμμές που δεν θα σταλούν" />
            </>
          )}
          {judged.ignored && (
            <p className={styles.hint}>
              Στήλες του αρχείου που δεν χρησιμοποιούνται: {judged.ignored.join(', ')}.
            </p>
          )}
        </>
      )}
      <div className={styles.actions}>
        {rows.length > 0 && (
          <button type="button" className={styles.button} disabled={busy} onClick={onSend}>
            {rows.length === 1 ? 'Αποστολή 1 πρόσκλησης' : `Αποστολή ${rows.length} προσκλήσεων`}
          </button>
        )}
        <button type="button" className={styles.secondary} disabled={busy} onClick={onCancel}>
          Άκυρο
        </button>
      </div>
    </section>
  );
}

/** Inviting members: typed lines, or a CSV file shown first and sent on its own button. */
export default function InviteForm({ company }: { company: Company }) {
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const [answer, setAnswer] = useState<InviteAnswer | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const result = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (answer || error) reveal(result.current);
  }, [answer, error]);

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
      else setPreview(null);
    } catch (caught) {
      // What was typed, or the file's preview, stays, to be sent again.
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

  /** Reads the file as the server will (lib/invite-rows.ts), and shows it: nothing is sent yet. */
  async function pick(file: File) {
    setError('');
    setAnswer(null);
    try {
      setPreview({ file, judged: inviteRowsFromCsvFile(new Uint8Array(await file.arrayBuffer())) });
    } catch {
      setPreview(null);
      setError('Το αρχείο δεν διαβάστηκε. Δοκιμάστε ξανά.');
    }
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
          Όπως το αποθηκεύει το Excel: πρώτη γραμμή οι επικεφαλίδες (Email, Όνομα, Επώνυμο, Θέση, ή
          στα αγγλικά), με «;» ή «,» ανάμεσα στις στήλες. Πριν σταλεί οτιδήποτε, θα δείτε ποιες
          γραμμές θα σταλούν.
        </p>
        <input
          ref={fileInput}
          id="invite-csv"
          className={styles.input}
          type="file"
          accept=".csv,.txt,text/csv"
          disabled={busy}
          aria-describedby="invite-csv-hint"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void pick(file);
          }}
        />
      </div>
      {preview && (
        <FilePreviewPanel
          preview={preview}
          busy={busy}
          onSend={() => void send(preview.file)}
          onCancel={() => {
            setPreview(null);
            fileInput.current?.focus();
          }}
        />
      )}
      {busy && <p role="status">Αποστολή…</p>}
      <div ref={result} tabIndex={-1} data-testid="invite-result">
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        {answer && <InviteResult answer={answer} />}
      </div>
    </form>
  );
}
