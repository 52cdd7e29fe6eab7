'use client';

import { useEffect, useMemo, useState } from 'react';
import { mailtoLink } from '@/lib/links';
import { deleteContact, watchContacts, type ReceivedContact } from '@/lib/owner/contacts';
import { downloadText } from '@/lib/download';
import { contactsCsv, contactsVcf, exportFileName } from '@/lib/owner/export';
import { isNewSince, readLastVisit, recordVisit } from '@/lib/owner/last-visit';
import { telLink } from '@/lib/phone';
import styles from './account.module.css';

const TIME = new Intl.DateTimeFormat('el-GR', { dateStyle: 'medium', timeStyle: 'short' });

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The contacts visitors left, newest first and live, with exports and deletion. */
export default function ContactsPanel({ username }: { username: string }) {
  const [contacts, setContacts] = useState<ReceivedContact[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [status, setStatus] = useState('');
  // The previous visit, read once: this visit is recorded at once, for the next one.
  const [since] = useState(() => {
    const previous = readLastVisit(username, globalThis.localStorage);
    recordVisit(username, Date.now(), globalThis.localStorage);
    return previous;
  });

  useEffect(
    () =>
      watchContacts(
        username,
        (list) => {
          setContacts(list);
          setFailed(false);
        },
        () => setFailed(true),
      ),
    [username],
  );

  const fresh = useMemo(
    () => (contacts ?? []).filter((contact) => isNewSince(contact, since)).length,
    [contacts, since],
  );

  async function remove(contact: ReceivedContact) {
    try {
      await deleteContact(username, contact.id);
      setStatus(`Η επαφή ${contact.name} διαγράφηκε.`);
    } catch {
      setStatus('Η διαγραφή απέτυχε. Δοκιμάστε ξανά.');
    }
  }

  return (
    <section className={styles.section} aria-labelledby="contacts-title">
      <h2 id="contacts-title">Επαφές που λάβατε</h2>
      {failed && (
        <p className={styles.error} role="alert">
          Οι επαφές δεν φορτώθηκαν. Ελέγξτε τη σύνδεσή σας.
        </p>
      )}
      {contacts === null ? (
        !failed && <p role="status">Φόρτωση επαφών…</p>
      ) : (
        <>
          <p aria-live="polite" data-testid="contacts-summary">
            {plural(contacts.length, 'επαφή', 'επαφές')} ·{' '}
            {since === null
              ? 'πρώτη σας επίσκεψη'
              : `${plural(fresh, 'νέα', 'νέες')} από την τελευταία σας επίσκεψη`}
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondary}
              disabled={contacts.length === 0}
              onClick={() =>
                downloadText(
                  contactsCsv(contacts),
                  'text/csv;charset=utf-8',
                  exportFileName(username, 'csv'),
                )
              }
            >
              Λήψη CSV
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={contacts.length === 0}
              onClick={() =>
                downloadText(
                  contactsVcf(contacts),
                  'text/vcard;charset=utf-8',
                  exportFileName(username, 'vcf'),
                )
              }
            >
              Λήψη όλων (.vcf)
            </button>
          </div>
          <p className={styles.status} role="status">
            {status}
          </p>
          {contacts.length === 0 ? (
            <p>Δεν έχετε λάβει ακόμη επαφές. Θα εμφανιστούν εδώ μόλις σας αφήσουν στοιχεία.</p>
          ) : (
            <ul className={styles.list} aria-label="Επαφές, οι νεότερες πρώτα">
              {contacts.map((contact) => {
                const mail = mailtoLink(contact.email);
                const tel = telLink(contact.phone);
                return (
                  <li key={contact.id} className={styles.contact}>
                    <div className={styles.contactHead}>
                      <strong>{contact.name}</strong>
                      {isNewSince(contact, since) && <span className={styles.badge}>Νέα</span>}
                    </div>
                    {contact.createdAt && (
                      <time dateTime={contact.createdAt.toISOString()}>
                        {TIME.format(contact.createdAt)}
                      </time>
                    )}
                    {mail ? <a href={mail}>{contact.email}</a> : <span>{contact.email}</span>}
                    {contact.phone &&
                      (tel ? <a href={tel}>{contact.phone}</a> : <span>{contact.phone}</span>)}
                    <div className={styles.actions}>
                      <button
                        type="button"
                        className={styles.danger}
                        onClick={() => void remove(contact)}
                      >
                        Διαγραφή<span className="visually-hidden"> της επαφής {contact.name}</span>
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
