// A company's legal details as its member cards and signatures print them: the legal name first,
// as registered, then ΑΦΜ, ΔΟΥ and ΓΕΜΗ, each with its label in the card's language. The card's
// footer, the English card and the e-mail signature all take their words from here.
import type { LegalDetails, LegalField } from './company';
import type { CardLanguage } from './routes';

/** Each detail's label in each card language; the legal name stands alone. */
const LEGAL_LABELS: Record<CardLanguage, Record<Exclude<LegalField, 'legalName'>, string>> = {
  el: { vatNumber: 'ΑΦΜ', taxOffice: 'ΔΟΥ', gemiNumber: 'ΓΕΜΗ' },
  en: { vatNumber: 'VAT no.', taxOffice: 'Tax office', gemiNumber: 'G.E.MI. no.' },
};

/** One printed detail: its label (none for the legal name) and the value as the company set it. */
export interface LegalPart {
  field: LegalField;
  label?: string;
  value: string;
  /**
   * Whether the value is in Greek whatever the card's language: the legal name is the registered
   * one, the tax office as the company typed it (the English card marks them `lang="el"`).
   */
  greek: boolean;
}

/** The details the company sets, in print order. */
export function legalParts(legal: LegalDetails | undefined, lang: CardLanguage): LegalPart[] {
  if (!legal) return [];
  const parts: LegalPart[] = [];
  if (legal.legalName) parts.push({ field: 'legalName', value: legal.legalName, greek: true });
  for (const field of ['vatNumber', 'taxOffice', 'gemiNumber'] as const) {
    const value = legal[field];
    if (value) {
      parts.push({ field, label: LEGAL_LABELS[lang][field], value, greek: field === 'taxOffice' });
    }
  }
  return parts;
}

/** The details on one line, as a signature prints them: «Επωνυμία · ΑΦΜ 094014201 · ΔΟΥ …». */
export function legalLine(legal: LegalDetails | undefined, lang: CardLanguage): string {
  return legalParts(legal, lang)
    .map(({ label, value }) => (label ? `${label} ${value}` : value))
    .join(' · ');
}
