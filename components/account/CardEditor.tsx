'use client';

import { IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { newPhotoVersion } from '@/lib/card-photo';
import { saveCard, watchCard, type PhotoUpload } from '@/browser/owner/card';
import {
  cardFormChanges,
  englishPlaceholders,
  isFormErrorField,
  languagesShowing,
  previewProfile,
  toFormValues,
  withoutLinkErrors,
  type CardFormErrors,
  type CardFormValues,
  type LinkDraft,
  type TypedField,
} from '@/browser/owner/card-form';
import { readCard, waitForCardChange } from '@/browser/owner/live-check';
import { OwnerRequestError } from '@/browser/owner/owner-api';
import { PhotoError, preparePhoto } from '@/browser/owner/photo';
import { OWNER_WRITE_LIMIT_MESSAGE } from '@/lib/owner-writes';
import {
  LOCKED_FIELD_NOTE,
  applyCompany,
  lockedFieldMessage,
  lockedFields,
  type CompanyTemplate,
  type TemplateField,
} from '@/lib/company';
import type { CardLink } from '@/lib/card-links';
import { cardInLanguage } from '@/lib/card-language';
import {
  CARD_FIELD_RULES,
  ENGLISH_FIELDS,
  type EnglishField,
  type TranslatedField,
} from '@/lib/profile';
import { photoPath, type CardLanguage } from '@/lib/routes';
import type { Company } from '@/browser/owner/company';
import CardPreview from './CardPreview';
import ColorField from './ColorField';
import Field from './Field';
import LinksEditor from './LinksEditor';
import PhotoField from './PhotoField';
import PreviewLanguageSwitch from './PreviewLanguageSwitch';
import SubmitRow from './SubmitRow';
import styles from './account.module.css';
import { teamIdOf, useTeamOverrides } from './use-team-overrides';

interface FieldSpec {
  field: TypedField;
  label: string;
  type?: 'email' | 'tel' | 'url';
  autoComplete?: string;
  hint?: string;
}

const GROUPS: Array<{ legend: string; fields: FieldSpec[] }> = [
  {
    legend: 'Στοιχεία',
    fields: [
      { field: 'firstName', label: 'Όνομα', autoComplete: 'given-name' },
      { field: 'lastName', label: 'Επώνυμο', autoComplete: 'family-name' },
      { field: 'jobTitle', label: 'Ιδιότητα ή θέση', autoComplete: 'organization-title' },
      { field: 'companyName', label: 'Εταιρεία', autoComplete: 'organization' },
      { field: 'city', label: 'Πόλη', autoComplete: 'address-level2' },
    ],
  },
  {
    legend: 'Επικοινωνία',
    fields: [
      { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
      { field: 'phoneNumber', label: 'Τηλέφωνο', type: 'tel', autoComplete: 'tel' },
      {
        field: 'mobileNumber',
        label: 'Κινητό',
        type: 'tel',
        autoComplete: 'mobile tel',
        hint: 'Με αυτό ανοίγουν τα Viber και WhatsApp της κάρτας· χωρίς κινητό, με το τηλέφωνο.',
      },
      { field: 'address', label: 'Διεύθυνση', autoComplete: 'street-address' },
      { field: 'addressDetails', label: 'Λεπτομέρειες διεύθυνσης', hint: 'π.χ. όροφος, γραφείο' },
      { field: 'websiteLink', label: 'Ιστότοπος', type: 'url', autoComplete: 'url' },
    ],
  },
  {
    legend: 'Κοινωνικά δίκτυα',
    fields: [
      { field: 'facebookLink', label: 'Facebook', type: 'url' },
      { field: 'instagramLink', label: 'Instagram', type: 'url' },
    ],
  },
];

const GREEK_LABELS = new Map(
  GROUPS.flatMap((group) => group.fields.map((spec) => [spec.field, spec.label] as const)),
);

/**
 * The English card's words (lib/card-language.ts), each under its Greek twin's label: what is
 * left empty shows the Greek in Latin letters, which each input shows as its placeholder.
 */
const ENGLISH_SPECS = Object.entries(ENGLISH_FIELDS).map(([greek, field]) => ({
  greek: greek as TranslatedField,
  field: field as EnglishField,
  label: `${GREEK_LABELS.get(greek as TypedField) ?? greek} (αγγλικά)`,
}));

const isEnglishField = (field: string): boolean =>
  ENGLISH_SPECS.some((spec) => spec.field === field);

type Status =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'invalid' }
  | { kind: 'unchanged' }
  | { kind: 'failed' }
  | { kind: 'photoFailed' }
  | { kind: 'tooMany' }
  | { kind: 'locked'; field?: string }
  | { kind: 'publishing' }
  | { kind: 'live'; ms: number }
  | { kind: 'late' };

function statusText(status: Status): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saving':
      return 'Αποθήκευση…';
    case 'invalid':
      return 'Διορθώστε τα πεδία με σφάλμα.';
    case 'unchanged':
      return 'Δεν υπάρχουν αλλαγές για αποθήκευση.';
    case 'failed':
      return 'Η αποθήκευση απέτυχε. Δοκιμάστε ξανά.';
    case 'photoFailed':
      return 'Η φωτογραφία δεν ανέβηκε και η κάρτα κρατά την προηγούμενη. Δοκιμάστε ξανά.';
    case 'tooMany':
      return OWNER_WRITE_LIMIT_MESSAGE;
    case 'locked':
      return lockedFieldMessage(status.field ?? '');
    case 'publishing':
      return 'Αποθηκεύτηκε. Η κάρτα σας ενημερώνεται…';
    case 'live':
      return `Αποθηκεύτηκε. Η αλλαγή φαίνεται στην κάρτα σας (σε ${(status.ms / 1000).toLocaleString('el-GR', { maximumFractionDigits: 1 })} δευτ.).`;
    case 'late':
      return 'Αποθηκεύτηκε, αλλά η κάρτα δεν δείχνει ακόμη την αλλαγή. Ελέγξτε ξανά σε λίγο.';
  }
}

