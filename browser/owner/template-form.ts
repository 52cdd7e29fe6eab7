// The template editor's logic, without React: a company's template as form values (each field's
// value and whether it is locked, the English words of those the English card translates, the
// links and their lock, the company's legal details, always locked), and the form's values as the
// template to save, judged by lib/company.ts parseTemplate, the card's own rules and Greek
// messages; and what the console says of a save.
import {
  LEGAL_FIELDS,
  TEMPLATE_ENGLISH_FIELDS,
  TEMPLATE_FIELDS,
  englishTwin,
  parseTemplate,
  type CompanyTemplate,
  type LegalField,
  type TemplateEnglishField,
  type TemplateTextField,
} from '../../lib/company';
import type { TemplateAnswer } from '../../lib/company-answers';
import { MAX_LINKS } from '../../lib/card-links';
import type { EnglishField } from '../../lib/profile';
import {
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  isLogoContentType,
  looksLikeLogo,
} from '../../lib/company-logo';
import { judgeLinks, storedForm, type CardFormErrors, type LinkDraft } from './card-form';

export const TEMPLATE_TEXT_FIELDS = TEMPLATE_FIELDS.filter(
  (field): field is TemplateTextField => field !== 'links',
);

export interface TemplateFormValues {
  fields: Record<TemplateTextField, { value: string; locked: boolean }>;
  /** The English words of each field the English card translates, as typed ('' for none). */
  english: Record<TemplateEnglishField, string>;
  links: LinkDraft[];
  linksLocked: boolean;
  /** The company's legal details as typed ('' for none): no lock, they are always locked. */
  legal: Record<LegalField, string>;
}

/**
 * Errors at a text field, at its English words (by the card's English field: `companyNameEn`), or
 * at a link as the links editor names them (links.2.url).
 */
export type TemplateFormErrors = Partial<
  Record<TemplateTextField | EnglishField | LegalField, string>
> &
  CardFormErrors;

export const TEMPLATE_FORM_MESSAGES = {
  englishAlone: 'Συμπληρώστε πρώτα το πεδίο στα ελληνικά',
} as const;

/** The stored template as the form shows it: '' and unlocked for a field it does not set. */
export function toTemplateForm(template: CompanyTemplate): TemplateFormValues {
  const fields = {} as TemplateFormValues['fields'];
  for (const field of TEMPLATE_TEXT_FIELDS) {
    const entry = template[field];
    fields[field] = { value: entry?.value ?? '', locked: entry?.locked ?? false };
  }
  const english = {} as TemplateFormValues['english'];
  for (const field of TEMPLATE_ENGLISH_FIELDS) english[field] = template[field]?.valueEn ?? '';
  const legal = {} as TemplateFormValues['legal'];
  for (const field of LEGAL_FIELDS) legal[field] = template[field]?.value ?? '';
  return {
    fields,
    english,
    links: (template.links?.value ?? []).map((link, index) => ({
      id: `template-${index}`,
      kind: link.kind,
      url: link.url,
      label: link.label ?? '',
      labelEn: link.labelEn ?? '',
    })),
    linksLocked: template.links?.locked ?? false,
    legal,
  };
}

/** The legal details typed, each as the save sends it (empty ones left out), judged alone. */
function legalEntries(
  values: TemplateFormValues,
): Array<{ field: LegalField; entry: RawEntry; judged: ReturnType<typeof parseTemplate> }> {
  return LEGAL_FIELDS.filter((field) => values.legal[field].trim() !== '').map((field) => {
    const entry = { value: values.legal[field], locked: true };
    return { field, entry, judged: parseTemplate({ [field]: entry }) };
  });
}

type RawEntry = { value: unknown; locked: boolean; valueEn?: string };

/** A text field as the save sends it, or null when it is left empty (the company does not set it). */
function rawEntry(values: TemplateFormValues, field: TemplateTextField): RawEntry | null {
  const { value: typed, locked } = values.fields[field];
  if (typed.trim() === '') return null;
  const typedEn = englishTwin(field) ? values.english[field as TemplateEnglishField].trim() : '';
  const value = storedForm(field, typed) ?? typed.trim();
  return { value, locked, ...(typedEn ? { valueEn: typedEn } : {}) };
}

