'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { deleteAccount, signOutOwner, type User } from '@/browser/owner/auth';
import { deleteCardAndData } from '@/browser/owner/card';
import { removeMember, type Company } from '@/browser/owner/company';
import { refusalOf } from './company/messages';
import AccountSecurity from './AccountSecurity';
import ConfirmedDanger from './ConfirmedDanger';
import Field from './Field';
import MailSwitch from './MailSwitch';
import SignOutButton from './SignOutButton';
import styles from './account.module.css';

// A chunk of its own, fetched when «Λογαριασμός» is first opened.
const WebhooksPanel = dynamic(() => import('./WebhooksPanel'), { ssr: false });

const DELETED = 'Η κάρτα σας, οι επαφές της και ο λογαριασμός σας διαγράφηκαν.';
const DELETED_KEEPING_ACCOUNT =
  'Η κάρτα σας και οι επαφές της διαγράφηκαν. Για να διαγραφεί και ο λογαριασμός, συνδεθείτε ξανά.';

/** The signed-in owner and their card; OwnerConsole takes the same and hands it on here. */
export interface AccountPanelProps {
  user: User;
  /** Whether the account's address is verified (its ID token says so). */
  verified: boolean;
  username: string;
  onDeleted: (notice: string) => void;
  /** Told when an erasure begins, and when one fails (the card is still there). */
  onErasing?: (erasing: boolean) => void;
}

/** Leaving the company the card is in: the card is switched off, its leads stay the company's. */
function LeaveCompany({
  uid,
  company,
  onLeft,
}: {
  uid: string;
  company: Company;
  onLeft: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function leave() {
    setBusy(true);
    setError('');
    try {
      await removeMember(company.id, uid);
      onLeft();
    } catch (caught) {
      setError(refusalOf(caught).message);
      setBusy(false);
    }
  }

  return (
    <>
      <h3>Εταιρεία</h3>
      <p>
        Η κάρτα σας ανήκει στην εταιρεία <strong>{company.name}</strong>.
      </p>
      <p className={styles.hint}>
        Αν αποχωρήσετε, η κάρτα απενεργοποιείται και η διεύθυνσή της μένει στην εταιρεία, όπως και
        οι επαφές που έλαβε. Ο λογαριασμός σας μένει και μπορείτε να φτιάξετε νέα προσωπική κάρτα.
      </p>
      <ConfirmedDanger
        start="Αποχώρηση από την εταιρεία"
        confirm="Οριστική αποχώρηση"
        busy={busy}
        error={error}
        onConfirm={() => void leave()}
      />
    </>
  );
}

/** Signing out, the password and address, new-contact e-mails, and erasing the card with everything it holds (after typing its name). */
export default function AccountPanel({
  user,
  username,
  onDeleted,
  onErasing,
  company = null,
  onLeft = () => {},
}: AccountPanelProps & {
  /** The company the card is in, if any. */
  company?: { company: Company } | null;
  onLeft?: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function erase() {
    setBusy(true);
    setError('');
    onErasing?.(true);
    try {
      await deleteCardAndData(user.uid, username);
    } catch (caught) {
      onErasing?.(false);
      const { message } = refusalOf(caught);
      // A company's card is not its owner's to erase: the refusal says to leave first.
      setError(company ? message : 'Η διαγραφή απέτυχε. Δοκιμάστε ξανά.');
      setBusy(false);
      return;
    }
    try {
      // The account goes too; Firebase may want a recent sign-in for that.
      await deleteAccount(user);
      onDeleted(DELETED);
    } catch {
      onDeleted(DELETED_KEEPING_ACCOUNT);
      await signOutOwner();
    }
  }

  return (
    <section className={styles.section} aria-labelledby="account-title">
      <h2 id="account-title">Λογαριασμός</h2>
      <p>Έχετε συνδεθεί ως {user.email}.</p>
      <div className={styles.actions}>
        <SignOutButton />
      </div>
      <AccountSecurity user={user} />
      <MailSwitch uid={user.uid} email={user.email} />
      <WebhooksPanel scope={{ scope: 'card', username }} />
      {company && <LeaveCompany uid={user.uid} company={company.company} onLeft={onLeft} />}
      <h3>Διαγραφή</h3>
      <p>
        Διαγράφει την κάρτα {`/${username}`}, όλες τις επαφές που λάβατε και τον λογαριασμό σας. Δεν
        αναιρείται.
      </p>
      <ConfirmedDanger
        start="Διαγραφή της κάρτας και των δεδομένων μου"
        confirm="Οριστική διαγραφή"
        ready={typed.trim() === username}
        busy={busy}
        error={error}
        onConfirm={() => void erase()}
        onCancel={() => setTyped('')}
      >
        <Field
          id="delete-confirm"
          label={`Γράψτε «${username}» για επιβεβαίωση`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </ConfirmedDanger>
    </section>
  );
}