const PHOTO_MESSAGES = {
  notAnImage: 'Αυτή η εικόνα δεν ανοίγει σε αυτόν τον φυλλομετρητή. Δοκιμάστε JPEG, PNG ή WebP.',
  tooLarge: 'Η φωτογραφία δεν χωρά στο όριο μεγέθους ακόμη και σε μικρότερη ανάλυση.',
  preparing: 'Η φωτογραφία ετοιμάζεται…',
} as const;

/** A picked photo, ready to be saved, and its preview. */
interface PendingPhoto {
  upload: PhotoUpload;
  previewUrl: string;
}

/** The company's links a member's card shows first, which the member cannot change. */
function CompanyLinks({ links }: { links: CardLink[] }) {
  return (
    <div className={styles.locked}>
      <p className={styles.hint}>
        Οι σύνδεσμοι της εταιρείας εμφανίζονται πρώτοι στην κάρτα σας ({LOCKED_FIELD_NOTE}):
      </p>
      <ul className={styles.companyLinks} aria-label="Σύνδεσμοι της εταιρείας">
        {links.map((link, index) => (
          <li key={index}>{link.label ? `${link.label}: ${link.url}` : link.url}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Every field the card shows, validated as the server validates them, and its photo. On a
 * member's card, the fields the company locks are shown with the company's value, read-only.
 */
export default function CardEditor({
  username,
  company = null,
}: {
  username: string;
  company?: { company: Company } | null;
}) {
  const [stored, setStored] = useState<CardFormValues | null>(null);
  const [values, setValues] = useState<CardFormValues | null>(null);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [loadFailed, setLoadFailed] = useState(false);
  const [pending, setPending] = useState<PendingPhoto | null>(null);
  const [preparing, setPreparing] = useState(false);
  const polling = useRef<AbortController | null>(null);
  // A member card's team lays its own values over the template's (lib/teams.ts).
  const [teamId, setTeamId] = useState<string | undefined>(undefined);

  useEffect(
    () =>
      watchCard(
        username,
        (data) => {
          setTeamId(teamIdOf(data));
          const next = toFormValues(data);
          setStored(next);
          // The form starts from the stored card; later snapshots (this save, another tab)
          // never overwrite what the owner is typing.
          setValues((current) => current ?? next);
        },
        () => setLoadFailed(true),
      ),
    [username],
  );

  useEffect(() => () => polling.current?.abort(), []);
  // The card as it would be saved now, and the picked photo it names, for the preview.
  const teamOverrides = useTeamOverrides(company?.company.id, teamId);
  const template: CompanyTemplate = useMemo(
    () => ({ ...company?.company.template, ...teamOverrides }),
    [company, teamOverrides],
  );
  const locked = new Set<TemplateField>(lockedFields(template));
  const preview = useMemo(() => {
    if (!values) return null;
    const own = previewProfile(values, username);
    // The card as it will show: the company's locked values over the member's own.
    return company ? applyCompany(own, { ...company.company, teamOverrides }) : own;
  }, [values, username, company, teamOverrides]);
  const displayImage = values?.displayImage;
  const previewPhoto = useMemo(
    () =>
      pending && displayImage === photoPath(username, pending.upload.version)
        ? { path: displayImage, url: pending.previewUrl }
        : null,
    [pending, displayImage, username],
  );
  const [view, setView] = useState<'form' | 'preview'>('form');
  const [previewLang, setPreviewLang] = useState<CardLanguage>('el');
  // Closed until the owner opens it, or a save finds a problem inside it.
  const [englishOpen, setEnglishOpen] = useState(false);
  const shown = useMemo(
    () => (preview ? cardInLanguage(preview, previewLang) : null),
    [preview, previewLang],
  );
  // What each English field left empty shows: the Greek card's words in Latin letters.
  const placeholders = useMemo(() => (preview ? englishPlaceholders(preview) : null), [preview]);
  useEffect(() => {
    if (!pending) return;
    return () => URL.revokeObjectURL(pending.previewUrl);
  }, [pending]);

  if (loadFailed) {
    return (
      <p className={styles.error} role="alert">
        Η κάρτα δεν φορτώθηκε. Ελέγξτε τη σύνδεσή σας.
      </p>
    );
  }
  if (!values || !stored || !shown || !placeholders) {
    return <p role="status">Φόρτωση κάρτας…</p>;
  }

  const set = (field: TypedField) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });
  // The company's value of a field it locks, which this form shows instead of the card's own.
  const lockedText = (field: TypedField | 'accentColor'): string | null =>
    locked.has(field as TemplateField)
      ? ((template[field as Exclude<TemplateField, 'links'>]?.value as string | undefined) ?? '')
      : null;

  function setLinks(links: LinkDraft[], reordered: boolean) {
    setValues((current) => current && { ...current, links });
    // An error names its link by its place, which a move or a removal gives to another link.
    if (reordered) setErrors((current) => withoutLinkErrors(current));
  }

  async function pickPhoto(file: File) {
    setPreparing(true);
    setErrors({ ...errors, displayImage: undefined, thumbnailBase64: undefined });
    try {
      const photo = await preparePhoto(file);
      const version = newPhotoVersion((bytes) => crypto.getRandomValues(bytes));
      const previewUrl = URL.createObjectURL(new Blob([photo.bytes], { type: photo.contentType }));
      setPending({
        upload: { bytes: photo.bytes, contentType: photo.contentType, version },
        previewUrl,
      });
      setValues(
        (current) =>
          current && {
            ...current,
            displayImage: photoPath(username, version),
            thumbnailBase64: photo.thumbnailBase64,
          },
      );
    } catch (caught) {
      const tooLarge = caught instanceof PhotoError && caught.reason === 'too large';
      setErrors({
        ...errors,
        displayImage: tooLarge ? PHOTO_MESSAGES.tooLarge : PHOTO_MESSAGES.notAnImage,
      });
    } finally {
      setPreparing(false);
    }
  }

  function removePhoto() {
    setPending(null);
    setErrors({ ...errors, displayImage: undefined, thumbnailBase64: undefined });
    setValues((current) => current && { ...current, displayImage: '', thumbnailBase64: '' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values || !stored) return;
    const { errors: found, changes } = cardFormChanges(values, stored, username);
    setErrors(found);
    if (Object.keys(found).some(isEnglishField)) setEnglishOpen(true);
    if (Object.keys(found).length > 0) return setStatus({ kind: 'invalid' });
    if (Object.keys(changes).length === 0) return setStatus({ kind: 'unchanged' });
    polling.current?.abort();
    const controller = new AbortController();
    polling.current = controller;
    setStatus({ kind: 'saving' });
    // The card as visitors see it before the save: the console waits for it to differ.
    const before = await readCard(username, { languages: languagesShowing(changes, stored) });
    // Only the photo the form names now: one picked and then removed is not uploaded.
    const upload =
      pending && changes.displayImage === photoPath(username, pending.upload.version)
        ? pending.upload
        : undefined;
    try {
      await saveCard(username, changes, upload);
    } catch (caught) {
      // The server's judgement of a field (the form's own rules, so rarely seen) shows at it.
      if (caught instanceof OwnerRequestError && caught.status === 400 && caught.field) {
        const { field, error } = caught;
        if (field === 'photo') setErrors({ displayImage: error });
        else if (isFormErrorField(field)) {
          setErrors({ [field]: error });
          if (isEnglishField(field)) setEnglishOpen(true);
          return setStatus({ kind: 'invalid' });
        }
      }
      // The form keeps every value and the picked photo: saving again later sends them.
      if (caught instanceof OwnerRequestError && caught.status === 429) {
        return setStatus({ kind: 'tooMany' });
      }
      if (caught instanceof OwnerRequestError && caught.error === 'locked') {
        return setStatus({ kind: 'locked', field: caught.field });
      }
      return setStatus({ kind: upload ? 'photoFailed' : 'failed' });
    }
    if (upload) setPending(null);
    setStatus({ kind: 'publishing' });
    const ms = await waitForCardChange(before, { signal: controller.signal });
    if (!controller.signal.aborted)
      setStatus(ms === null ? { kind: 'late' } : { kind: 'live', ms });
  }

  // The picked photo, else the card's image as stored (its own, an address, a demo file), else
  // the vCard's thumbnail alone.
  const photoSrc =
    pending?.previewUrl ??
    (values.displayImage ||
      (values.thumbnailBase64 ? `data:image/jpeg;base64,${values.thumbnailBase64}` : null));
  const busy = status.kind === 'saving' || status.kind === 'publishing';
  return (
    <section className={styles.section} aria-labelledby="edit-title">
      <h2 id="edit-title">Επεξεργασία κάρτας</h2>
      {/* Phones show the form or the preview; wide screens both, side by side. */}
      <div className={styles.viewSwitch} role="group" aria-label="Προβολή">
        <button
          type="button"
          className={styles.tab}
          aria-pressed={view === 'form'}
          onClick={() => setView('form')}
        >
          Στοιχεία
        </button>
        <button
          type="button"
          className={styles.tab}
          aria-pressed={view === 'preview'}
          onClick={() => setView('preview')}
        >
          Προεπισκόπηση
        </button>
      </div>
      <div className={styles.editorLayout} data-view={view}>
        <form className={`${styles.form} ${styles.formPane}`} onSubmit={submit} noValidate>
          {GROUPS.map((group) => (
            <fieldset key={group.legend} className={styles.fieldset}>
              <legend>{group.legend}</legend>
              {group.fields.map((spec) => {
                const lockedValue = lockedText(spec.field);
                const input = {
                  id: `card-${spec.field}`,
                  label: spec.label,
                  type: spec.type ?? 'text',
                };
                if (lockedValue !== null) {
                  return <Field key={spec.field} {...input} locked value={lockedValue} />;
                }
                return (
                  <Field
                    key={spec.field}
                    {...input}
                    autoComplete={spec.autoComplete ?? 'off'}
                    hint={spec.hint}
                    maxLength={CARD_FIELD_RULES[spec.field].max}
                    value={values[spec.field]}
                    error={errors[spec.field]}
                    onChange={set(spec.field)}
                  />
                );
              })}
            </fieldset>
          ))}
          <details
            className={styles.english}
            open={englishOpen}
            onToggle={(event) => setEnglishOpen(event.currentTarget.open)}
          >
            <summary>Στα αγγλικά</summary>
            <div className={styles.englishFields}>
              <p className={styles.hint}>
                Για την αγγλική κάρτα, προαιρετικά. Ό,τι μείνει κενό γράφεται με λατινικούς
                χαρακτήρες (ΕΛΟΤ 743), όπως το δείχνει το πεδίο.
              </p>
              {ENGLISH_SPECS.map((spec) =>
                // A locked field's English is the company's too: its words, else its Greek in
                // Latin letters (the placeholder), as the English card shows them.
                locked.has(spec.greek as TemplateField) ? (
                  <Field
                    key={spec.field}
                    id={`card-${spec.field}`}
                    label={spec.label}
                    lang="en"
                    locked
                    placeholder={placeholders[spec.field]}
                    value={preview?.[spec.field] ?? ''}
                  />
                ) : (
                  <Field
                    key={spec.field}
                    id={`card-${spec.field}`}
                    label={spec.label}
                    lang="en"
                    autoComplete="off"
                    maxLength={CARD_FIELD_RULES[spec.field].max}
                    placeholder={placeholders[spec.field]}
                    value={values[spec.field]}
                    error={errors[spec.field]}
                    onChange={set(spec.field)}
                  />
                ),
              )}
            </div>
          </details>
          {locked.has('links') && template.links && template.links.value.length > 0 && (
            <CompanyLinks links={template.links.value} />
          )}
          <LinksEditor
            links={values.links}
            errors={errors}
            disabled={busy}
            english
            onChange={setLinks}
          />
          {lockedText('accentColor') !== null ? (
            <div className={styles.locked}>
              <ColorField value={lockedText('accentColor') ?? ''} disabled onChange={() => {}} />
              <p className={`${styles.hint} ${styles.lockedLabel}`}>
                <IconLock aria-hidden="true" size={16} />
                Χρώμα κάρτας: {LOCKED_FIELD_NOTE}
              </p>
            </div>
          ) : (
            <ColorField
              value={values.accentColor}
              error={errors.accentColor}
              disabled={busy}
              onChange={(accentColor) =>
                setValues((current) => current && { ...current, accentColor })
              }
            />
          )}
          <PhotoField
            src={photoSrc}
            note={preparing ? PHOTO_MESSAGES.preparing : undefined}
            error={errors.displayImage ?? errors.thumbnailBase64}
            disabled={preparing || status.kind === 'saving'}
            onPick={(file) => void pickPhoto(file)}
            onRemove={removePhoto}
          />
          <SubmitRow label="Αποθήκευση" busy={busy} />
          <p
            className={
              status.kind === 'invalid' ||
              status.kind === 'failed' ||
              status.kind === 'photoFailed' ||
              status.kind === 'tooMany' ||
              status.kind === 'locked'
                ? styles.error
                : styles.status
            }
            role="status"
            data-testid="save-status"
          >
            {statusText(status)}
          </p>
        </form>
        <div className={styles.previewPane}>
          <h3 className={styles.previewTitle}>Προεπισκόπηση</h3>
          <p className={styles.hint}>Η κάρτα όπως θα φαίνεται μετά την αποθήκευση.</p>
          <PreviewLanguageSwitch lang={previewLang} onChange={setPreviewLang} />
          <CardPreview profile={shown} photo={previewPhoto} lang={previewLang} />
        </div>
      </div>
    </section>
  );
}
