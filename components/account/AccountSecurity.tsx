'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import {
  AUTH_MESSAGES,
  CurrentPasswordError,
  changeEmail,
  changeMessage,
  changePassword,
  hasPassword,
  type User,
} from '@/browser/owner/auth';
import Field, { type HeldField } from './Field';
import SubmitRow from './SubmitRow';
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

/** A change's state, and `run`: a refusal said at once, else the change, said done or placed. */
function useChange(nextIsPassword: boolean) {
  const [state, setState] = useState<FormState>(IDLE);
  async function run(refusal: FormState['errors'] | null, change: () => Promise<string>) {
    if (refusal) return setState({ ...IDLE, errors: refusal });
    setState({ ...IDLE, busy: true });
    try {
      setState({ ...IDLE, done: await change() });
    } catch (error) {
      setState({ ...IDLE, errors: placeError(error, nextIsPassword) });
    }
  }
  return [state, run] as const;
}

/** A change's form: its title (its button's name too), its fields, and what became of it. */
function ChangeForm({
  id,
  title,
  state,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  state: FormState;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {children}
      <p className={styles.success} role="status">
        {state.done}
      </p>
      <p className={styles.error} role="alert">
        {state.errors.form}
      </p>
      <SubmitRow label={title} busy={state.busy} secondary />
    </form>
  );
}

/** The password the account has now, which a change asks for first. */
function CurrentPassword({ onChange, ...held }: HeldField & { label: string }) {
  return (
    <Field
      {...held}
      type="password"
      autoComplete="current-password"
      required
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function ChangePassword({ user }: { user: User }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [state, run] = useChange(true);

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = !current
      ? { current: AUTH_MESSAGES.missingPassword }
      : next.length < 6
        ? { next: AUTH_MESSAGES.weakPassword }
        : null;
    void run(refusal, async () => {
      await changePassword(user, current, next);
      setCurrent('');
      setNext('');
      return (
        'Ο κωδικός άλλαξε και όπου αλλού είχατε συνδεθεί, η σύνδεση έληξε. ' +
        'Την επόμενη φορά συνδεθείτε με τον νέο.'
      );
    });
  }

  return (
    <ChangeForm id="password" title="Αλλαγή κωδικού" state={state} onSubmit={submit}>
      <CurrentPassword
        id="password-current"
        label="Τρέχων κωδικός"
        value={current}
        error={state.errors.current}
        onChange={setCurrent}
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
    </ChangeForm>
  );
}

function ChangeEmail({ user, withPassword }: { user: User; withPassword: boolean }) {
  const [next, setNext] = useState('');
  const [current, setCurrent] = useState('');
  const [state, run] = useChange(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = !next.includes('@')
      ? { next: AUTH_MESSAGES.invalidEmail }
      : withPassword && !current
        ? { current: AUTH_MESSAGES.missingPassword }
        : null;
    void run(refusal, async () => {
      await changeEmail(user, next, withPassword ? current : undefined);
      setCurrent('');
      return (
        `Στείλαμε σύνδεσμο στο ${next.trim()}. Το email του λογαριασμού αλλάζει μόλις τον ` +
        `ανοίξετε· μέχρι τότε συνδέεστε με το ${user.email}.`
      );
    });
  }

  return (
    <ChangeForm id="email" title="Αλλαγή email" state={state} onSubmit={submit}>
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
        <CurrentPassword
          id="email-password"
          label="Ο κωδικός σας"
          value={current}
          error={state.errors.current}
          onChange={setCurrent}
        />
      )}
    </ChangeForm>
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
