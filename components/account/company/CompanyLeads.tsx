'use client';

import { useState } from 'react';
import { downloadBlob } from '@/browser/download';
import {
  changeLead,
  companyLeadsFile,
  LEADS_PER_MEMBER,
  type Company,
} from '@/browser/owner/company';
import { leadsFileName, type LeadsFileFormat } from '@/lib/leads-file';
import { filterLeads, NO_FILTER, tagsOf, type LeadFilter } from '@/lib/lead-filter';
import { mailtoLink } from '@/lib/links';
import { telLink } from '@/lib/phone';
import { profilePath } from '@/lib/routes';
import styles from '../account.module.css';
import LeadNotesForm from '../LeadNotesForm';
import LeadStatusSelect from '../LeadStatusSelect';
import { useRevealed } from '../use-revealed';
import LeadFilters from './LeadFilters';
import { refusalOf } from './messages';
import type { CompanyData } from './use-company-data';

const TIME = new Intl.DateTimeFormat('el-GR', { dateStyle: 'medium', timeStyle: 'short' });

/** The export's buttons: CSV for any program, a workbook for Excel, which in Greek reads «;». */
const DOWNLOADS: ReadonlyArray<{ format: LeadsFileFormat; label: string }> = [
  { format: 'xlsx', label: 'Λήψη Excel (.xlsx)' },
  { format: 'csv', label: 'Λήψη CSV' },
];

const leadCount = (count: number) => (count === 1 ? '1 επαφή' : `${count} επαφές`);

/**
 * Every contact left on a member's card since it joined, newest first and live, with its member
 * and its workflow (status, note, tags), which an admin sets.
 */
export default function CompanyLeads({ company, data }: { company: Company; data: CompanyData }) {
  const [status, setStatus] = useState('');
  const shownStatus = useRevealed<HTMLParagraphElement>(status);
  const [busy, setBusy] = useState(false);
  const members = new Map((data.members ?? []).map((m) => [m.username, m]));
  const [filter, setFilter] = useState<LeadFilter>(NO_FILTER);
  const shown = data.leads && filterLeads(data.leads, filter);

  async function download(format: LeadsFileFormat) {
    setBusy(true);
    setStatus('Ετοιμάζεται το αρχείο…');
    try {
      downloadBlob(await companyLeadsFile(company.id, format), leadsFileName(company.id, format));
      setStatus('Το αρχείο κατέβηκε.');
    } catch (caught) {
      setStatus(refusalOf(caught).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.companyScreen}>
      <h3>Επαφές των μελών</h3>
      <p className={styles.hint}>
        Όσες άφησαν οι επισκέπτες σε κάθε κάρτα μέλους από την ένταξή του, και μετά την αποχώρησή
        του. Εδώ φαίνονται οι {LEADS_PER_MEMBER} νεότερες κάθε κάρτας· τα αρχεία τις έχουν όλες.
      </p>
      <div className={styles.actions} role="group" aria-label="Λήψη όλων των επαφών">
        {DOWNLOADS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void download(format)}
          >
            {label}
            <span className="visually-hidden"> όλων των επαφών</span>
          </button>
        ))}
      </div>
      <p ref={shownStatus} className={`${styles.status} ${styles.revealed}`} role="status">
        {status}
      </p>
      {data.leads === null ? (
        !data.failed && <p role="status">Φόρτωση επαφών…</p>
      ) : data.leads.length === 0 ? (
        <p>Καμία επαφή ακόμη στις κάρτες των μελών.</p>
      ) : (
        <>
          <LeadFilters
            filter={filter}
            onChange={setFilter}
            members={data.members ?? []}
            tags={tagsOf(data.leads)}
          />
          <p className={styles.status} role="status">
            {shown?.length === data.leads.length
              ? leadCount(data.leads.length)
              : `Εμφανίζονται ${shown?.length ?? 0} από ${leadCount(data.leads.length)}`}
          </p>
          {shown?.length === 0 && <p>Καμία επαφή με αυτά τα κριτήρια.</p>}
          <ul className={styles.list} aria-label="Επαφές των μελών, οι νεότερες πρώτα">
            {shown?.map((lead) => {
              const member = members.get(lead.username);
              const to = member ? `${member.firstName} ${member.lastName}`.trim() : '';
              const mail = mailtoLink(lead.email);
              const tel = telLink(lead.phone);
              return (
                <li key={`${lead.username}/${lead.id}`} className={styles.contact}>
                  <div className={styles.contactHead}>
                    <strong>{lead.name}</strong>
                    {lead.createdAt && (
                      <time dateTime={lead.createdAt.toISOString()}>
                        {TIME.format(lead.createdAt)}
                      </time>
                    )}
                  </div>
                  <span>
                    Προς: {to || lead.username} (
                    <a href={profilePath(lead.username)} target="_blank" rel="noopener">
                      {profilePath(lead.username)}
                    </a>
                    )
                  </span>
                  {mail ? <a href={mail}>{lead.email}</a> : <span>{lead.email}</span>}
                  {lead.phone && (tel ? <a href={tel}>{lead.phone}</a> : <span>{lead.phone}</span>)}
                  <LeadStatusSelect
                    name={lead.name}
                    status={lead.status}
                    save={(next) =>
                      changeLead(company.id, lead.username, lead.id, { status: next })
                    }
                  />
                  <LeadNotesForm
                    name={lead.name}
                    note={lead.note}
                    tags={lead.tags}
                    save={(changes) => changeLead(company.id, lead.username, lead.id, changes)}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
