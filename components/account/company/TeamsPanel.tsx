'use client';

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  createTeam,
  deleteTeam,
  readTeams,
  saveTeam,
  saveTeamMembers,
} from '@/browser/owner/teams';
import { TEMPLATE_FIELD_LABELS, englishTwin, type TemplateEntry } from '@/lib/company';
import { CARD_FIELD_RULES } from '@/lib/profile';
import {
  TEAM_NAME_MAX,
  parseTeamOverrides,
  teamNameProblem,
  type Team,
  type TeamOverrides,
  type TeamsAnswer,
} from '@/lib/teams';
import Field from '../Field';
import SubmitRow from '../SubmitRow';
import styles from '../account.module.css';
import { useRevealed } from '../use-revealed';
import { refusalOf } from './messages';

/** The fields the console sets for a team: a branch's own contact. */
const FORM_FIELDS = ['address', 'addressDetails', 'city', 'phoneNumber', 'websiteLink'] as const;
type FormField = (typeof FORM_FIELDS)[number];

interface FieldDraft {
  value: string;
  valueEn: string;
  locked: boolean;
}
type Draft = Record<FormField, FieldDraft>;

const INPUT_TYPE: Partial<Record<FormField, 'tel' | 'url'>> = {
  phoneNumber: 'tel',
  websiteLink: 'url',
};

function toDraft(overrides: TeamOverrides): Draft {
  const draft = {} as Draft;
  for (const field of FORM_FIELDS) {
    const entry = overrides[field] as TemplateEntry | undefined;
    draft[field] = {
      value: entry?.value ?? '',
      valueEn: entry?.valueEn ?? '',
      // A branch's own value is the branch's on its members' cards, unless the admin says not.
      locked: entry?.locked ?? true,
    };
  }
  return draft;
}

/** The overrides as a save sends them: the fields filled in, with their English words if any. */
function fromDraft(draft: Draft, kept: TeamOverrides): unknown {
  const overrides: Record<string, unknown> = { ...kept };
  for (const field of FORM_FIELDS) {
    delete overrides[field];
    const { value, valueEn, locked } = draft[field];
    if (value.trim() === '') continue;
    overrides[field] = {
      value: value.trim(),
      locked,
      ...(englishTwin(field) && valueEn.trim() !== '' ? { valueEn: valueEn.trim() } : {}),
    };
  }
  return overrides;
}

/**
 * «Ομάδες»: the company's teams (a branch, say), each with its own values over the template's on
 * its members' cards, and its members; judged as the server judges them (lib/teams.ts).
 */
