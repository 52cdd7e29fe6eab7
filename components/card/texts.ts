// Every word of karta's own on the card, in each of the card's languages (lib/routes.ts
// CARD_LANGUAGES): the owner's words come translated by lib/card-language.ts, these are the rest.
// Two tables: SCRIPT_TEXTS is what the card's inline script (browser/card/card-script.ts) needs, apart so
// that the script carries only those; CARD_TEXTS is what its HTML says.
import { CONTACT_SENT_IN } from '../../lib/contact-messages';
import { UNEXPECTED_ERROR } from '../error-texts';
import type { ShareMessages } from '../../lib/share';
import type { CardLanguage } from '../../lib/routes';

export interface ScriptTexts {
  saveFailed: string;
  sheetFailed: string;
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
    sheetFailed: 'Η φόρμα δεν φορτώθηκε. Ελέγξτε τη σύνδεσή σας και δοκιμάστε ξανά.',
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
    sheetFailed: 'The form did not load. Check your connection and try again.',
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

export interface CardTexts {
  /** Open Graph's og:locale. */
  ogLocale: string;
  exchange: string;
  saveContact: string;
  share: string;
  qr: string;
  qrTitle: string;
  qrAlt: (name: string) => string;
  close: string;
  identity: string;
  photoAlt: (name: string) => string;
  logoAlt: (company: string) => string;
  /** Each contact row's caption (an address's details, when given, replace its own). */
  rows: { email: string; mobile: string; phone: string; address: string; website: string };
  links: string;
  /** A link of no brand's kind with no label of its own. */
  plainLink: string;
  social: string;
  /** The search and link-preview description. */
  description: (about: string, name: string) => string;
  /**
   * The language as it names itself: the other language's card links here with these words, for
   * whoever reads this language (`short` on the switch, `readIn` its accessible name, `offer` the
   * line a browser that asks for none of the card's language is shown).
   */
  self: { short: string; readIn: string; offer: string };
  notFound: { title: string; heading: string; message: string; detail: string };
  /** The page of a card switched off (its owner left its company): HTTP 410. */
  cardOff: string;
}

export const CARD_TEXTS: Record<CardLanguage, CardTexts> = {
  el: {
    ogLocale: 'el_GR',
    exchange: 'Ανταλλαγή Επαφής',
    saveContact: 'Αποθήκευση Επαφής',
    share: 'Κοινοποίηση',
    qr: 'Κωδικός QR',
    qrTitle: 'Σαρώστε με την κάμερα του κινητού',
    qrAlt: (name) => `Κωδικός QR της κάρτας: ${name}`,
    close: 'Κλείσιμο',
    identity: 'Στοιχεία',
    photoAlt: (name) => `Φωτογραφία: ${name}`,
    logoAlt: (company) => `Λογότυπο: ${company}`,
    rows: {
      email: 'Email',
      mobile: 'Κινητό',
      phone: 'Τηλέφωνο',
      address: 'Διεύθυνση',
      website: 'Ιστοσελίδα',
    },
    links: 'Σύνδεσμοι',
    // As the editor names the kind (lib/card-links.ts LINK_KIND_INFO; a unit test holds the two).
    plainLink: 'Σύνδεσμος',
    social: 'Κοινωνικά δίκτυα και μηνύματα',
    description: (about, name) =>
      `${about}. Η ψηφιακή κάρτα του/της ${name}: αποθηκεύστε την επαφή με ένα άγγιγμα.`,
    self: {
      short: 'ΕΛ',
      readIn: 'Ανάγνωση στα ελληνικά',
      offer: 'Διαβάστε αυτή την κάρτα στα ελληνικά',
    },
    // The site's own "Oops!" screen (app/not-found.tsx), as every other missing page shows it.
    notFound: {
      title: 'Not Found · karta',
      heading: 'Oops!',
      message: UNEXPECTED_ERROR,
      detail: 'Not Found',
    },
    cardOff: 'Αυτή η κάρτα δεν είναι πλέον ενεργή',
  },
  en: {
    ogLocale: 'en_GB',
    exchange: 'Exchange contact',
    saveContact: 'Save contact',
    share: 'Share',
    qr: 'QR code',
    qrTitle: "Scan with your phone's camera",
    qrAlt: (name) => `The card's QR code: ${name}`,
    close: 'Close',
    identity: 'Details',
    photoAlt: (name) => `Photo: ${name}`,
    logoAlt: (company) => `Logo: ${company}`,
    rows: {
      email: 'Email',
      mobile: 'Mobile',
      phone: 'Phone',
      address: 'Address',
      website: 'Website',
    },
    links: 'Links',
    plainLink: 'Link',
    social: 'Social networks and messaging',
    description: (about, name) =>
      `${about}. The digital business card of ${name}: save the contact with one tap.`,
    self: { short: 'EN', readIn: 'Read in English', offer: 'Read this card in English' },
    notFound: {
      title: 'Card not found · karta',
      heading: 'Card not found',
      message: 'There is no karta card at this address.',
      detail: 'Check the link or the QR code you were given.',
    },
    cardOff: 'This card is no longer active',
  },
};
