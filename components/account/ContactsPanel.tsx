'use client';

import { useEffect, useState } from 'react';
import { filterLeads, NO_FILTER, tagsOf, type LeadFilter } from '@/lib/lead-filter';
import { mailtoLink } from '@/lib/links';
import {
  allContacts,
  CONTACTS_PAGE,
  countContacts,
  changeContact,
  deleteContact,
  watchContacts,
  type ContactsPage,
  type ReceivedContact,
} from '@/browser/owner/contacts';
import { downloadText } from '@/browser/download';
import { contactsCsv, contactsVcf, exportFileName } from '@/browser/owner/export';
import { isNewSince, readLastVisit, recordVisit } from '@/browser/owner/last-visit';
import { telLink } from '@/lib/phone';
import { watchCard } from '@/browser/owner/card';
import { OwnerRequestError } from '@/browser/owner/owner-api';
import { JOINED_FIELD } from '@/lib/collections';
import { COMPANY_LEAD_MESSAGE, isCompanyLead } from '@/lib/company-lead';
import styles from './account.module.css';
import LeadFilters from './company/LeadFilters';
import LeadNotesForm from './LeadNotesForm';
import LeadStatusSelect from './LeadStatusSelect';
import type { ClaimedCardState } from './use-claimed-card';
import type { CompanyState } from './use-company';

const TIME = new Intl.DateTimeFormat('el-GR', { dateStyle: 'medium', timeStyle: 'short' });

/** The two exports: every contact, as a spreadsheet or as one address-book file. */
const EXPORTS = {
  csv: { build: contactsCsv, type: 'text/csv;charset=utf-8' },
  vcf: { build: contactsVcf, type: 'text/vcard;charset=utf-8' },
} as const;

const COUNT = new Intl.NumberFormat('el-GR');

/** When the card joined its company (ms), live; undefined for a card of none. */
function useJoinedAt(username: string): number | undefined {
  const [joinedAt, setJoinedAt] = useState<number | undefined>(undefined);
  useEffect(
    () =>
      watchCard(
        username,
        (data) => {
          const at = data?.[JOINED_FIELD] as { toMillis?: () => number } | undefined;
          setJoinedAt(typeof at?.toMillis === 'function' ? at.toMillis() : undefined);
        },
        () => setJoinedAt(undefined),
      ),
    [username],
  );
  return joinedAt;
}

function plural(count: number, one: string, many: string): string {
  return `${COUNT.format(count)} ${count === 1 ? one : many}`;
}

/**
 * The contacts visitors left, newest first and live, a page at a time (the rest on demand), with
 * their counts, exports of every one, each one's workflow (status, note, tags) and filters by it,
 * and deletion: of a member card, the company's leads only by its admins (lib/company-lead.ts).
 * The filters judge the contacts listed so far; «Περισσότερες επαφές» brings older ones in.
 */
