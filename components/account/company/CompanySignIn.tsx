'use client';

// «Σύνδεση εταιρείας»: the company's own OpenID provider for its members' sign-in
// (lib/company-sign-in.ts), judged here by the rules the server applies. The client secret is
// written, never shown: the form says only whether one is set. A setting can be removed, after a
// confirmation: the form then shows empty.
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { OwnerRequestError } from '@/browser/owner/owner-api';
import {
  readSignInSettings,
  removeSignInSettings,
  saveSignInSettings,
} from '@/browser/owner/sign-in-settings';
import {
  COMPANY_SIGN_IN_PATHS,
  parseSignInChanges,
  type SignInSettings,
} from '@/lib/company-sign-in';
import { env } from '@/lib/env';
import ConfirmedDanger from '../ConfirmedDanger';
import Field from '../Field';
import SubmitRow from '../SubmitRow';
import styles from '../account.module.css';
import { useFieldForm } from '../use-field-form';
import { useRevealed } from '../use-revealed';
import { refusalOf } from './messages';

interface Form {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  required: boolean;
}

const formOf = (settings: SignInSettings): Form => ({
  issuer: settings.issuer,
  clientId: settings.clientId,
  clientSecret: '',
  domains: settings.domains.join(', '),
  required: settings.required,
});

/** The domains as the removal's confirmation names them, with their article. */
function domainsNamed(domains: string[]): string {
  const quoted = domains.map((domain) => `«${domain}»`).join(', ');
  return domains.length === 1 ? `στον τομέα ${quoted}` : `στους τομείς ${quoted}`;
}

/** A refusal as the form shows it: beside its field when it names one. */
function refusalShown(caught: unknown): { message: string; field?: string } {
  if (caught instanceof OwnerRequestError && caught.shown) {
    return { message: caught.shown, field: caught.field };
  }
  return refusalOf(caught);
}

export default function CompanySignIn({ companyId }: { companyId: string }) {
  const [settings, setSettings] = useState<SignInSettings | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const { errors, setErrors, status, setStatus, busy, setBusy, submit } =
    useFieldForm(refusalShown);
  const shownStatus = useRevealed<HTMLParagraphElement>(status);
  const [removeError, setRemoveError] = useState('');
  // The console renders in the browser only (AccountLoader).
  const [callbackUrl] = useState(
    () => new URL(COMPANY_SIGN_IN_PATHS.callback, window.location.origin).href,
  );

  useEffect(() => {
    let current = true;
    readSignInSettings(companyId).then(
      (read) => {
        if (!current) return;
        setSettings(read);
        setForm(formOf(read));
      },
      (caught: unknown) => current && setStatus(refusalShown(caught).message),
    );
    return () => {
      current = false;
    };
    // setStatus is useState's own, the same on every render.
  }, [companyId, setStatus]);

  const set = (field: keyof Form) => (value: string | boolean) =>
    setForm((before) => (before ? { ...before, [field]: value } : before));
  /** A text field's value, error and change, as Field takes them. */
  const held = (field: 'issuer' | 'clientId' | 'clientSecret' | 'domains') => ({
    value: form?.[field] ?? '',
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field)(e.target.value),
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form || !settings) return;
    const parsed = parseSignInChanges(form, {
      secretSet: settings.secretSet,
      loopbackHttp: env.isDemoProject,
    });
    await submit(parsed, 'Αποθήκευση…', async ({ changes }) => {
      const saved = await saveSignInSettings(companyId, changes);
      setSettings(saved);
      setForm(formOf(saved));
      setStatus('Αποθηκεύτηκε.');
    });
  }

  async function remove() {
    setBusy(true);
    setRemoveError('');
    try {
      const none = await removeSignInSettings(companyId);
      setSettings(none);
      setForm(formOf(none));
      setErrors({});
      setStatus('Η σύνδεση με τον λογαριασμό της εταιρείας καταργήθηκε.');
    } catch (caught) {
      setRemoveError(refusalShown(caught).message);
    } finally {
      setBusy(false);
    }
  }

  if (!form || !settings) {
    return (
      <p role="status" ref={shownStatus}>
        {status || 'Φόρτωση…'}
      </p>
    );
  }
  return (
    <>
      <form
        className={styles.form}
        onSubmit={save}
        noValidate
        aria-labelledby="company-sign-in-title"
      >
        <h3 id="company-sign-in-title">Σύνδεση με τον λογαριασμό της εταιρείας</h3>
        <p className={styles.hint}>
          Τα μέλη σας συνδέονται στην karta με τον λογαριασμό της εταιρείας (OpenID Connect, π.χ.
          Microsoft Entra ID, Google Workspace, Okta). Δηλώστε στον πάροχο την karta ως εφαρμογή με
          την παρακάτω διεύθυνση επιστροφής.
        </p>
        <Field
          id="sign-in-callback"
          label="Διεύθυνση επιστροφής (redirect URI)"
          value={callbackUrl}
          readOnly
        />
        <Field
          id="sign-in-issuer"
          label="Διεύθυνση παρόχου (issuer)"
          type="url"
          {...held('issuer')}
        />
        <Field id="sign-in-client-id" label="Client ID" autoComplete="off" {...held('clientId')} />
        <Field
          id="sign-in-client-secret"
          label="Client secret"
          type="password"
          autoComplete="new-password"
          hint={
            settings.secretSet
              ? 'Έχει οριστεί και δεν εμφανίζεται. Γράψτε νέο μόνο για να το αντικαταστήσετε.'
              : undefined
          }
          {...held('clientSecret')}
        />
        <Field
          id="sign-in-domains"
          label="Τομείς email της εταιρείας"
          hint="Χωρισμένοι με κόμμα, π.χ. example.gr, example.com"
          autoComplete="off"
          {...held('domains')}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={form.required}
            onChange={(e) => set('required')(e.target.checked)}
          />{' '}
          Υποχρεωτική σύνδεση με τον λογαριασμό της εταιρείας
        </label>
        <p className={styles.hint}>
          Όταν είναι υποχρεωτική, όσοι έχουν διεύθυνση σε αυτούς τους τομείς δεν συνδέονται με
          κωδικό.
        </p>
        <p ref={shownStatus} className={`${styles.status} ${styles.revealed}`} role="status">
          {status}
        </p>
        <SubmitRow label="Αποθήκευση" busy={busy} />
      </form>
      {settings.secretSet && (
        <ConfirmedDanger
          start="Κατάργηση της σύνδεσης εταιρείας"
          confirm="Οριστική κατάργηση"
          busy={busy}
          error={removeError}
          onConfirm={() => void remove()}
          onCancel={() => setRemoveError('')}
        >
          <p>
            Όσοι έχουν διεύθυνση {domainsNamed(settings.domains)} θα συνδέονται πια με email και
            κωδικό (όποιος δεν έχει κωδικό ορίζει νέο με «Ξεχάσατε τον κωδικό;»). Όσοι έχουν ήδη
            συνδεθεί μένουν συνδεδεμένοι. Τα στοιχεία του παρόχου διαγράφονται: για να την
            ενεργοποιήσετε ξανά, θα τα συμπληρώσετε από την αρχή.
          </p>
        </ConfirmedDanger>
      )}
    </>
  );
}
