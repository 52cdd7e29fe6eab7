// Every word of karta's own that the card's inline script (card-script.ts) says, in each of the
// card's languages (lib/routes.ts CARD_LANGUAGES), apart from what its HTML says
// (components/card/texts.ts) so that the script carries only these.
import { CONTACT_SENT_IN } from '@/lib/contact-messages';
import type { ShareMessages } from '@/lib/share';
import type { CardLanguage } from '@/lib/routes';

export interface ScriptTexts {
  saveFailed: string;
  sheetFailed: string;
  /** The plain form's send button while the sheet's code, which sends, is on its way. */
  sending: string;
  /** Said on the card once the exchange sheet has sent the visitor's details. */
  sent: string;
  share: ShareMessages;
  /** The in-app browser hint: why, and the way out the platform allows. */
  inApp: {
    why: (app: string | null) => string;
    openInChrome: string;
    copy: string;
    ios: string;
    other: string;
  };
}

export const SCRIPT_TEXTS: Record<CardLanguage, ScriptTexts> = {
  el: {
    saveFailed: 'Η αποθήκευση της επαφής απέτυχε. Δοκιμάστε ξανά.',
    sheetFailed:
      'Η φόρμα δεν φόρτωσε πλήρως. Ελέγξτε τη σύνδεσή σας και πατήστε «Αποστολή» ξανά· ό,τι γράψατε κρατήθηκε.',
    sending: 'Αποστολή…',
    sent: CONTACT_SENT_IN.el,
    share: {
      copied: 'Ο σύνδεσμος της κάρτας αντιγράφηκε',
      failed: (url) => `Η αντιγραφή δεν έγινε. Ο σύνδεσμος της κάρτας: ${url}`,
    },
    inApp: {
      why: (app) =>
        `Η αποθήκευση της επαφής λειτουργεί στο πρόγραμμα περιήγησης του κινητού σας, όχι ${
          app ? `μέσα στο ${app}` : 'μέσα σε αυτή την εφαρμογή'
        }.`,
      openInChrome: 'Άνοιγμα στο Chrome',
      copy: 'Αντιγραφή συνδέσμου',
      ios: 'Επικολλήστε τον στο Safari, ή πατήστε ⋯ και «Άνοιγμα στο πρόγραμμα περιήγησης».',
      other: 'Επικολλήστε τον στο πρόγραμμα περιήγησής σας.',
    },
  },
  en: {
    saveFailed: 'The contact could not be saved. Please try again.',
    sheetFailed:
      'The form did not fully load. Check your connection and press Send again; what you typed is kept.',
    sending: 'Sending…',
    sent: CONTACT_SENT_IN.en,
    share: {
      copied: "The card's link has been copied",
      failed: (url) => `The link could not be copied. The card's link: ${url}`,
    },
    inApp: {
      why: (app) =>
        `Saving the contact works in your phone's browser, not ${
          app ? `inside ${app}` : 'inside this app'
        }.`,
      openInChrome: 'Open in Chrome',
      copy: 'Copy link',
      ios: 'Paste it into Safari, or tap ⋯ and “Open in browser”.',
      other: 'Paste it into your browser.',
    },
  },
};
