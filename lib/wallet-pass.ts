// What a card's wallet pass shows, in Apple Wallet and Google Wallet alike: the name in front, the
// role and company beside it, the photo, the contact lines on the back, the card's colour, and a
// QR code of walletUrl (so that a scan of the pass is counted apart). Built from the card's summary
// (lib/card-summary.ts), the same one the e-mail signature shows, in the summary's language: an
// English pass is the English card's words (lib/card-language.ts), its labels and its address.
import type { CardSummary } from './card-summary';
import { EMAIL_PATTERN } from './email-pattern';
import { PHONE_PATTERN } from './phone-pattern';
import { DEFAULT_LANGUAGE, walletUrl, type CardLanguage } from './routes';
import { accentColors } from './theme';

/** Where the pass's name comes from, on the pass and in the wallet's list. */
export const PASS_ORGANIZATION = 'karta';

export interface PassField {
  key: string;
  label: string;
  value: string;
}

export interface WalletPass {
  /** One pass per card and language: adding it again replaces the older one. */
  serial: string;
  /** The language of its texts. */
  lang: CardLanguage;
  /** What the wallet's list and a screen reader say of the pass. */
  description: string;
  name: string;
  /** Job title and company, as labelled fields beside the name. */
  secondary: PassField[];
  /** Phone, e-mail, website and the card's address. */
  back: PassField[];
  /** The barcode's message: the card's address with `?src=wallet`. */
  barcode: string;
  /** `#rrggbb`: the card's accent, and the text on it at WCAG AA (lib/theme.ts). */
  colors: { background: string; foreground: string; label: string };
  /** The version of the card's own photo, when it has one. */
  photoVersion?: string;
  /** The photo's absolute address, for Google, which fetches it itself. */
  photoUrl?: string;
}

/** The pass's field labels, in each of the card's languages. */
export const PASS_LABELS = {
  el: {
    jobTitle: 'Θέση',
    company: 'Εταιρεία',
    phone: 'Τηλέφωνο',
    email: 'Email',
    website: 'Ιστότοπος',
    card: 'Η κάρτα μου',
  },
  en: {
    jobTitle: 'Title',
    company: 'Company',
    phone: 'Phone',
    email: 'Email',
    website: 'Website',
    card: 'My card',
  },
} as const satisfies Record<CardLanguage, Record<string, string>>;

type PassLabel = keyof (typeof PASS_LABELS)[CardLanguage];

/** What the wallet's list and a screen reader say of the pass of `name`'s card. */
const DESCRIPTIONS: Record<CardLanguage, (name: string) => string> = {
  el: (name) => `Η ψηφιακή κάρτα του/της ${name}`,
  en: (name) => `${name}'s digital business card`,
};

/**
 * The pass's serial: the Greek pass keeps the card's name (passes added before there were
 * languages stay the same pass), another language's is apart, so that both can sit in one wallet.
 * '/' is in no username.
 */
export function passSerial(username: string, lang: CardLanguage): string {
  return lang === DEFAULT_LANGUAGE ? username : `${username}/${lang}`;
}

const valid = (pattern: RegExp, text: string | undefined) =>
  text !== undefined && pattern.test(text) ? text : undefined;

export function walletPass(summary: CardSummary): WalletPass {
  const { light } = accentColors(summary.accent);
  const { lang } = summary;
  const field = (key: PassLabel, value: string | undefined): PassField[] =>
    value === undefined ? [] : [{ key, label: PASS_LABELS[lang][key], value }];
  return {
    serial: passSerial(summary.username, lang),
    lang,
    description: DESCRIPTIONS[lang](summary.name),
    name: summary.name,
    secondary: [...field('jobTitle', summary.jobTitle), ...field('company', summary.company)],
    // Wallet makes a back field's number or address tappable: only one the card's own rules
    // accept goes there (a malformed document may hold anything).
    back: [
      ...field('phone', valid(PHONE_PATTERN, summary.phone?.text)),
      ...field('email', valid(EMAIL_PATTERN, summary.email?.text)),
      ...field('website', summary.website?.href),
      ...field('card', summary.card.href),
    ],
    barcode: walletUrl(summary.username, lang),
    colors: { background: light.background, foreground: light.text, label: light.text },
    ...(summary.photoVersion ? { photoVersion: summary.photoVersion } : {}),
    ...(summary.photoUrl ? { photoUrl: summary.photoUrl } : {}),
  };
}

/** The owner's links to both wallets; each only where it is configured (lib/wallet-env.ts). */
export interface WalletLinks {
  /** The Apple pass's download link, signed for the owner (server/wallet/pass-link.ts). */
  apple?: string;
  /** Google Wallet's save link, https://pay.google.com/gp/v/save/<jwt>. */
  google?: string;
}
