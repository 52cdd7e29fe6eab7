// The card editor's logic, without React: the stored card as form values, the form's values as
// the changes to save, judged by lib/profile.ts and lib/card-links.ts (the server's own
// validation, in Greek), and as the card they would make (the editor's preview).
import {
  LINK_KIND_INFO,
  LINK_MESSAGES,
  MAX_LINKS,
  linkLabelEnProblem,
  linkLabelProblem,
  linkUrlProblem,
  linksProblem,
  normaliseLinks,
  type CardLink,
  type LinkKind,
} from '../../lib/card-links';
import { cardInLanguage } from '../../lib/card-language';
import type { CompanyProfile } from '../../lib/company';
import { safeHttpUrl } from '../../lib/links';
import {
  CARD_FIELD_RULES,
  CARD_MESSAGES,
  ENGLISH_FIELDS,
  TEXT_FIELDS,
  cardValueProblem,
  normaliseProfile,
  toPublicProfile,
  type CardChanges,
  type EnglishField,
  type PublicProfile,
  type TextField,
  type TranslatedField,
} from '../../lib/profile';
import { CARD_LANGUAGES, DEFAULT_LANGUAGE, type CardLanguage } from '../../lib/routes';
import type { CardData } from './card';

/** The fields typed in the form; the photo (displayImage, thumbnailBase64) is picked, not typed. */
export type TypedField = Exclude<TextField, 'displayImage' | 'thumbnailBase64'>;

/** One link as the form holds it: `id` keeps its row (and focus) when the list is reordered. */
export interface LinkDraft {
  id: string;
  kind: LinkKind;
  url: string;
  label: string;
  /** The label on the English card; '' for none (the Greek label transliterated). */
  labelEn: string;
}

export type CardFormValues = Record<TextField, string> & { links: LinkDraft[] };

/** A part of a link, named as the server names it (lib/profile.ts linkProblemField). */
export type LinkErrorField = 'links' | `links.${number}` | `links.${number}.${LinkDraftPart}`;
type LinkDraftPart = 'kind' | 'url' | 'label' | 'labelEn';

export type CardFormErrors = Partial<Record<TextField | LinkErrorField, string>>;

let draftCount = 0;

/** A new, empty link of `kind`, with an id no other draft of this page has. */
export function newLinkDraft(kind: LinkKind): LinkDraft {
  draftCount += 1;
  return { id: `new-${draftCount}`, kind, url: '', label: '', labelEn: '' };
}

/**
 * What the form shows: each stored value as text, '' for a field the card does not have; the
 * links as the card shows them (a hand-made item the card would drop is not offered for editing).
 */
export function toFormValues(data: CardData | undefined): CardFormValues {
  const values = {} as CardFormValues;
  for (const field of TEXT_FIELDS) {
    const value: unknown = data?.[field];
    values[field] =
      typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }
  values.links = normaliseLinks(data?.links).map((link, index) => ({
    id: `stored-${index}`,
    kind: link.kind,
    url: link.url,
    label: link.label ?? '',
    labelEn: link.labelEn ?? '',
  }));
  return values;
}

/**
 * The value as it will be stored: trimmed, a link written as the page would link it
 * ('www.site.gr' → 'https://www.site.gr/'), which is always the ASCII form the server accepts, and
 * a colour in lower case. Returns undefined when a link or image address is not an http(s) one.
 */
export function storedForm(field: TextField, input: string): string | undefined {
  const value = input.trim();
  const kind = CARD_FIELD_RULES[field].kind;
  if (kind === 'color') return value.toLowerCase();
  if (value === '' || (kind !== 'link' && kind !== 'image')) return value;
  // A site-relative image path ('/img/me.jpg') stays as it is.
  if (kind === 'image' && value.startsWith('/')) return value;
  return safeHttpUrl(value);
}

/**
 * A draft as it will be stored: its address as the page links it, its labels trimmed (none:
 * absent).
 */
function storedLink(draft: LinkDraft): CardLink {
  const url = draft.url.trim();
  const label = draft.label.trim();
  const labelEn = draft.labelEn.trim();
  return {
    kind: draft.kind,
    url: url === '' ? '' : (safeHttpUrl(url) ?? url),
    ...(label === '' ? {} : { label }),
    ...(labelEn === '' ? {} : { labelEn }),
  };
}

/** The links as they will be stored, and each problem beside its link's part. */
export function judgeLinks(drafts: LinkDraft[]): { links: CardLink[]; errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const links = drafts.map(storedLink);
  if (links.length > MAX_LINKS) errors.links = LINK_MESSAGES.tooMany;
  links.forEach((link, index) => {
    const urlProblem = linkUrlProblem(link.kind, link.url);
    if (urlProblem) errors[`links.${index}.url`] = urlProblem;
    const labelProblem = linkLabelProblem(link.kind, link.label);
    if (labelProblem) errors[`links.${index}.label`] = labelProblem;
    const labelEnProblem = linkLabelEnProblem(link.labelEn);
    if (labelEnProblem) errors[`links.${index}.labelEn`] = labelEnProblem;
  });
  // The server's own judgement of the whole list, should it ever see more than the parts above.
  if (Object.keys(errors).length === 0) {
    const problem = linksProblem(links);
    if (problem) errors.links = problem.error;
  }
  return { links, errors };
}

