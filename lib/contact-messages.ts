// The message the card's own script shows once a visitor's details are sent, in each card
// language. Apart from the sheet's texts (lib/contact-texts.ts), so that the card's eager script
// carries this one message and none of the form's; each language's is a constant of its own, so
// that a script that shows one carries only that one.
import type { CardLanguage } from './routes';

/** The Greek card's. */
export const CONTACT_SENT = 'Τα στοιχεία σας στάλθηκαν';

/** The English card's. */
export const CONTACT_SENT_EN = 'Your details have been sent';

export const CONTACT_SENT_IN: Readonly<Record<CardLanguage, string>> = {
  el: CONTACT_SENT,
  en: CONTACT_SENT_EN,
};