/**
 * The template the form's values make, each value as the card would store it (a site's address
 * made whole, a colour in lower case), or the errors beside their fields. An empty field is not
 * part of the template.
 */
export function templateFromForm(
  values: TemplateFormValues,
): { ok: true; template: CompanyTemplate } | { ok: false; errors: TemplateFormErrors } {
  const raw: Record<string, RawEntry> = {};
  const errors: TemplateFormErrors = {};
  for (const field of TEMPLATE_TEXT_FIELDS) {
    const entry = rawEntry(values, field);
    const twin = englishTwin(field);
    if (!entry) {
      if (twin && values.english[field as TemplateEnglishField].trim() !== '')
        errors[twin] = TEMPLATE_FORM_MESSAGES.englishAlone;
      continue;
    }
    raw[field] = entry;
    // Each field judged alone, so that every wrong one shows at once.
    const alone = parseTemplate({ [field]: raw[field] });
    if (!alone.ok)
      errors[(templateErrorField(alone.field) ?? field) as TemplateTextField] = alone.error;
  }
  for (const { field, entry, judged } of legalEntries(values)) {
    raw[field] = entry;
    if (!judged.ok) errors[field] = judged.error;
  }
  const { links, errors: linkErrors } = judgeLinks(values.links);
  Object.assign(errors, linkErrors);
  if (links.length > 0) raw.links = { value: links, locked: values.linksLocked };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = parseTemplate(raw);
  if (!parsed.ok) {
    const field = parsed.field.replace(/^fields\./, '');
    return { ok: false, errors: { [field]: parsed.error } as TemplateFormErrors };
  }
  return { ok: true, template: parsed.template };
}

/**
 * The template the form's values make as they are typed, for the live preview of a member's card:
 * each field as the save would store it, judged alone; one still wrong (half typed) is left out
 * until it is right, and so are wrong links.
 */
export function draftTemplate(values: TemplateFormValues): CompanyTemplate {
  const draft: CompanyTemplate = {};
  for (const field of TEMPLATE_TEXT_FIELDS) {
    const entry = rawEntry(values, field);
    const alone = entry && parseTemplate({ [field]: entry });
    if (alone?.ok) Object.assign(draft, alone.template);
  }
  for (const { judged } of legalEntries(values))
    if (judged.ok) Object.assign(draft, judged.template);
  const { links, errors } = judgeLinks(values.links);
  const wrong = Object.keys(errors);
  const right = links
    .filter((_, index) => !wrong.some((key) => key.startsWith(`links.${index}.`)))
    .slice(0, MAX_LINKS);
  const judged =
    right.length > 0 && parseTemplate({ links: { value: right, locked: values.linksLocked } });
  if (judged && judged.ok) draft.links = judged.template.links;
  return draft;
}

/** The server's refusal of a field (`fields.address`, `fields.links.2.url`) as the form's key. */
export function templateErrorField(field: string | undefined): string | null {
  if (!field?.startsWith('fields.')) return null;
  return field.slice('fields.'.length);
}

/** What the console says after a save: how many member cards it changes, or that it changes none. */
export function templateSavedMessage({ changed }: TemplateAnswer): string {
  if (changed === 0) return 'Αποθηκεύτηκε. Καμία κάρτα μέλους δεν αλλάζει.';
  if (changed === 1) return 'Αποθηκεύτηκε. Αλλάζει η κάρτα 1 μέλους.';
  return `Αποθηκεύτηκε. Αλλάζουν οι κάρτες ${changed} μελών.`;
}

/**
 * Why a picked file cannot be the company's logo, or null, judged as the server judges an upload
 * (lib/company-logo.ts, the same messages): PNG or JPEG by its first bytes, not only its stated
 * type, not empty, within LOGO_MAX_BYTES.
 */
export function logoProblem(bytes: Uint8Array, type: string): string | null {
  if (!isLogoContentType(type)) return LOGO_MESSAGES.type;
  if (bytes.length < 1) return LOGO_MESSAGES.empty;
  if (bytes.length > LOGO_MAX_BYTES) return LOGO_MESSAGES.tooLarge;
  if (!looksLikeLogo(bytes, type)) return LOGO_MESSAGES.type;
  return null;
}
