// Every word of karta's own that the card's HTML says, in each of the card's languages
// (lib/routes.ts CARD_LANGUAGES): the owner's words come translated by lib/card-language.ts, and
// what the card's inline script says is its own table (browser/card/script-texts.ts), so that the
// script carries only those.
import { UNEXPECTED_ERROR } from '../error-texts';
import type { CardLanguage } from '../../lib/routes';

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
  /** Its company's switchboard, and the link to the company's own contact as a vCard. */
  switchboard: string;
  saveCompanyContact: string;
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
    switchboard: 'Τηλεφωνικό κέντρο',
    saveCompanyContact: 'Αποθήκευση επαφής εταιρείας',
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
    switchboard: 'Switchboard',
    saveCompanyContact: 'Save the company’s contact',
  },
};
