// Every text of the contact-exchange sheet (components/exchange), one table per card language:
// the sheet, its form and the form's checks (lib/contact-form.ts) read them from here. The message
// the card's own script shows once the details are sent is in lib/contact-messages.ts.
import { CONTROL_CHARACTER_MESSAGE } from './control-characters';
import type { CardLanguage } from './routes';

/**
 * Where a text names the card's owner, `{firstName}` stands for their first name (withName); where
 * it names a member card's company, `{company}` its name (withCompany).
 */
const GREEK = {
  title: 'Ανταλλαγή στοιχείων με {firstName}',
  close: 'Κλείσιμο',
  nameLabel: 'Όνομα',
  emailLabel: 'Email',
  phoneLabel: 'Τηλέφωνο',
  send: 'Αποστολή',
  privacy: 'Τα στοιχεία σας πηγαίνουν μόνο στον/στην {firstName}.',
  // A member card's leads are the company's too: its admins read and keep them (docs/companies.md).
  privacyCompany: 'Τα στοιχεία σας πηγαίνουν στον/στην {firstName} και στην εταιρεία «{company}».',
  privacyLink: 'Πώς προστατεύονται',
  required: 'Υποχρεωτικό πεδίο',
  email: 'Συμπληρώστε σωστό email',
  phone: 'Μόνο ψηφία, κενά και + στην αρχή',
  nameTooLong: 'Το όνομα μπορεί να έχει έως 100 χαρακτήρες',
  emailTooLong: 'Το email μπορεί να έχει έως 254 χαρακτήρες',
  phoneTooLong: 'Το τηλέφωνο μπορεί να έχει έως 20 χαρακτήρες',
  // The owner's console says the same of a name on the card.
  nameControl: CONTROL_CHARACTER_MESSAGE,
  sendFailed: 'Η αποστολή απέτυχε. Δοκιμάστε ξανά.',
};

export type ContactTexts = Readonly<Record<keyof typeof GREEK, string>>;

export const CONTACT_TEXTS: Readonly<Record<CardLanguage, ContactTexts>> = {
  el: GREEK,
  en: {
    title: 'Exchange details with {firstName}',
    close: 'Close',
    nameLabel: 'Name',
    emailLabel: 'Email',
    phoneLabel: 'Phone',
    send: 'Send',
    privacy: 'Your details go to {firstName} only.',
    privacyCompany: 'Your details go to {firstName} and to the company “{company}”.',
    // The notice itself is in Greek only: the link says so.
    privacyLink: 'How they are protected (in Greek)',
    required: 'Required',
    email: 'Enter a valid email address',
    phone: 'Only digits, spaces and a + at the start',
    nameTooLong: 'The name can have up to 100 characters',
    emailTooLong: 'The email can have up to 254 characters',
    phoneTooLong: 'The phone number can have up to 20 characters',
    nameControl: 'The name has characters that are not allowed (e.g. a line break)',
    sendFailed: 'Sending failed. Please try again.',
  },
};

/** A text with `{firstName}` in it, for that owner; their name is taken as written. */
export function withName(text: string, firstName: string): string {
  return text.replace('{firstName}', () => firstName);
}

/** The privacy line of the sheet: a member card's names its company, which receives the details too. */
export function privacyLine(texts: ContactTexts, firstName: string, company?: string): string {
  if (!company) return withName(texts.privacy, firstName);
  return withName(texts.privacyCompany, firstName).replace('{company}', () => company);
}
