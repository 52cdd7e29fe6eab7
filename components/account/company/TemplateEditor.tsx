'use client';

import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { saveTemplate, type Company, type LogoUpload } from '@/browser/owner/company';
import { withoutLinkErrors, type LinkDraft } from '@/browser/owner/card-form';
import {
  draftTemplate,
  logoProblem,
  templateErrorField,
  templateFromForm,
  templateSavedMessage,
  toTemplateForm,
  type TemplateFormErrors,
  type TemplateFormValues,
} from '@/browser/owner/template-form';
import {
  LEGAL_FIELD_LABELS,
  LEGAL_TEXT_MAX,
  englishTwin,
  type LegalField,
  type TemplateEnglishField,
  type TemplateTextField,
} from '@/lib/company';
import { LOGO_CONTENT_TYPES } from '@/lib/company-logo';
import { transliterate } from '@/lib/elot743';
import { CARD_FIELD_RULES } from '@/lib/profile';
import { logoPath } from '@/lib/routes';
import ColorField from '../ColorField';
import Field from '../Field';
import ImageField from '../ImageField';
import LinksEditor from '../LinksEditor';
import SubmitRow from '../SubmitRow';
import styles from '../account.module.css';
import MemberCardPreview from './MemberCardPreview';
import { useRevealed } from '../use-revealed';
import { refusalOf } from './messages';

const FIELDS: Array<{
  field: Exclude<TemplateTextField, 'accentColor'>;
  label: string;
  type?: 'tel' | 'url';
}> = [
  { field: 'companyName', label: 'Όνομα εταιρείας στην κάρτα' },
  { field: 'websiteLink', label: 'Ιστότοπος', type: 'url' },
  { field: 'address', label: 'Διεύθυνση' },
  { field: 'addressDetails', label: 'Λεπτομέρειες διεύθυνσης' },
  { field: 'city', label: 'Πόλη' },
  { field: 'phoneNumber', label: 'Τηλέφωνο (κέντρο)', type: 'tel' },
];

/** The legal details' inputs: digits for the registry numbers, and what each is, by example. */
const LEGAL_INPUTS: Array<{
  field: LegalField;
  hint?: string;
  numeric?: boolean;
  maxLength: number;
}> = [
  {
    field: 'legalName',
    hint: 'Με τη νομική μορφή, π.χ. «Studio Φως Μονοπρόσωπη Ι.Κ.Ε.»',
    maxLength: LEGAL_TEXT_MAX.legalName,
  },
  // Room for the spaces and the EL prefix of an ΑΦΜ pasted from an invoice: the digits are kept.
  { field: 'vatNumber', hint: '9 ψηφία', numeric: true, maxLength: 16 },
  {
    field: 'taxOffice',
    hint: 'π.χ. «Α’ Αθηνών» ή «ΚΕΦΟΔΕ Αττικής»',
    maxLength: LEGAL_TEXT_MAX.taxOffice,
  },
  { field: 'gemiNumber', hint: '12 ψηφία', numeric: true, maxLength: 16 },
];

/** The logo as the save will leave it: kept, a new file, or taken away. */
type LogoChoice =
  { kind: 'keep' } | { kind: 'new'; upload: LogoUpload; url: string } | { kind: 'remove' };

function LockBox({
  id,
  name,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (locked: boolean) => void;
}) {
  return (
    <label className={styles.check} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        // The box's name says which field it locks; the label beside it shows the word alone.
        aria-label={`Κλειδωμένο: ${name}`}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span aria-hidden="true">Κλειδωμένο</span>
    </label>
  );
}

/**
 * The company's template: each field's value, locked (on every member's card, which the member
 * cannot change) or a default (on every member card with no value of its own), the English words
 * of the fields the English card translates, the legal details (always locked), its links and its
 * logo, judged by the card's own rules before the save; a refused save keeps what was typed.
 */
