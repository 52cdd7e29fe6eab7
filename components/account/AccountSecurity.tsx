'use client';

import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
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

type FieldName = 'current' | 'next';
type Values = Record<FieldName, string>;

/** What a field of a change's form is given (Field's props): its value, its error, each keystroke. */
interface Held {
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A change's form: the current password and the new value it holds, what became of it, and
 * `submit`: `check`'s refusal said at once, else `change`, said done or its error placed. A change
 * done leaves no password in the form.
 */
function useChange(
  nextIsPassword: boolean,
  check: (values: Values) => FormState['errors'] | null,
  change: (values: Values) => Promise<string>,
) {
  const [values, setValues] = useState<Values>({ current: '', next: '' });
  const [state, setState] = useState<FormState>(IDLE);
  const held = (name: FieldName): Held => ({
    value: values[name],
    error: state.errors[name],
    onChange: (event) => {
      const { value } = event.target;
      setValues((old) => ({ ...old, [name]: value }));
    },
  });
  async function run() {
    const refusal = check(values);
    if (refusal) return setState({ ...IDLE, errors: refusal });
    setState({ ...IDLE, busy: true });
    try {
      const done = await change(values);
      setValues(({ next }) => ({ current: '', next: nextIsPassword ? '' : next }));
      setState({ ...IDLE, done });
    } catch (error) {
      setState({ ...IDLE, errors: placeError(error, nextIsPassword) });
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    void run();
  }
  return { state, submit, current: held('current'), next: held('next') };
}

/** A change's form: its title (its button's name too), its fields, and what became of it. */
function ChangeForm({
  id,
  title,
  form: { state, submit },
  children,
}: {
  id: string;
  title: string;
  form: ReturnType<typeof useChange>;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
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
function CurrentPassword(field: Held & { id: string; label: string }) {
  return <Field {...field} type="password" autoComplete="current-password" required />;
}

function ChangePassword({ user }: { user: User }) {
  const form = useChange(
    true,
    ({ current, next }) =>
      !current
        ? { current: AUTH_MESSAGES.missingPassword }
        : next.length < 6
          ? { next: AUTH_MESSAGES.weakPassword }
          : null,
    async ({ current, next }) => {
      await changePassword(user, current, next);
      return (
        'Ο κωδικός άλλαξε και όπου αλλού είχατε συνδεθεί, η σύνδεση έληξε. ' +
        'Την επόμενη φορά συνδεθείτε με τον νέο.'
      );
    },
  );

  return (
    <ChangeForm id="password" title="Αλλαγή κωδικού" form={form}>
      <CurrentPassword id="password-current" label="Τρέχων κωδικός" {...form.current} />
      <Field
        id="password-new"
        label="Νέος κωδικός"
        type="password"
        autoComplete="new-password"
        hint="Τουλάχιστον 6 χαρακτήρες"
        required
        {...form.next}
      />
    </ChangeForm>
  );
}

function ChangeEmail({ user, withPassword }: { user: User; withPassword: boolean }) {
  const form = useChange(
    false,
    ({ current, next }) =>
      !next.includes('@')
        ? { next: AUTH_MESSAGES.invalidEmail }
        : withPassword && !current
          ? { current: AUTH_MESSAGES.missingPassword }
          : null,
    async ({ current, next }) => {
      await changeEmail(user, next, withPassword ? current : undefined);
      return (
        `Στείλαμε σύνδεσμο στο ${next.trim()}. Το email του λογαριασμού αλλάζει μόλις τον ` +
        `ανοίξετε· μέχρι τότε συνδέεστε με το ${user.email}.`
      );
    },
  );

  return (
    <ChangeForm id="email" title="Αλλαγή email" form={form}>
      <p className={styles.hint}>
        Θα σας στείλουμε σύνδεσμο στη νέα διεύθυνση· αλλάζει μόλις τον ανοίξετε.
      </p>
      <Field
        id="email-new"
        label="Νέο email"
        type="email"
        autoComplete="email"
        required
        {...form.next}
      />
      {withPassword && (
        <CurrentPassword id="email-password" label="Ο κωδικός σας" {...form.current} />
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
