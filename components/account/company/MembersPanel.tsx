'use client';

import { useState } from 'react';
import {
  inviteExpired,
  removeMember,
  revokeInvite,
  setForwarding,
  setMemberRole,
  type Company,
  type Member,
} from '@/browser/owner/company';
import { endedLabel, forwardedCardsFate, printedCardsFate } from '@/lib/company-removal';
import { profilePath } from '@/lib/routes';
import styles from '../account.module.css';
import InviteForm from './InviteForm';
import { useRevealed } from '../use-revealed';
import { refusalOf } from './messages';
import type { CompanyData } from './use-company-data';

const DATE = new Intl.DateTimeFormat('el-GR', { dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat('el-GR', { dateStyle: 'medium', timeStyle: 'short' });

const memberName = (m: { firstName: string; lastName: string; email: string }) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

/** The colleague a card may forward to: an active member other than its own. */
function colleaguesOf(member: Member, members: readonly Member[]): Member[] {
  return members.filter((m) => m.status === 'active' && m.uid !== member.uid && m.username);
}

/** How many switched-off cards forward to `member`'s. */
function forwardersOf(member: Member, members: readonly Member[]): number {
  return members.filter((m) => m.status !== 'active' && m.forwardTo === member.username).length;
}

/** The choice of a colleague's card, by name and address. */
function ColleagueSelect({
  id,
  colleagues,
  value,
  onChange,
}: {
  id: string;
  colleagues: Member[];
  value: string;
  onChange: (username: string) => void;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Συνάδελφος</label>
      <select
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {colleagues.map((m) => (
          <option key={m.uid} value={m.username}>
            {memberName(m)} ({profilePath(m.username)})
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The removal's confirmation: the admin chooses whether the card forwards to a colleague's or is
 * switched off, and is told what becomes of the printed QR codes and NFC cards.
 */
function RemovalChoice({
  member,
  colleagues,
  forwardedHere,
  busy,
  onConfirm,
  onCancel,
}: {
  member: Member;
  colleagues: Member[];
  /** How many switched-off cards forward to this member's: they follow it. */
  forwardedHere: number;
  busy: boolean;
  onConfirm: (forwardTo: string | null) => void;
  onCancel: () => void;
}) {
  const name = memberName(member);
  // Switched off unless the admin picks a colleague: nobody is sent to a card by default.
  const [forward, setForward] = useState(false);
  const [target, setTarget] = useState(colleagues[0]?.username ?? '');
  const chosen = forward ? colleagues.find((m) => m.username === target) : undefined;
  const group = `removal-${member.uid}`;
  return (
    <fieldset className={styles.fieldset} disabled={busy} data-testid="removal-choice">
      <legend>
        Αφαίρεση: {name}. Τι θα γίνει με την κάρτα {profilePath(member.username)};
      </legend>
      <label className={styles.check}>
        <input
          type="radio"
          name={group}
          checked={forward}
          disabled={colleagues.length === 0}
          onChange={() => setForward(true)}
        />{' '}
        Προώθηση στην κάρτα συναδέλφου
      </label>
      {forward && (
        <ColleagueSelect
          id={`${group}-colleague`}
          colleagues={colleagues}
          value={target}
          onChange={setTarget}
        />
      )}
      <label className={styles.check}>
        <input type="radio" name={group} checked={!forward} onChange={() => setForward(false)} />{' '}
        Απενεργοποίηση της κάρτας
      </label>
      <p data-testid="printed-cards">
        {[
          printedCardsFate(chosen ? memberName(chosen) : null),
          forwardedCardsFate(forwardedHere, chosen ? memberName(chosen) : null),
          'Οι επαφές της κάρτας μένουν στην εταιρεία.',
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.danger}
          onClick={() => onConfirm(chosen ? chosen.username : null)}
        >
          Επιβεβαίωση αφαίρεσης<span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Άκυρο
        </button>
      </div>
    </fieldset>
  );
}

/** A removed member's card: where it forwards, with «Αλλαγή» and «Τέλος προώθησης». */
function Forwarding({
  member,
  colleagues,
  busy,
  run,
}: {
  member: Member;
  colleagues: Member[];
  busy: boolean;
  run: (forwardTo: string | null, done: string) => void;
}) {
  const name = memberName(member);
  const [changing, setChanging] = useState(false);
  const [target, setTarget] = useState(member.forwardTo ?? colleagues[0]?.username ?? '');
  const forwardName = (username: string) => {
    const colleague = colleagues.find((m) => m.username === username);
    return colleague ? memberName(colleague) : profilePath(username);
  };
  return (
    <>
      <span data-testid="forwarding">
        {member.forwardTo ? (
          <>
            Η κάρτα προωθείται στην κάρτα{' '}
            <a href={profilePath(member.forwardTo)} target="_blank" rel="noopener">
              {profilePath(member.forwardTo)}
            </a>
            .
          </>
        ) : (
          'Η κάρτα είναι απενεργοποιημένη.'
        )}
      </span>
      {changing && colleagues.length > 0 && (
        <ColleagueSelect
          id={`forward-${member.uid}`}
          colleagues={colleagues}
          value={target}
          onChange={setTarget}
        />
      )}
      <div className={styles.actions}>
        {changing ? (
          <>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy || !target}
              onClick={() => {
                setChanging(false);
                run(target, `${name}: ${printedCardsFate(forwardName(target))}`);
              }}
            >
              Αποθήκευση προώθησης<span className="visually-hidden"> της κάρτας {name}</span>
            </button>
            <button type="button" className={styles.secondary} onClick={() => setChanging(false)}>
              Άκυρο
            </button>
          </>
        ) : (
          colleagues.length > 0 && (
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              onClick={() => setChanging(true)}
            >
              {member.forwardTo ? 'Αλλαγή' : 'Προώθηση'}
              <span className="visually-hidden">
                {member.forwardTo ? ' προώθησης' : ''} της κάρτας {name}
              </span>
            </button>
          )
        )}
        {member.forwardTo && !changing && (
          <button
            type="button"
            className={styles.danger}
            disabled={busy}
            onClick={() => run(null, `${name}: ${printedCardsFate(null)}`)}
          >
            Τέλος προώθησης<span className="visually-hidden"> της κάρτας {name}</span>
          </button>
        )}
      </div>
    </>
  );
}

function MemberRow({
  member,
  self,
  company,
  colleagues,
  forwardedHere,
  lastLead,
}: {
  member: Member;
  self: boolean;
  company: Company;
  colleagues: Member[];
  forwardedHere: number;
  lastLead: Date | null;
}) {
  const [confirming, setConfirming] = useState(false);
  // The result beside the buttons pressed, not atop the list.
  const [result, setResult] = useState('');
  const shownResult = useRevealed<HTMLParagraphElement>(result);
  const [busy, setBusy] = useState(false);
  const name = memberName(member);
  const admin = company.admins.includes(member.uid);
  const active = member.status === 'active';

  async function act(run: () => Promise<void>, done: string) {
    setBusy(true);
    try {
      await run();
      setResult(done);
    } catch (caught) {
      setResult(refusalOf(caught).message);
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
          {active ? (admin ? 'Διαχειριστής' : 'Ενεργό') : endedLabel(member)}
        </span>
      </div>
      <a href={profilePath(member.username)} target="_blank" rel="noopener">
        {profilePath(member.username)}
      </a>
      <span>
        Ένταξη: {member.joinedAt ? DATE.format(member.joinedAt) : '—'}
        {member.removedAt && (
          <>
            {' '}
            · {endedLabel(member) === 'Αφαιρέθηκε' ? 'Αφαίρεση' : 'Αποχώρηση'}:{' '}
            {DATE.format(member.removedAt)}
          </>
        )}
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
          {!self && !confirming && (
            <button type="button" className={styles.danger} onClick={() => setConfirming(true)}>
              Αφαίρεση μέλους<span className="visually-hidden"> {name}</span>
            </button>
          )}
        </div>
      )}
      {active && !self && confirming && (
        <RemovalChoice
          member={member}
          colleagues={colleagues}
          forwardedHere={forwardedHere}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={(forwardTo) => {
            const to = colleagues.find((m) => m.username === forwardTo);
            void act(
              () => removeMember(company.id, member.uid, forwardTo),
              [
                `${name}: αφαιρέθηκε.`,
                printedCardsFate(to ? memberName(to) : null),
                forwardedCardsFate(forwardedHere, to ? memberName(to) : null),
              ]
                .filter(Boolean)
                .join(' '),
            );
          }}
        />
      )}
      {!active && (
        <Forwarding
          member={member}
          colleagues={colleagues}
          busy={busy}
          run={(forwardTo, done) =>
            void act(() => setForwarding(company.id, member.uid, forwardTo), done)
          }
        />
      )}
      <p ref={shownResult} className={`${styles.status} ${styles.revealed}`} role="status">
        {result}
      </p>
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
  const shownStatus = useRevealed<HTMLParagraphElement>(status);
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
              colleagues={colleaguesOf(member, data.members ?? [])}
              forwardedHere={forwardersOf(member, data.members ?? [])}
              lastLead={lastLead(member.username)}
            />
          ))}
        </ul>
      )}
      <h3>Προσκλήσεις σε αναμονή</h3>
      <p ref={shownStatus} className={`${styles.status} ${styles.revealed}`} role="status">
        {status}
      </p>
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
