import { object, string, type ObjectSchema } from 'yup';

import { CONTACT_TEXTS, type ContactTexts } from './contact-texts';
import { NO_CONTROL_CHARACTERS } from './control-characters';
import { EMAIL_PATTERN } from './email-pattern';
import { PHONE_PATTERN } from './phone-pattern';
import { CARD_LANGUAGES, DEFAULT_LANGUAGE, type CardLanguage } from './routes';

// Both patterns are the ones firestore.rules applies, so a form that passes is never rejected.
export { EMAIL_PATTERN, PHONE_PATTERN };

/** Must match firestore.rules. */
export const LIMITS = { name: 100, email: 254, phone: 20 } as const;

export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
}

export const initialContactValues: ContactFormValues = { name: '', email: '', phone: '' };

/** The form's fields in order, as both its forms show them (the card's plain one and the sheet's). */
export const CONTACT_FIELDS: ReadonlyArray<{
  name: keyof ContactFormValues;
  label: 'nameLabel' | 'emailLabel' | 'phoneLabel';
  type: string;
  inputMode?: 'tel' | 'email';
  autoComplete: string;
  required: boolean;
}> = [
  { name: 'name', label: 'nameLabel', type: 'text', autoComplete: 'name', required: true },
  {
    name: 'email',
    label: 'emailLabel',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    required: true,
  },
  {
    name: 'phone',
    label: 'phoneLabel',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    required: false,
  },
];

// Every field is trimmed before its tests run because the rules judge the trimmed value that
// toContactDoc writes. yup's max() counts UTF-16 units, never fewer than the characters the
// rules' size() counts, so the client limit is at least as strict as the server's.
// One set of rules; only the words of its messages differ from one language to another.
function schemaSaying(messages: ContactTexts): ObjectSchema<ContactFormValues> {
  return object({
    name: string()
      .trim()
      .required(messages.required)
      .max(LIMITS.name, messages.nameTooLong)
      // trim() has taken a leading or trailing line feed off already; one inside stays and is refused.
      .matches(NO_CONTROL_CHARACTERS, messages.nameControl),
    email: string()
      .trim()
      .required(messages.required)
      .max(LIMITS.email, messages.emailTooLong)
      // An empty address is already reported as required; one message per problem.
      .matches(EMAIL_PATTERN, { message: messages.email, excludeEmptyString: true }),
    phone: string()
      .trim()
      .default('')
      .max(LIMITS.phone, messages.phoneTooLong)
      // No phone is fine (toContactDoc leaves the field out); one given must be a phone number.
      .matches(PHONE_PATTERN, { message: messages.phone, excludeEmptyString: true }),
  });
}

const SCHEMAS = Object.fromEntries(
  CARD_LANGUAGES.map((lang) => [lang, schemaSaying(CONTACT_TEXTS[lang])]),
) as Record<CardLanguage, ObjectSchema<ContactFormValues>>;

/** The visitor's form's checks, its messages in `lang`. */
export function contactSchema(
  lang: CardLanguage = DEFAULT_LANGUAGE,
): ObjectSchema<ContactFormValues> {
  return SCHEMAS[lang];
}

export interface ContactDoc {
  name: string;
  email: string;
  phone?: string;
}

/** Trimmed values as written to Firestore; phone only when given. */
export function toContactDoc(values: ContactFormValues): ContactDoc {
  const doc: ContactDoc = { name: values.name.trim(), email: values.email.trim() };
  const phone = values.phone.trim();
  if (phone) doc.phone = phone;
  return doc;
}
