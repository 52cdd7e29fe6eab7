import { object, string, type ObjectSchema } from 'yup';

import { CONTACT_MESSAGES } from './contact-messages';
import { CONTROL_CHARACTER_MESSAGE, NO_CONTROL_CHARACTERS } from './control-characters';
import { EMAIL_PATTERN } from './email-pattern';
import { PHONE_PATTERN } from './phone-pattern';

// Kept in their own module so the page's eager script can show them without loading yup.
export { CONTACT_MESSAGES };

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

// Every field is trimmed before its tests run because the rules judge the trimmed value that
// toContactDoc writes. yup's max() counts UTF-16 units, never fewer than the characters the
// rules' size() counts, so the client limit is at least as strict as the server's.
export const contactSchema: ObjectSchema<ContactFormValues> = object({
  name: string()
    .trim()
    .required(CONTACT_MESSAGES.required)
    .max(LIMITS.name, CONTACT_MESSAGES.nameTooLong)
    // trim() has taken a leading or trailing line feed off already; one inside stays and is refused.
    .matches(NO_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE),
  email: string()
    .trim()
    .required(CONTACT_MESSAGES.required)
    .max(LIMITS.email, CONTACT_MESSAGES.emailTooLong)
    // An empty address is already reported as required; one message per problem.
    .matches(EMAIL_PATTERN, { message: CONTACT_MESSAGES.email, excludeEmptyString: true }),
  phone: string()
    .trim()
    .default('')
    .max(LIMITS.phone, CONTACT_MESSAGES.phoneTooLong)
    // No phone is fine (toContactDoc leaves the field out); one given must be a phone number.
    .matches(PHONE_PATTERN, { message: CONTACT_MESSAGES.phone, excludeEmptyString: true }),
});

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