export default function ContactsPanel({
  username,
  claim,
  company,
  visible,
}: {
  username: string;
  claim: ClaimedCardState;
  company: CompanyState;
  /**
   * Whether its section shows: its filters are drawn only then, so that the company's leads beside
   * it (company/CompanyLeads.tsx, the same filters) are the only ones a page holds.
   */
  visible: boolean;
}) {
  const { card } = claim;
  const joinedAt = useJoinedAt(username);
  const leadsLocked = joinedAt !== undefined && company?.admin !== true;
  const deletable = (contact: ReceivedContact) =>
    !leadsLocked || !isCompanyLead(joinedAt, contact.createdAt?.getTime());
  const [shown, setShown] = useState(CONTACTS_PAGE);
  const [page, setPage] = useState<ContactsPage | null>(null);
  const [counts, setCounts] = useState<{ total: number; fresh: number } | null>(null);
  const [queryFailed, setFailed] = useState(false);
  const failed = queryFailed || claim.failed;
  const [status, setStatus] = useState('');
  const [filter, setFilter] = useState<LeadFilter>(NO_FILTER);
  const shownContacts = page && filterLeads(page.contacts, filter);
  const [exporting, setExporting] = useState(false);
  // The previous visit, read once: this visit is recorded at once, for the next one.
  const [since] = useState(() => {
    const previous = readLastVisit(username, globalThis.localStorage);
    recordVisit(username, Date.now(), globalThis.localStorage);
    return previous;
  });

  useEffect(() => {
    if (!card) return;
    return watchContacts(
      card,
      shown,
      (next) => {
        setPage(next);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [card, shown]);

  // Counted again whenever the newest contacts change: one arrived, or one was deleted.
  useEffect(() => {
    if (!page || !card) return;
    let current = true;
    countContacts(card, since).then(
      (next) => current && setCounts(next),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [card, since, page]);

  async function download(kind: keyof typeof EXPORTS) {
    const { build, type } = EXPORTS[kind];
    if (!card) return;
    setExporting(true);
    setStatus('Ετοιμάζεται το αρχείο…');
    try {
      const contacts = await allContacts(card, (read) =>
        setStatus(`Ετοιμάζεται το αρχείο: ${plural(read, 'επαφή', 'επαφές')}…`),
      );
      downloadText(build(contacts), type, exportFileName(username, kind));
      setStatus(`Το αρχείο με ${plural(contacts.length, 'επαφή', 'επαφές')} κατέβηκε.`);
    } catch {
      setStatus('Η λήψη απέτυχε. Δοκιμάστε ξανά.');
    } finally {
      setExporting(false);
    }
  }

  async function remove(contact: ReceivedContact) {
    try {
      await deleteContact(username, contact.id);
      setStatus(`Η επαφή ${contact.name} διαγράφηκε.`);
    } catch (error) {
      setStatus(
        error instanceof OwnerRequestError && error.error === 'company-lead'
          ? COMPANY_LEAD_MESSAGE
          : 'Η διαγραφή απέτυχε. Δοκιμάστε ξανά.',
      );
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
      {page === null ? (
        !failed && <p role="status">Φόρτωση επαφών…</p>
      ) : (
        <>
          <p aria-live="polite" data-testid="contacts-summary">
            {counts === null
              ? 'Μέτρηση…'
              : `${plural(counts.total, 'επαφή', 'επαφές')} · ${
                  since === null
                    ? 'πρώτη σας επίσκεψη'
                    : `${plural(counts.fresh, 'νέα', 'νέες')} από την τελευταία σας επίσκεψη`
                }`}
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondary}
              disabled={page.contacts.length === 0 || exporting}
              onClick={() => void download('csv')}
            >
              Λήψη CSV
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={page.contacts.length === 0 || exporting}
              onClick={() => void download('vcf')}
            >
              Λήψη όλων (.vcf)
            </button>
          </div>
          {leadsLocked && (
            <p data-testid="company-leads-note">
              Οι επαφές από την ένταξή σας στην εταιρεία ανήκουν σε αυτήν: μόνο οι διαχειριστές της
              μπορούν να τις διαγράψουν.
            </p>
          )}
          <p className={styles.status} role="status">
            {status}
          </p>
          {visible && page.contacts.length > 0 && (
            <LeadFilters filter={filter} onChange={setFilter} tags={tagsOf(page.contacts)} />
          )}
          {page.contacts.length === 0 ? (
            <p>Δεν έχετε λάβει ακόμη επαφές. Θα εμφανιστούν εδώ μόλις σας αφήσουν στοιχεία.</p>
          ) : shownContacts?.length === 0 ? (
            <p>Καμία επαφή με αυτά τα κριτήρια.</p>
          ) : (
            <ul className={styles.list} aria-label="Επαφές, οι νεότερες πρώτα">
              {shownContacts?.map((contact) => {
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
                    <LeadStatusSelect
                      name={contact.name}
                      status={contact.status}
                      save={(next) => changeContact(username, contact.id, { status: next })}
                    />
                    <LeadNotesForm
                      name={contact.name}
                      note={contact.note}
                      tags={contact.tags}
                      save={(changes) => changeContact(username, contact.id, changes)}
                    />
                    {deletable(contact) && (
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className={styles.danger}
                          onClick={() => void remove(contact)}
                        >
                          Διαγραφή
                          <span className="visually-hidden"> της επαφής {contact.name}</span>
                        </button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {page.more && (
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => setShown((count) => count + CONTACTS_PAGE)}
              >
                Περισσότερες επαφές
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
