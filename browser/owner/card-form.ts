// The card editor's logic, without React: the stored card as form values, and the form's values
// as the changes to save, judged by lib/profile.ts (the server's own validation, in Greek).
import { safeHttpUrl } from '../../lib/links';
import {
  CARD_FIELD_RULES,
  CARD_MESSAGES,
  TEXT_FIELDS,
  cardValueProblem,
  type CardChanges,
  type TextField,
} from '../../lib/profile';
import type { CardData } from './card';

/** The fields typed in the form; the photo (displayImage, thumbnailBase64) is picked, not typed. */
export type TypedField = Exclude<TextField, 'displayImage' | 'thumbnailBase64'>;

export type CardFormValues = Record<TextField, string>;
export type CardFormErrors = Partial<Record<TextField, string>>;

/** What the form shows: each stored value as text, '' for a field the card does not have. */
export function toFormValues(data: CardData | undefined): CardFormValues {
  const values = {} as CardFormValues;
  for (const field of TEXT_FIELDS) {
    const value: unknown = data?.[field];
    values[field] =
      typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }
  return values;
}

/**
 * The value as it will be stored: trimmed, and a link written as the page would link it
 * ('www.site.gr' → 'https://www.site.gr/'), which is always the ASCII form the server accepts.
 * Returns undefined when a link or image address is not an http(s) one.
 */
function storedForm(field: TextField, input: string): string | undefined {
  const value = input.trim();
  const kind = CARD_FIELD_RULES[field].kind;
  if (value === '' || (kind !== 'link' && kind !== 'image')) return value;
  // A site-relative image path ('/img/me.jpg') stays as it is.
  if (kind === 'image' && value.startsWith('/')) return value;
  return safeHttpUrl(value);
}

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
  return { errors, changes };
}
