'use client';

import { useState, type FormEvent } from 'react';
import {
  AUTH_MESSAGES,
  CurrentPasswordError,
  changeEmail,
  changeMessage,
  changePassword,
  hasPassword,
  type User,
} from '@/browser/owner/auth';
import Field from './Field';
import styles from './account.module.css';

interface FormState {
  busy: boolean;
  done: string | null;
  errors: Partial<Record<'current' | 'next' | 'form', string>>;
}

const IDLE: FormState = { busy: false, done: null, errors: {} };

const ABOUT_THE_ADDRESS = new Set<string>([
  AUTH_MESSAGES.invalidEmail,
  AUTH_MESSAGES.newEmailInUse,
  AUTH_MESSAGES.sameEmail,
]);

/** Which field an error of a change belongs to, so that it is said beside it. */
function placeError(error: unknown, nextIsPassword: boolean): FormState['errors'] {
  const message = changeMessage(error);
  if (error instanceof CurrentPasswordError) return { current: message };
  if (nextIsPassword && message === AUTH_MESSAGES.weakPassword) return { next: message };
  if (!nextIsPassword && ABOUT_THE_ADDRESS.has(message)) return { next: message };
  return { form: message };
}

function ChangePassword({ user }: { user: User }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [state, setState] = useState<FormState>(IDLE);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current) return setState({ ...IDLE, errors: { current: AUTH_MESSAGES.missingPassword } });
    if (next.length < 6) return setState({ ...IDLE, errors: { next: AUTH_MESSAGES.weakPassword } });
    setState({ ...IDLE, busy: true });
    try {
      await changePassword(user, current, next);
      setCurrent('');
      setNext('');
      setState({
        ...IDLE,
        done:
          'Ο κωδικός άλλαξε και όπου αλλού είχατε συνδεθεί, η σύνδεση έληξε. ' +
          'Την επόμενη φορά συνδεθείτε με τον νέο.',
      });
    } catch (error) {
      setState({ ...IDLE, errors: placeError(error, true) });
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="password-title">
      <h3 id="password-title">Αλλαγή κωδικού</h3>
      <Field
        id="password-current"
        label="Τρέχων κωδικός"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        error={state.errors.current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        id="password-new"
        label="Νέος κωδικός"
        type="password"
        autoComplete="new-password"
        hint="Τουλάχιστον 6 χαρακτήρες"
        required
        value={next}
        error={state.errors.next}
        onChange={(e) => setNext(e.target.value)}
      />
      <Outcome state={state} />
      <div className={styles.actions}>
        <button className={styles.secondary} type="submit" disabled={state.busy}>
          Αλλαγή κωδικού
        </button>
      </div>
    </form>
  );
}

function ChangeEmail({ user, withPassword }: { user: User; withPassword: boolean }) {
  const [next, setNext] = useState('');
  const [current, setCurrent] = useState('');
  const [state, setState] = useState<FormState>(IDLE);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!next.includes('@')) {
      return setState({ ...IDLE, errors: { next: AUTH_MESSAGES.invalidEmail } });
    }
    if (withPassword && !current) {
      return setState({ ...IDLE, errors: { current: AUTH_MESSAGES.missingPassword } });
    }
    setState({ ...IDLE, busy: true });
    try {
      await changeEmail(user, next, withPassword ? current : undefined);
      setCurrent('');
      setState({
        ...IDLE,
        done:
          `Στείλαμε σύνδεσμο στο ${next.trim()}. Το email του λογαριασμού αλλάζει μόλις τον ` +
          `ανοίξετε· μέχρι τότε συνδέεστε με το ${user.email}.`,
      });
    } catch (error) {
      setState({ ...IDLE, errors: placeError(error, false) });
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="email-title">
      <h3 id="email-title">Αλλαγή email</h3>
      <p className={styles.hint}>
        Θα σας στείλουμε σύνδεσμο στη νέα διεύθυνση· αλλάζει μόλις τον ανοίξετε.
      </p>
      <Field
        id="email-new"
        label="Νέο email"
        type="email"
        autoComplete="email"
        required
        value={next}
        error={state.errors.next}
        onChange={(e) => setNext(e.target.value)}
      />
      {withPassword && (
        <Field
          id="email-password"
          label="Ο κωδικός σας"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          error={state.errors.current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      )}
      <Outcome state={state} />
      <div className={styles.actions}>
        <button className={styles.secondary} type="submit" disabled={state.busy}>
          Αλλαγή email
        </button>
      </div>
    </form>
  );
}

function Outcome({ state }: { state: FormState }) {
  return (
    <>
      <p className={styles.success} role="status">
        {state.done}
      </p>
      <p className={styles.error} role="alert">
        {state.errors.form}
      </p>
    </>
  );
}

/** The account's password and address. A Google account has no password here: Google keeps it. */
export default function AccountSecurity({ user }: { user: User }) {
  const withPassword = hasPassword(user);
  return (
    <>
      {withPassword ? (
        <ChangePassword user={user} />
      ) : (
        <p>Συνδέεστε με Google· ο κωδικός σας αλλάζει στον λογαριασμό σας Google.</p>
      )}
      <ChangeEmail user={user} withPassword={withPassword} />
    </>
  );
}
