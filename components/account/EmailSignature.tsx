'use client';

import { useMemo, useState } from 'react';
import type { CompanyProfile } from '@/lib/company';
import { signatureHtml, signatureText } from '@/lib/email-signature';
import styles from './account.module.css';

/** Each client's way to take a signature, three steps each. */
const GUIDES: ReadonlyArray<{ client: string; steps: readonly [string, string, string] }> = [
  {
    client: 'Gmail',
    steps: [
      'Πατήστε «Αντιγραφή για Gmail».',
      'Στο Gmail, ανοίξτε Ρυθμίσεις (γρανάζι) → «Εμφάνιση όλων των ρυθμίσεων» → «Γενικά» → «Υπογραφή» και δημιουργήστε μία νέα.',
      'Επικολλήστε (Ctrl+V ή ⌘V) στο πλαίσιο της υπογραφής και πατήστε «Αποθήκευση αλλαγών» στο κάτω μέρος.',
    ],
  },
  {
    client: 'Outlook',
    steps: [
      'Πατήστε «Αντιγραφή για Gmail» (η μορφοποιημένη υπογραφή επικολλάται και στο Outlook).',
      'Στο Outlook, ανοίξτε Ρυθμίσεις → «Λογαριασμός» (ή «Αλληλογραφία») → «Υπογραφές» και δημιουργήστε μία νέα.',
      'Επικολλήστε στο πλαίσιο της υπογραφής, επιλέξτε τη για τα νέα μηνύματα και αποθηκεύστε.',
    ],
  },
  {
    client: 'Apple Mail',
    steps: [
      'Πατήστε «Αντιγραφή για Gmail».',
      'Στο Mail, ανοίξτε Mail → Ρυθμίσεις → «Υπογραφές», διαλέξτε λογαριασμό και πατήστε «+».',
      'Επικολλήστε στο δεξί πλαίσιο· για να μείνει η εμφάνιση, απενεργοποιήστε την επιλογή «Να ταιριάζει πάντα με την προεπιλεγμένη γραμματοσειρά».',
    ],
  },
];

/**
 * The card as an e-mail signature: a preview (a frame that runs no script), the copies for Gmail
 * (rendered) and for Outlook and Apple Mail (the markup), and each client's steps.
 */
export default function EmailSignature({ profile }: { profile: CompanyProfile | null }) {
  const [status, setStatus] = useState('');
  const html = useMemo(() => (profile ? signatureHtml(profile) : null), [profile]);

  async function copyRendered() {
    if (!html || !profile) return;
    try {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([signatureText(profile)], { type: 'text/plain' }),
        }),
      ]);
      setStatus('Η υπογραφή αντιγράφηκε. Επικολλήστε τη στις ρυθμίσεις υπογραφής.');
    } catch {
      setStatus(
        'Η αντιγραφή δεν επιτράπηκε. Δοκιμάστε «Αντιγραφή HTML» ή άλλο πρόγραμμα περιήγησης.',
      );
    }
  }

  async function copyMarkup() {
    if (!html) return;
    try {
      await navigator.clipboard.writeText(html);
      setStatus('Ο κώδικας HTML της υπογραφής αντιγράφηκε.');
    } catch {
      setStatus('Η αντιγραφή δεν επιτράπηκε από το πρόγραμμα περιήγησης.');
    }
  }

  return (
    <>
      <h3 id="signature-title">Υπογραφή email</h3>
      {html === null ? (
        <p role="status">Φόρτωση υπογραφής…</p>
      ) : (
        <>
          <iframe
            className={styles.signatureFrame}
            title="Προεπισκόπηση της υπογραφής email"
            // No scripts, and an origin of its own: the markup is only shown.
            sandbox=""
            srcDoc={`<!doctype html><meta charset="utf-8"><body style="margin:8px;background:#fff">${html}</body>`}
            data-testid="signature-preview"
          />
          <div className={styles.actions}>
            <button type="button" className={styles.button} onClick={() => void copyRendered()}>
              Αντιγραφή για Gmail
            </button>
            <button type="button" className={styles.secondary} onClick={() => void copyMarkup()}>
              Αντιγραφή HTML
            </button>
          </div>
          <p className={styles.status} role="status" data-testid="signature-status">
            {status}
          </p>
          {GUIDES.map(({ client, steps }) => (
            <details key={client} className={styles.details}>
              <summary>{client}</summary>
              <ol>
                {steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </details>
          ))}
        </>
      )}
    </>
  );
}
