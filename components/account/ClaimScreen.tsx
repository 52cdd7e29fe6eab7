'use client';

import { useState, type FormEvent } from 'react';
import { UsernameTakenError, claimCard } from '@/browser/owner/card';
import { OwnerRequestError } from '@/browser/owner/owner-api';
import { OWNER_WRITE_LIMIT_MESSAGE } from '@/lib/owner-writes';
import { CARD_MESSAGES, cardValueProblem } from '@/lib/profile';
import { profilePath } from '@/lib/routes';
import { USERNAME_MESSAGES, claimProblem, usernameFrom, usernamePreview } from '@/lib/username';
import DepartureNotice from './DepartureNotice';
import Field from './Field';
import SignOutButton from './SignOutButton';
import SubmitRow from './SubmitRow';
import UsernameField from './UsernameField';
import styles from './account.module.css';

interface Errors {
  username?: string;
  firstName?: string;
  lastName?: string;
  form?: string;
}

/** The names every card starts with; the card editor adds the rest. */
const NAME_FIELDS = [
  { field: 'firstName', id: 'claim-first-name', label: 'Όνομα', autoComplete: 'given-name' },
  { field: 'lastName', id: 'claim-last-name', label: 'Επώνυμο', autoComplete: 'family-name' },
] as const;

type NameField = (typeof NAME_FIELDS)[number]['field'];

/** What the form shows for a refused claim: at the field the server names, else below. */
function claimErrors(caught: unknown): Errors {
  if (caught instanceof UsernameTakenError) return { username: USERNAME_MESSAGES.taken };
  if (caught instanceof OwnerRequestError) {
    const { status, field, error } = caught;
    if (status === 400 && (field === 'username' || field === 'firstName' || field === 'lastName')) {
      return { [field]: error };
    }
    if (status === 403 && error === 'unverified') {
      return { form: 'Επιβεβαιώστε πρώτα τη διεύθυνση email σας από το μήνυμα που σας στείλαμε.' };
    }
    if (status === 409) return { form: 'Ο λογαριασμός σας έχει ήδη κάρτα.' };
    if (status === 429) return { form: OWNER_WRITE_LIMIT_MESSAGE };
  }
  return { form: 'Η κάρτα δεν δημιουργήθηκε. Δοκιμάστε ξανά.' };
}

/** A signed-in account without a card picks its username (the card's address) and name. */
export default function ClaimScreen({
  uid,
  onClaimed,
}: {
  uid: string;
  onClaimed: (username: string) => void;
}) {
  const [username, setUsername] = useState('');
  // Until the username is typed, it follows the names as they are typed (in Latin letters).
  const [typedUsername, setTypedUsername] = useState(false);
  const [typed, setTyped] = useState<Record<NameField, string>>({ firstName: '', lastName: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = username.trim();
    const names = { firstName: typed.firstName.trim(), lastName: typed.lastName.trim() };
    const found: Errors = {};
    found.username = claimProblem(wanted) ?? undefined;
    for (const { field } of NAME_FIELDS) {
      if (names[field] === '') found[field] = CARD_MESSAGES.empty;
      else found[field] = cardValueProblem(field, names[field], wanted) ?? undefined;
    }
    setErrors(found);
    if (found.username || found.firstName || found.lastName) return;
    setBusy(true);
    try {
      await claimCard(uid, wanted, names);
      onClaimed(wanted);
    } catch (caught) {
      setErrors(claimErrors(caught));
      setBusy(false);
    }
  }

  return (
    <main className={styles.shell}>
      <h1 className={styles.title}>Η διεύθυνση της κάρτας σας</h1>
      <DepartureNotice uid={uid} />
      <p>
        Διαλέξτε το όνομα χρήστη: η κάρτα σας θα βρίσκεται στη διεύθυνση{' '}
        <strong>{profilePath(usernamePreview(username))}</strong>.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <UsernameField
          id="claim-username"
          value={username}
          error={errors.username}
          onChange={(value) => {
            setTypedUsername(true);
            setUsername(value);
          }}
        />
        {NAME_FIELDS.map(({ field, ...attributes }) => (
          <Field
            key={field}
            {...attributes}
            required
            value={typed[field]}
            error={errors[field]}
            onChange={(e) => {
              const next = { ...typed, [field]: e.target.value };
              setTyped(next);
              if (!typedUsername) setUsername(usernameFrom(`${next.firstName} ${next.lastName}`));
            }}
          />
        ))}
        <p className={styles.error} role="alert">
          {errors.form}
        </p>
        <SubmitRow label="Δημιουργία κάρτας" busy={busy}>
          <SignOutButton />
        </SubmitRow>
      </form>
    </main>
  );
}