const sameLinks = (a: CardLink[], b: CardLink[]) => JSON.stringify(a) === JSON.stringify(b);

export interface CardFormResult {
  errors: CardFormErrors;
  /** Only the fields whose stored value changes; null removes a field. */
  changes: CardChanges;
}

/** Validates every field of the card `username` and works out what to save against what is stored now. */
export function cardFormChanges(
  values: CardFormValues,
  stored: CardFormValues,
  username: string,
): CardFormResult {
  const errors: CardFormErrors = {};
  const changes: CardChanges = {};
  for (const field of TEXT_FIELDS) {
    // An untouched field is never judged nor rewritten: a card made by hand may hold a value the
    // server would refuse today, and the server only judges the fields an edit changes.
    if (values[field] === stored[field]) continue;
    const value = storedForm(field, values[field]);
    if (value === undefined) {
      errors[field] =
        CARD_FIELD_RULES[field].kind === 'image' ? CARD_MESSAGES.image : CARD_MESSAGES.link;
      continue;
    }
    if (value === stored[field]) continue;
    if (value === '') {
      if (stored[field] !== '') changes[field] = null;
      continue;
    }
    const problem = cardValueProblem(field, value, username);
    if (problem) errors[field] = problem;
    else changes[field] = value;
  }
  // The list is saved whole, in its order, whenever it differs from the stored one.
  const { links, errors: linkErrors } = judgeLinks(values.links);
  if (!sameLinks(links, judgeLinks(stored.links).links)) {
    Object.assign(errors, linkErrors);
    if (Object.keys(linkErrors).length === 0) changes.links = links.length > 0 ? links : null;
  }
  return { errors, changes };
}

const ENGLISH_WORDS: readonly string[] = Object.values(ENGLISH_FIELDS);
/** The links' English labels in their order: what of the links only the English card shows. */
const englishLabels = (links: readonly CardLink[]) =>
  JSON.stringify(links.flatMap((link) => (link.labelEn === undefined ? [] : [link.labelEn])));

/**
 * The card's languages a save of `changes` shows in, for the console to watch: Greek always (the
 * English card follows it, transliterated, with the same write), English too when English words
 * change, which the Greek card never shows.
 */
export function languagesShowing(
  changes: CardChanges,
  stored: CardFormValues,
): readonly CardLanguage[] {
  const english =
    Object.keys(changes).some((field) => ENGLISH_WORDS.includes(field)) ||
    (changes.links !== undefined &&
      englishLabels(changes.links ?? []) !== englishLabels(judgeLinks(stored.links).links));
  return english ? CARD_LANGUAGES : [DEFAULT_LANGUAGE];
}

/** Whether `field` (as the server names it in a refusal) is one the form shows an error at. */
export function isFormErrorField(field: string): field is TextField | LinkErrorField {
  return (
    (TEXT_FIELDS as readonly string[]).includes(field) ||
    /^links(\.\d+(\.(kind|url|label|labelEn))?)?$/.test(field)
  );
}

/** The form without any error about the links: their places change when the list does. */
export function withoutLinkErrors(errors: CardFormErrors): CardFormErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => !field.startsWith('links')),
  ) as CardFormErrors;
}

/**
 * The card the form's values make, as the card route would read it from the stored document
 * (lib/profile.ts normaliseProfile): what is not valid yet is left out, as the card would.
 */
export function previewProfile(values: CardFormValues, username: string): PublicProfile {
  const document: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = storedForm(field, values[field]);
    if (value) document[field] = value;
  }
  document.links = values.links.map(storedLink);
  return toPublicProfile(normaliseProfile(username, document));
}

/**
 * What the English card shows for each English field left empty, from the card as it will show
 * in Greek (`shown`: the preview, a company's locked values in place): its Greek value written in
 * Latin letters (lib/card-language.ts), '' where the Greek is empty too.
 */
export function englishPlaceholders(shown: CompanyProfile): Record<EnglishField, string> {
  const english = cardInLanguage(cardInLanguage(shown, 'el'), 'en');
  const placeholders = {} as Record<EnglishField, string>;
  for (const [field, englishField] of Object.entries(ENGLISH_FIELDS) as Array<
    [TranslatedField, EnglishField]
  >) {
    placeholders[englishField] = english[field] ?? '';
  }
  return placeholders;
}

/**
 * What the English card's button shows for a link whose English label is left empty: its Greek
 * label written in Latin letters, else the brand's name ('' for a plain link, which needs one).
 */
export function linkLabelEnPlaceholder(draft: LinkDraft): string {
  const { kind, url, label } = storedLink(draft);
  const link: CardLink = label === undefined ? { kind, url } : { kind, url, label };
  const card = { username: '', firstName: '', lastName: '', links: [link] };
  const shown = cardInLanguage(card, 'en').links?.[0]?.label;
  return shown ?? (kind === 'link' ? '' : LINK_KIND_INFO[kind].name);
}