export default function TemplateEditor({
  company,
  username,
}: {
  company: Company;
  username: string;
}) {
  // The form starts from the template as stored; later snapshots never overwrite typing.
  const [values, setValues] = useState<TemplateFormValues>(() => toTemplateForm(company.template));
  const [errors, setErrors] = useState<TemplateFormErrors>({});
  const [logo, setLogo] = useState<LogoChoice>({ kind: 'keep' });
  const [logoError, setLogoError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<{ text: string; error: boolean }>({
    text: '',
    error: false,
  });
  const shownStatus = useRevealed<HTMLParagraphElement>(status.text);
  const [busy, setBusy] = useState(false);
  const draft = useMemo(() => draftTemplate(values), [values]);

  useEffect(() => {
    if (logo.kind !== 'new') return;
    return () => URL.revokeObjectURL(logo.url);
  }, [logo]);

  const setField = (
    field: TemplateTextField,
    change: Partial<{ value: string; locked: boolean }>,
  ) =>
    setValues((current) => ({
      ...current,
      fields: { ...current.fields, [field]: { ...current.fields[field], ...change } },
    }));

  const setLegal = (field: LegalField, value: string) =>
    setValues((current) => ({ ...current, legal: { ...current.legal, [field]: value } }));

  const setEnglish = (field: TemplateEnglishField, value: string) =>
    setValues((current) => ({ ...current, english: { ...current.english, [field]: value } }));

  function setLinks(links: LinkDraft[], reordered: boolean) {
    setValues((current) => ({ ...current, links }));
    if (reordered) setErrors((current) => withoutLinkErrors(current) as TemplateFormErrors);
  }

  async function pickLogo(file: File) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = logoProblem(bytes, file.type);
    setLogoError(problem ?? undefined);
    if (problem) return;
    setLogo({ kind: 'new', upload: { file }, url: URL.createObjectURL(file) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const judged = templateFromForm(values);
    if (!judged.ok) {
      setErrors(judged.errors);
      setStatus({ text: 'Διορθώστε τα πεδία με σφάλμα.', error: true });
      return;
    }
    setErrors({});
    setBusy(true);
    setStatus({ text: 'Αποθήκευση…', error: false });
    try {
      const logoChange =
        logo.kind === 'new' ? logo.upload : logo.kind === 'remove' ? null : undefined;
      const saved = await saveTemplate(company.id, judged.template, logoChange);
      setLogo({ kind: 'keep' });
      setStatus({ text: templateSavedMessage(saved), error: false });
    } catch (caught) {
      const { message, field } = refusalOf(caught);
      const at = field === 'logo' ? 'logo' : templateErrorField(field);
      if (at === 'logo') setLogoError(message);
      else if (at) setErrors({ [at]: message } as TemplateFormErrors);
      setStatus({ text: at ? 'Διορθώστε τα πεδία με σφάλμα.' : message, error: true });
    } finally {
      setBusy(false);
    }
  }

  const logoSrc =
    logo.kind === 'new'
      ? logo.url
      : logo.kind === 'keep' && company.logoVersion
        ? logoPath(username, company.logoVersion)
        : null;
  const color = values.fields.accentColor;
  return (
    // Phones show the preview below the form; wide screens beside it, as the card's editor does.
    <div className={styles.editorLayout}>
      <form
        className={`${styles.form} ${styles.formPane}`}
        onSubmit={submit}
        noValidate
        aria-labelledby="template-title"
      >
        <h3 id="template-title">Πρότυπο καρτών</h3>
        <p className={styles.hint}>
          Ένα κλειδωμένο πεδίο δείχνει την τιμή της εταιρείας σε κάθε κάρτα μέλους και το μέλος δεν
          το αλλάζει. Ένα ξεκλείδωτο είναι προεπιλογή: φαίνεται σε κάθε κάρτα μέλους που δεν έχει
          δική της τιμή και ακολουθεί κάθε αλλαγή του προτύπου. Ένα κενό πεδίο δεν ορίζεται από την
          εταιρεία. Τα αγγλικά μπαίνουν στην αγγλική κάρτα και στα αγγλικά passes· ό,τι μείνει κενό
          γράφεται με λατινικούς χαρακτήρες.
        </p>
        <fieldset className={styles.fieldset}>
          <legend>Στοιχεία της εταιρείας</legend>
          {FIELDS.map(({ field, label, type }) => {
            const twin = englishTwin(field);
            return (
              <div key={field} className={styles.templateField}>
                <Field
                  id={`template-${field}`}
                  label={label}
                  type={type ?? 'text'}
                  autoComplete="off"
                  maxLength={CARD_FIELD_RULES[field].max}
                  value={values.fields[field].value}
                  error={errors[field]}
                  onChange={(e) => setField(field, { value: e.target.value })}
                />
                {twin && (
                  <Field
                    id={`template-${twin}`}
                    label={`${label} στα αγγλικά`}
                    lang="en"
                    autoComplete="off"
                    maxLength={CARD_FIELD_RULES[twin].max}
                    // What the English card shows without it: the Greek in Latin letters.
                    placeholder={transliterate(values.fields[field].value)}
                    value={values.english[field as TemplateEnglishField]}
                    error={errors[twin]}
                    onChange={(e) => setEnglish(field as TemplateEnglishField, e.target.value)}
                  />
                )}
                <LockBox
                  id={`template-${field}-locked`}
                  name={label}
                  checked={values.fields[field].locked}
                  onChange={(locked) => setField(field, { locked })}
                />
              </div>
            );
          })}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Νομικά στοιχεία</legend>
          <p className={styles.hint}>
            Εμφανίζονται στο κάτω μέρος κάθε κάρτας μέλους, όπως ζητά ο νόμος (Ν. 4919/2022, άρθρο
            22), και στην υπογραφή email. Τα ορίζει πάντα η εταιρεία· κανένα μέλος δεν τα αλλάζει.
          </p>
          {LEGAL_INPUTS.map(({ field, hint, numeric, maxLength }) => (
            <Field
              key={field}
              id={`template-${field}`}
              label={LEGAL_FIELD_LABELS[field]}
              hint={hint}
              autoComplete="off"
              inputMode={numeric ? 'numeric' : undefined}
              maxLength={maxLength}
              value={values.legal[field]}
              error={errors[field]}
              onChange={(e) => setLegal(field, e.target.value)}
            />
          ))}
        </fieldset>
        <div className={styles.templateField}>
          <ColorField
            value={color.value}
            error={errors.accentColor}
            disabled={busy}
            onChange={(accentColor) => setField('accentColor', { value: accentColor })}
          />
          <LockBox
            id="template-accentColor-locked"
            name="Χρώμα κάρτας"
            checked={color.locked}
            onChange={(locked) => setField('accentColor', { locked })}
          />
        </div>
        <div className={styles.templateField}>
          <LinksEditor links={values.links} errors={errors} disabled={busy} onChange={setLinks} />
          <LockBox
            id="template-links-locked"
            name="Σύνδεσμοι"
            checked={values.linksLocked}
            onChange={(linksLocked) => setValues((current) => ({ ...current, linksLocked }))}
          />
          <p className={styles.hint}>
            Κλειδωμένοι: οι σύνδεσμοι της εταιρείας εμφανίζονται πρώτοι σε κάθε κάρτα, πριν από τους
            δικούς του μέλους.
          </p>
        </div>
        <ImageField
          id="template-logo"
          legend="Λογότυπο"
          hint="Δίπλα στο όνομα της εταιρείας σε κάθε κάρτα μέλους και στην επαφή (vCard). PNG ή JPEG, έως 100 KB."
          pickLabel="Επιλογή λογότυπου"
          removeLabel="Αφαίρεση λογότυπου"
          accept={LOGO_CONTENT_TYPES.join(',')}
          src={logoSrc}
          preview={{ className: styles.logo, alt: 'Το λογότυπο της εταιρείας' }}
          error={logoError}
          disabled={busy}
          onPick={(file) => void pickLogo(file)}
          onRemove={() => setLogo({ kind: 'remove' })}
        />
        <SubmitRow label="Αποθήκευση προτύπου" busy={busy} />
        <p
          ref={shownStatus}
          className={`${status.error ? styles.error : styles.status} ${styles.revealed}`}
          role="status"
          data-testid="template-status"
        >
          {status.text}
        </p>
      </form>
      <MemberCardPreview
        company={company}
        template={draft}
        logoVersion={logo.kind === 'keep' ? company.logoVersion : undefined}
        username={username}
      />
    </div>
  );
}
