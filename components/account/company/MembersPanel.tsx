'use client';

import { useState } from 'react';
import {
  inviteExpired,
  removeMember,
  revokeInvite,
  setMemberRole,
  type Company,
  type Member,
} from '@/browser/owner/company';
import { profilePath } from '@/lib/routes';
import styles from '../account.module.css';
import InviteForm from './InviteForm';
import { refusalOf } from './messages';
import type { CompanyData } from './use-company-data';

const DATE = new Intl.DateTimeFormat('el-GR', { dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat('el-GR', { dateStyle: 'medium', timeStyle: 'short' });

const memberName = (m: { firstName: string; lastName: string; email: string }) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

function MemberRow({
  member,
  self,
  company,
  lastLead,
  onStatus,
}: {
  member: Member;
  self: boolean;
  company: Company;
  lastLead: Date | null;
  onStatus: (text: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = memberName(member);
  const admin = company.admins.includes(member.uid);
  const active = member.status === 'active';

  async function act(run: () => Promise<void>, done: string) {
    setBusy(true);
    try {
      await run();
      onStatus(done);
    } catch (caught) {
      onStatus(refusalOf(caught).message);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  /** A button that runs `run` on this member, disabled while one runs, naming them to a reader. */
  function action({
    className,
    label,
    run,
    done,
  }: {
    className: string;
    label: string;
    run: () => Promise<void>;
    done: string;
  }) {
    return (
      <button
        type="button"
        className={className}
        disabled={busy}
        onClick={() => void act(run, done)}
      >
        {label}
        <span className="visually-hidden"> {name}</span>
      </button>
    );
  }

  return (
    <li className={styles.contact} data-testid="member">
      <div className={styles.contactHead}>
        <strong>{name}</strong>
        <span className={styles.badge}>
          {active ? (admin ? 'Διαχειριστής' : 'Ενεργό') : 'Αποχώρησε'}
        </span>
      </div>
      <a href={profilePath(member.username)} target="_blank" rel="noopener">
        {profilePath(member.username)}
      </a>
      <span>
        Ένταξη: {member.joinedAt ? DATE.format(member.joinedAt) : '—'}
        {member.removedAt && <> · Αποχώρηση: {DATE.format(member.removedAt)}</>}
      </span>
      <span>Τελευταία επαφή: {lastLead ? TIME.format(lastLead) : 'καμία ακόμη'}</span>
      {active && (
        <div className={styles.actions}>
          {action({
            className: styles.secondary,
            label: admin ? 'Αφαίρεση ρόλου διαχειριστή' : 'Ορισμός ως διαχειριστή',
            run: () => setMemberRole(company.id, member.uid, admin ? 'member' : 'admin'),
            done: admin ? `${name}: δεν είναι πλέον διαχειριστής.` : `${name}: έγινε διαχειριστής.`,
          })}
          {!self &&
            (confirming ? (
              <>
                {action({
                  className: styles.danger,
                  label: 'Επιβεβαίωση αφαίρεσης',
                  run: () => removeMember(company.id, member.uid),
                  done: `${name}: αφαιρέθηκε. Η κάρτα του απενεργοποιήθηκε και οι επαφές της μένουν στην εταιρεία.`,
                })}
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => setConfirming(false)}
                >
                  Άκυρο
                </button>
              </>
            ) : (
              <button type="button" className={styles.danger} onClick={() => setConfirming(true)}>
                Αφαίρεση μέλους<span className="visually-hidden"> {name}</span>
              </button>
            ))}
        </div>
      )}
    </li>
  );
}

/** The members (name, card, status, joined, last lead), the pending invitations, and inviting. */
export default function MembersPanel({
  uid,
  company,
  data,
}: {
  uid: string;
  company: Company;
  data: CompanyData;
}) {
  const [status, setStatus] = useState('');
  const [now] = useState(() => Date.now());
  const lastLead = (username: string) =>
    data.leads?.find((lead) => lead.username === username)?.createdAt ?? null;
  const pending = (data.invites ?? []).filter((invite) => invite.status === 'pending');

  async function revoke(id: string, email: string) {
    try {
      await revokeInvite(company.id, id);
      setStatus(`Η πρόσκληση προς ${email} ανακλήθηκε.`);
    } catch (caught) {
      setStatus(refusalOf(caught).message);
    }
  }

  return (
    <div className={styles.companyScreen}>
      <h3>Μέλη</h3>
      <p className={styles.status} role="status">
        {status}
      </p>
      {data.members === null ? (
        <p role="status">Φόρτωση μελών…</p>
      ) : (
        <ul className={styles.list} aria-label="Μέλη της εταιρείας">
          {data.members.map((member) => (
            <MemberRow
              key={member.uid}
              member={member}
              self={member.uid === uid}
              company={company}
              lastLead={lastLead(member.username)}
              onStatus={setStatus}
            />
          ))}
        </ul>
      )}
      <h3>Προσκλήσεις σε αναμονή</h3>
      {data.invites === null ? (
        <p role="status">Φόρτωση προσκλήσεων…</p>
      ) : pending.length === 0 ? (
        <p>Καμία πρόσκληση σε αναμονή.</p>
      ) : (
        <ul className={styles.list} aria-label="Προσκλήσεις σε αναμονή">
          {pending.map((invite) => {
            const expired = inviteExpired(invite, now);
            return (
              <li key={invite.id} className={styles.contact} data-testid="invite">
                <div className={styles.contactHead}>
                  <strong>{memberName(invite)}</strong>
                  <span className={styles.badge}>{expired ? 'Έληξε' : 'Προσκλήθηκε'}</span>
                </div>
                <span className={styles.address}>{invite.email}</span>
                {invite.jobTitle && <span>{invite.jobTitle}</span>}
                {invite.expiresAt && !expired && (
                  <span>Λήγει: {DATE.format(invite.expiresAt)}</span>
                )}
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.danger}
                    onClick={() => void revoke(invite.id, invite.email)}
                  >
                    Ανάκληση
                    <span className="visually-hidden"> της πρόσκλησης προς {invite.email}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <InviteForm company={company} />
    </div>
  );
}
