'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { profilePath } from '@/lib/routes';
import AccountPanel, { type AccountPanelProps } from './AccountPanel';
import CardEditor from './CardEditor';
import ContactsPanel from './ContactsPanel';
import SharePanel from './SharePanel';
import VerifyNotice from './VerifyNotice';
import styles from './account.module.css';
import { useClaimedCard } from './use-claimed-card';

// Its own chunk, fetched when its tab is first opened: the other sections never pay for it.
const StatsPanel = dynamic(() => import('./StatsPanel'), {
  ssr: false,
  loading: () => <p role="status">Φόρτωση στατιστικών…</p>,
});

const SECTIONS = [
  ['contacts', 'Επαφές'],
  ['stats', 'Στατιστικά'],
  ['edit', 'Επεξεργασία'],
  ['share', 'Κοινοποίηση'],
  ['account', 'Λογαριασμός'],
] as const;

type Section = (typeof SECTIONS)[number][0];

/** The console of one card: its sections, one at a time. */
export default function OwnerConsole(props: AccountPanelProps) {
  const { username } = props;
  const [section, setSection] = useState<Section>('contacts');
  // While the card is being erased its contacts are going: their live list and count stop first,
  // rather than ask again for what the rules no longer let this owner read.
  const [erasing, setErasing] = useState(false);
  const claim = useClaimedCard(username);
  return (
    <main className={section === 'edit' ? `${styles.shell} ${styles.wide}` : styles.shell}>
      <div className={styles.header}>
        <h1 className={styles.title}>Η κάρτα σας: {profilePath(username)}</h1>
        <a href={profilePath(username)} target="_blank" rel="noopener">
          Προβολή κάρτας
        </a>
      </div>
      {!props.verified && <VerifyNotice user={props.user} />}
      <nav aria-label="Ενότητες λογαριασμού">
        <ul className={styles.nav}>
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <button
                type="button"
                className={styles.tab}
                aria-current={section === id ? 'page' : undefined}
                onClick={() => setSection(id)}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {/* Contacts stay mounted, so their live count keeps running while another section shows. */}
      <div hidden={section !== 'contacts'}>
        {!erasing && <ContactsPanel username={username} claim={claim} />}
      </div>
      {section === 'stats' && <StatsPanel claim={claim} />}
      {section === 'edit' && <CardEditor username={username} />}
      {section === 'share' && <SharePanel username={username} />}
      {section === 'account' && <AccountPanel {...props} onErasing={setErasing} />}
    </main>
  );
}