export default function TeamsPanel({ companyId }: { companyId: string }) {
  const [answer, setAnswer] = useState<TeamsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean }>({
    text: '',
    error: false,
  });
  const shownStatus = useRevealed<HTMLParagraphElement>(status.text);

  const reload = useCallback(async () => {
    try {
      setAnswer(await readTeams(companyId));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [companyId]);

  useEffect(() => {
    let current = true;
    readTeams(companyId).then(
      (read) => current && setAnswer(read),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [companyId]);

  const team = answer?.teams.find((t) => t.id === selected) ?? null;
  return (
    <section className={styles.form} aria-labelledby="teams-title">
      <h3 id="teams-title">Ομάδες</h3>
      <p className={styles.hint}>
        Μια ομάδα, π.χ. ένα υποκατάστημα, έχει δικά της στοιχεία: ό,τι συμπληρώσετε σε αυτήν
        δείχνουν οι κάρτες των μελών της στη θέση των στοιχείων του προτύπου, και ό,τι μείνει κενό
        ακολουθεί το πρότυπο. Το όνομα και τα νομικά στοιχεία της εταιρείας δεν αλλάζουν ανά ομάδα.
        Κάθε κάρτα ανήκει το πολύ σε μία ομάδα.
      </p>
      {failed && (
        <p className={styles.error} role="alert">
          Οι ομάδες δεν φορτώθηκαν. Ελέγξτε τη σύνδεσή σας.
        </p>
      )}
      <NewTeam
        companyId={companyId}
        onCreated={async (id, name) => {
          await reload();
          setSelected(id);
          setStatus({ text: `Η ομάδα «${name}» δημιουργήθηκε.`, error: false });
        }}
      />
      {answer === null && !failed && <p role="status">Φόρτωση ομάδων…</p>}
      {answer && answer.teams.length === 0 && <p>Δεν υπάρχουν ακόμη ομάδες.</p>}
      {answer && answer.teams.length > 0 && (
        <ul className={styles.subnav} aria-label="Ομάδες της εταιρείας">
          {answer.teams.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className={styles.tab}
                aria-current={t.id === selected ? 'true' : undefined}
                onClick={() => {
                  setSelected(t.id);
                  setStatus({ text: '', error: false });
                }}
              >
                {t.displayName} ({t.members.length === 1 ? '1 μέλος' : `${t.members.length} μέλη`})
              </button>
            </li>
          ))}
        </ul>
      )}
      <p
        ref={shownStatus}
        className={`${status.error ? styles.error : styles.status} ${styles.revealed}`}
        role={status.error ? 'alert' : 'status'}
      >
        {status.text}
      </p>
      {answer && team && (
        <TeamEditor
          key={team.id}
          companyId={companyId}
          team={team}
          answer={answer}
          onSaved={reload}
          onDeleted={async () => {
            setSelected(null);
            setStatus({
              text: `Η ομάδα «${team.displayName}» διαγράφηκε· οι κάρτες των μελών της δείχνουν ξανά τα στοιχεία του προτύπου.`,
              error: false,
            });
            await reload();
          }}
        />
      )}
    </section>
  );
}

function NewTeam({
  companyId,
  onCreated,
}: {
  companyId: string;
  onCreated: (id: string, name: string) => Promise<void>;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = teamNameProblem(name);
    setError(problem ?? undefined);
    if (problem) return;
    setBusy(true);
    try {
      const id = await createTeam(companyId, { displayName: name.trim(), overrides: {} });
      setName('');
      await onCreated(id, name.trim());
    } catch (caught) {
      setError(refusalOf(caught).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Νέα ομάδα">
      <Field
        id="team-new-name"
        label="Όνομα νέας ομάδας"
        hint="π.χ. «Θεσσαλονίκη»"
        autoComplete="off"
        maxLength={TEAM_NAME_MAX}
        value={name}
        error={error}
        onChange={(e) => setName(e.target.value)}
      />
      <SubmitRow label="Δημιουργία ομάδας" busy={busy} secondary />
    </form>
  );
}

function TeamEditor({
  companyId,
  team,
  answer,
  onSaved,
  onDeleted,
}: {
  companyId: string;
  team: Team;
  answer: TeamsAnswer;
  onSaved: () => Promise<void>;
  onDeleted: () => Promise<void>;
}) {
  const [name, setName] = useState(team.displayName);
  const [draft, setDraft] = useState<Draft>(() => toDraft(team.overrides));
  const [members, setMembers] = useState<Set<string>>(
    () => new Set(team.members.map((m) => m.username)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean }>({
    text: '',
    error: false,
  });
  const shownStatus = useRevealed<HTMLParagraphElement>(status.text);

  /** Each card's team, for the note on a card that would move. */
  const teamOfCard = new Map(
    answer.teams.flatMap((t) => t.members.map((m) => [m.username, t.displayName] as const)),
  );

  const setField = (field: FormField, change: Partial<FieldDraft>) =>
    setDraft((current) => ({ ...current, [field]: { ...current[field], ...change } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const nameProblem = teamNameProblem(name);
    const parsed = parseTeamOverrides(fromDraft(draft, team.overrides));
    const found: Record<string, string> = {};
    if (nameProblem) found.name = nameProblem;
    if (!parsed.ok) found[parsed.field.replace(/^fields\./, '')] = parsed.error;
    setErrors(found);
    if (nameProblem || !parsed.ok) {
      setStatus({ text: 'Διορθώστε τα πεδία με σφάλμα.', error: true });
      return;
    }
    setBusy(true);
    setStatus({ text: 'Αποθήκευση…', error: false });
    try {
      await saveTeam(companyId, team.id, {
        displayName: name.trim(),
        overrides: parsed.overrides,
      });
      await saveTeamMembers(companyId, team.id, [...members]);
      setStatus({
        text: `Η ομάδα «${name.trim()}» αποθηκεύτηκε· οι κάρτες των μελών της ενημερώνονται.`,
        error: false,
      });
      await onSaved();
    } catch (caught) {
      const { message, field } = refusalOf(caught);
      if (field) setErrors({ [field.replace(/^fields\./, '')]: message });
      setStatus({ text: message, error: true });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await deleteTeam(companyId, team.id);
      await onDeleted();
    } catch (caught) {
      setStatus({ text: refusalOf(caught).message, error: true });
      setBusy(false);
    }
  }

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby={`team-${team.id}-title`}
    >
      <h4 id={`team-${team.id}-title`}>Ομάδα «{team.displayName}»</h4>
      <Field
        id="team-name"
        label="Όνομα ομάδας"
        autoComplete="off"
        maxLength={TEAM_NAME_MAX}
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset className={styles.fieldset}>
        <legend>Στοιχεία της ομάδας</legend>
        {FORM_FIELDS.map((field) => {
          const label = TEMPLATE_FIELD_LABELS[field];
          const twin = englishTwin(field);
          return (
            <div key={field} className={styles.templateField}>
              <Field
                id={`team-${field}`}
                label={label}
                type={INPUT_TYPE[field] ?? 'text'}
                autoComplete="off"
                maxLength={CARD_FIELD_RULES[field].max}
                value={draft[field].value}
                error={errors[field]}
                onChange={(e) => setField(field, { value: e.target.value })}
              />
              {twin && (
                <Field
                  id={`team-${twin}`}
                  label={`${label} στα αγγλικά`}
                  lang="en"
                  autoComplete="off"
                  maxLength={CARD_FIELD_RULES[twin].max}
                  value={draft[field].valueEn}
                  error={errors[twin]}
                  onChange={(e) => setField(field, { valueEn: e.target.value })}
                />
              )}
              <label className={styles.check} htmlFor={`team-${field}-locked`}>
                <input
                  id={`team-${field}-locked`}
                  type="checkbox"
                  aria-label={`Κλειδωμένο: ${label}`}
                  checked={draft[field].locked}
                  onChange={(e) => setField(field, { locked: e.target.checked })}
                />
                <span aria-hidden="true">Κλειδωμένο</span>
              </label>
            </div>
          );
        })}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Μέλη της ομάδας</legend>
        {answer.cards.length === 0 && <p>Η εταιρεία δεν έχει ακόμη κάρτες μελών.</p>}
        {answer.cards.map(({ username, name: cardName }) => {
          const other = teamOfCard.get(username);
          const moves = other !== undefined && other !== team.displayName;
          return (
            <label key={username} className={styles.check} htmlFor={`team-member-${username}`}>
              <input
                id={`team-member-${username}`}
                type="checkbox"
                checked={members.has(username)}
                onChange={(e) =>
                  setMembers((current) => {
                    const next = new Set(current);
                    if (e.target.checked) next.add(username);
                    else next.delete(username);
                    return next;
                  })
                }
              />
              <span>
                {cardName || username} <span className={styles.hint}>({username})</span>
                {moves && members.has(username) && (
                  <span className={styles.hint}> · φεύγει από την ομάδα «{other}»</span>
                )}
                {moves && !members.has(username) && (
                  <span className={styles.hint}> · στην ομάδα «{other}»</span>
                )}
              </span>
            </label>
          );
        })}
        {errors.usernames && <p className={styles.error}>{errors.usernames}</p>}
      </fieldset>
      <SubmitRow label="Αποθήκευση ομάδας" busy={busy}>
        {!confirming ? (
          <button
            type="button"
            className={styles.danger}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Διαγραφή ομάδας
          </button>
        ) : (
          <>
            <button type="button" className={styles.danger} disabled={busy} onClick={remove}>
              Ναι, διαγραφή της ομάδας
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Άκυρο
            </button>
          </>
        )}
      </SubmitRow>
      <p
        ref={shownStatus}
        className={`${status.error ? styles.error : styles.status} ${styles.revealed}`}
        role={status.error ? 'alert' : 'status'}
      >
        {status.text}
      </p>
    </form>
  );
}
