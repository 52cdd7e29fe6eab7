'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import {
  IconAddressBook,
  IconBuilding,
  IconChartBar,
  IconPencil,
  IconShare,
  IconUser,
} from '@tabler/icons-react';
import { profilePath } from '@/lib/routes';
import AccountPanel, { type AccountPanelProps } from './AccountPanel';
import CardEditor from './CardEditor';
import ConsoleNav, { type NavItem } from './ConsoleNav';
import ContactsPanel from './ContactsPanel';
import SharePanel from './SharePanel';
import VerifyNotice from './VerifyNotice';
import styles from './account.module.css';
import { useClaimedCard } from './use-claimed-card';
import { useCompany } from './use-company';

// Its own chunk, fetched when its tab is first opened: the other sections never pay for it.
const StatsPanel = dynamic(() => import('./StatsPanel'), {
  ssr: false,
  loading: () => <p role="status">Φόρτωση στατιστικών…</p>,
});

// The company's screens, for its admins (and an owner about to make one): a chunk of their own.
const CompanyPanel = dynamic(() => import('./company/CompanyPanel'), {
  ssr: false,
  loading: () => <p role="status">Φόρτωση εταιρείας…</p>,
});

type Section = 'contacts' | 'stats' | 'edit' | 'share' | 'company' | 'account';

const CARD_SECTIONS: NavItem<Section>[] = [
  { id: 'contacts', label: 'Επαφές', Icon: IconAddressBook },
  { id: 'edit', label: 'Επεξεργασία', Icon: IconPencil },
  { id: 'stats', label: 'Στατιστικά', Icon: IconChartBar },
  { id: 'share', label: 'Κοινοποίηση', Icon: IconShare },
];
const COMPANY_SECTION: NavItem<Section> = { id: 'company', label: 'Εταιρεία', Icon: IconBuilding };
const ACCOUNT_SECTION: NavItem<Section> = { id: 'account', label: 'Λογαριασμός', Icon: IconUser };

/**
 * The sections in the order the phone's bar takes them: an admin's company comes third, in the
 * bar; an owner who may make a company finds it under «Περισσότερα»; a member has none.
 */
function navItems(role: 'admin' | 'owner' | 'member'): NavItem<Section>[] {
  const [contacts, edit, ...rest] = CARD_SECTIONS;
  if (role === 'admin') return [contacts, edit, COMPANY_SECTION, ...rest, ACCOUNT_SECTION];
  if (role === 'owner') return [...CARD_SECTIONS, COMPANY_SECTION, ACCOUNT_SECTION];
  return [...CARD_SECTIONS, ACCOUNT_SECTION];
}

export interface OwnerConsoleProps extends AccountPanelProps {
  /** The card left its company (its owner left): the account has no card any more. */
  onLeft: () => void;
}

/** The console of one card: its sections, one at a time. */
export default function OwnerConsole({ onLeft, ...props }: OwnerConsoleProps) {
  const { username } = props;
  const [section, setSection] = useState<Section>('contacts');
  // While the card is being erased its contacts are going: their live list and count stop first,
  // rather than ask again for what the rules no longer let this owner read.
  const [erasing, setErasing] = useState(false);
  const claim = useClaimedCard(username);
  const company = useCompany(username, props.user.uid);
  // A member who is not an admin has no company screens; everyone else may make or run one. The
  // entry is there while the card is being read, so that the bar does not change under a finger.
  const companyScreens = company?.admin !== false;
  const items = navItems(company?.admin === true ? 'admin' : companyScreens ? 'owner' : 'member');
  const shown = items.some((item) => item.id === section) ? section : 'contacts';
  const wide = shown === 'edit' || shown === 'company';
  return (
    <main className={`${styles.shell} ${styles.withBar} ${wide ? styles.wide : ''}`}>
      <div className={styles.header}>
        <h1 className={styles.title}>Η κάρτα σας: {profilePath(username)}</h1>
        <a href={profilePath(username)} target="_blank" rel="noopener">
          Προβολή κάρτας
        </a>
      </div>
      {!props.verified && <VerifyNotice user={props.user} />}
      <ConsoleNav items={items} current={shown} onSelect={setSection} />
      {/* Contacts stay mounted, so their live count keeps running while another section shows. */}
      <div hidden={shown !== 'contacts'}>
        {!erasing && (
          <ContactsPanel
            username={username}
            claim={claim}
            company={company}
            visible={shown === 'contacts'}
          />
        )}
      </div>
      {shown === 'stats' && <StatsPanel claim={claim} />}
      {shown === 'edit' && <CardEditor username={username} company={company ?? null} />}
      {shown === 'share' && <SharePanel username={username} company={company?.company ?? null} />}
      {shown === 'company' && (
        <CompanyPanel uid={props.user.uid} username={username} state={company} />
      )}
      {shown === 'account' && (
        <AccountPanel {...props} company={company ?? null} onErasing={setErasing} onLeft={onLeft} />
      )}
    </main>
  );
}
