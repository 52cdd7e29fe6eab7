'use client';

import { useState } from 'react';
import styles from '../account.module.css';
import type { CompanyState } from '../use-company';
import CompanyLeads from './CompanyLeads';
import CompanySignIn from './CompanySignIn';
import CompanyStatsPanel from './CompanyStatsPanel';
import CreateCompany from './CreateCompany';
import DirectorySync from './DirectorySync';
import LeadAlertSetting from './LeadAlertSetting';
import MembersPanel from './MembersPanel';
import TeamsPanel from './TeamsPanel';
import TemplateEditor from './TemplateEditor';
import WebhooksPanel from '../WebhooksPanel';
import { useCompanyData } from './use-company-data';

const SCREENS = [
  ['template', 'Πρότυπο'],
  ['members', 'Μέλη'],
  ['leads', 'Επαφές μελών'],
  ['stats', 'Στατιστικά μελών'],
  ['sign-in', 'Σύνδεση εταιρείας'],
  ['directory', 'Συγχρονισμός καταλόγου'],
  ['teams', 'Ομάδες'],
  ['webhooks', 'Webhooks'],
] as const;

type Screen = (typeof SCREENS)[number][0];

/** «Εταιρεία»: making one, or, for its admins, its template, members, leads and statistics. */
export default function CompanyPanel({
  uid,
  username,
  state,
}: {
  uid: string;
  username: string;
  state: CompanyState;
}) {
  if (state === undefined) return <p role="status">Φόρτωση εταιρείας…</p>;
  if (state === null) return <CreateCompany />;
  if (!state.admin) {
    return <p>Την εταιρεία {state.company.name} τη διαχειρίζονται οι διαχειριστές της.</p>;
  }
  return <CompanyScreens uid={uid} username={username} company={state.company} />;
}

function CompanyScreens({
  uid,
  username,
  company,
}: {
  uid: string;
  username: string;
  company: NonNullable<CompanyState>['company'];
}) {
  const [screen, setScreen] = useState<Screen>('template');
  const data = useCompanyData(company.id);
  return (
    <section className={styles.section} aria-labelledby="company-title">
      <h2 id="company-title">Εταιρεία: {company.name}</h2>
      <nav aria-label="Ενότητες εταιρείας">
        <ul className={styles.subnav}>
          {SCREENS.map(([id, label]) => (
            <li key={id}>
              <button
                type="button"
                className={styles.tab}
                aria-current={screen === id ? 'page' : undefined}
                onClick={() => setScreen(id)}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {data.failed && (
        <p className={styles.error} role="alert">
          Τα στοιχεία της εταιρείας δεν φορτώθηκαν. Ελέγξτε τη σύνδεσή σας.
        </p>
      )}
      {screen === 'template' && <TemplateEditor company={company} username={username} />}
      {screen === 'members' && <MembersPanel uid={uid} company={company} data={data} />}
      {screen === 'leads' && (
        <>
          <LeadAlertSetting companyId={company.id} />
          <CompanyLeads company={company} data={data} />
        </>
      )}
      {screen === 'stats' && <CompanyStatsPanel company={company} members={data.members} />}
      {screen === 'sign-in' && <CompanySignIn companyId={company.id} />}
      {screen === 'directory' && <DirectorySync companyId={company.id} />}
      {screen === 'teams' && <TeamsPanel companyId={company.id} />}
      {screen === 'webhooks' && (
        <WebhooksPanel scope={{ scope: 'company', companyId: company.id }} />
      )}
    </section>
  );
}
