// A company: the template of card fields it sets on every member's card, each locked (the company's
// value, which the member cannot change) or a default (shown wherever the member has no value of
// their own, following every later save of the template), with English words for the fields the
// English card translates, and the rules of its names, invitations and roles. The console's forms,
// karta's server and the card's rendering all judge a template here, with the card's own rules
// (lib/profile.ts, lib/card-links.ts) and messages.
import { MAX_LINKS, type CardLink } from './card-links';
import { NO_CONTROL_CHARACTERS, TEXT_CONTROL_CHARACTER_MESSAGE } from './control-characters';
import { judgeGemiNumber, judgeVatNumber } from './greek-business-ids';
import { linkTextProblem } from './link-text';
import {
  CARD_MESSAGES,
  ENGLISH_FIELDS,
  cardValueProblem,
  linkProblemField,
  readOwn,
  type CardChanges,
  type EnglishField,
  type FieldProblem,
  type Profile,
  type TextField,
} from './profile';
import { linksProblem, normaliseLinks } from './card-links';

/** The card fields a company's template may set. The logo is the company's own, on every card. */
export const TEMPLATE_FIELDS = [
  'companyName',
  'websiteLink',
  'address',
  'addressDetails',
  'city',
  'phoneNumber',
  'accentColor',
  'links',
] as const;

export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type TemplateTextField = Exclude<TemplateField, 'links'>;

/** The template's fields the English card translates: each takes the company's English words. */
export const TEMPLATE_ENGLISH_FIELDS = TEMPLATE_FIELDS.filter(
  (field): field is TemplateField & keyof typeof ENGLISH_FIELDS => field in ENGLISH_FIELDS,
);
export type TemplateEnglishField = (typeof TEMPLATE_ENGLISH_FIELDS)[number];

const isTranslated = (field: TemplateField): field is TemplateEnglishField =>
  (TEMPLATE_ENGLISH_FIELDS as readonly string[]).includes(field);

export interface TemplateEntry<T = string> {
  value: T;
  /**
   * True: the company's value on every member's card. False: a default, on every member card
   * with no value of its own.
   */
  locked: boolean;
  /** The value in English, for the English card (TEMPLATE_ENGLISH_FIELDS only). */
  valueEn?: string;
}

/**
 * A Greek company's legal details (N.4919/2022 art. 22: its ΓΕΜΗ number beside its legal name, ΑΦΜ
 * and ΔΟΥ on its web pages). Template fields but no card's: a member card has no value of its own,
 * and they are always locked, whatever a save says of `locked`: the law asks for them on every
 * card. Shown in the card's footer, its JSON-LD and the e-mail signature (CardCompany `legal`).
 */
export const LEGAL_FIELDS = ['legalName', 'vatNumber', 'taxOffice', 'gemiNumber'] as const;
export type LegalField = (typeof LEGAL_FIELDS)[number];

/** The company's legal details that its template sets, as stored (ΑΦΜ and ΓΕΜΗ their digits). */
export type LegalDetails = Partial<Record<LegalField, string>>;

/** A template as stored in companies/{id} (`template`) and as a save sends it. */
export type CompanyTemplate = Partial<Record<TemplateTextField | LegalField, TemplateEntry>> & {
  links?: TemplateEntry<CardLink[]>;
};

/** The card's field that holds a template field's English words, if it has one. */
export function englishTwin(field: TemplateField): EnglishField | undefined {
  return isTranslated(field) ? ENGLISH_FIELDS[field] : undefined;
}

/** The template field a card field (its own, or its English twin) belongs to, if any. */
function templateFieldOf(field: string): TemplateField | undefined {
  return TEMPLATE_FIELDS.find((f) => f === field || englishTwin(f) === field);
}

/** Each template field as the member's editor names it, for the Greek messages about it. */
export const TEMPLATE_FIELD_LABELS: Readonly<Record<TemplateField, string>> = {
  companyName: 'Εταιρεία',
  websiteLink: 'Ιστότοπος',
  address: 'Διεύθυνση',
  addressDetails: 'Λεπτομέρειες διεύθυνσης',
  city: 'Πόλη',
  phoneNumber: 'Τηλέφωνο',
  accentColor: 'Χρώμα κάρτας',
  links: 'Σύνδεσμοι',
};

/** Each legal detail as the template editor names it. */
export const LEGAL_FIELD_LABELS: Readonly<Record<LegalField, string>> = {
  legalName: 'Επωνυμία',
  vatNumber: 'ΑΦΜ',
  taxOffice: 'ΔΟΥ',
  gemiNumber: 'Αριθμός ΓΕΜΗ',
};

/** The longest legal name and tax office a template takes, in characters. */
export const LEGAL_TEXT_MAX: Readonly<Record<'legalName' | 'taxOffice', number>> = {
  legalName: 150,
  taxOffice: 60,
};

const isLegalField = (key: string): key is LegalField =>
  (LEGAL_FIELDS as readonly string[]).includes(key);

/**
 * A legal detail as a save sends it: the value as stored (the ΑΦΜ's and ΓΕΜΗ's digits alone, the
 * texts trimmed), or why it cannot be, in Greek.
 */
export function judgeLegalValue(
  field: LegalField,
  value: unknown,
): { value: string } | { error: string } {
  if (typeof value !== 'string') return { error: CARD_MESSAGES.notText };
  if (field === 'vatNumber' || field === 'gemiNumber') {
    const judged = field === 'vatNumber' ? judgeVatNumber(value) : judgeGemiNumber(value);
    return 'error' in judged ? judged : { value: judged.digits };
  }
  const text = value.trim();
  if (text === '') return { error: CARD_MESSAGES.empty };
  if ([...text].length > LEGAL_TEXT_MAX[field]) {
    return { error: CARD_MESSAGES.tooLong(LEGAL_TEXT_MAX[field]) };
  }
  if (!NO_CONTROL_CHARACTERS.test(text)) return { error: TEXT_CONTROL_CHARACTER_MESSAGE };
  return { value: text };
}

/**
 * The 403 `locked` of a member's edit, in Greek, naming the card field (`cityEn`: «Πόλη στα
 * αγγλικά»).
 */
export function lockedFieldMessage(field: string): string {
  const of = templateFieldOf(field);
  if (of === undefined) return COMPANY_MESSAGES.locked;
  const label = TEMPLATE_FIELD_LABELS[of] + (of === field ? '' : ' στα αγγλικά');
  return `Το πεδίο «${label}» ορίζεται από την εταιρεία· ρωτήστε τον διαχειριστή.`;
}

export const COMPANY_NAME_MAX = 100;

/** What the console marks a locked field with, in the member's editor. */
export const LOCKED_FIELD_NOTE = 'Το ορίζει η εταιρεία· ρωτήστε τον διαχειριστή';

/** How long an invitation's link works. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Addresses one request may invite (a JSON list or a CSV file's rows). */
export const MAX_INVITES_PER_REQUEST = 500;

export const MEMBER_ROLES = ['admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_STATUSES = ['active', 'removed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const INVITE_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const COMPANY_MESSAGES = {
  name: 'Συμπληρώστε το όνομα της εταιρείας',
  nameTooLong: `Έως ${COMPANY_NAME_MAX} χαρακτήρες`,
  nameText: TEXT_CONTROL_CHARACTER_MESSAGE,
  notTemplate: 'Τα πεδία του προτύπου λείπουν',
  unknownField: 'Το πρότυπο δεν έχει τέτοιο πεδίο',
  notEntry: 'Κάθε πεδίο του προτύπου θέλει τιμή και αν είναι κλειδωμένο',
  locked: 'Το πεδίο ορίζεται από την εταιρεία και δεν αλλάζει',
} as const;

/** Why `name` cannot be a company's name, in Greek, or null. */
export function companyNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return COMPANY_MESSAGES.name;
  if ([...name.trim()].length > COMPANY_NAME_MAX) return COMPANY_MESSAGES.nameTooLong;
  if (!NO_CONTROL_CHARACTERS.test(name)) return COMPANY_MESSAGES.nameText;
  return linkTextProblem('Το όνομα της εταιρείας', name);
}

const isTemplateField = (key: string): key is TemplateField =>
  (TEMPLATE_FIELDS as readonly string[]).includes(key);

/**
 * A template as a save sends it (`{ <field>: { value, locked } }`), judged field by field by the
 * card's own rules (cardValueProblem, linksProblem): the template, or the first problem, naming
 * `fields.<field>` (`fields.links.2.url` for a link).
 */
export function parseTemplate(
  raw: unknown,
): { ok: true; template: CompanyTemplate } | ({ ok: false } & FieldProblem) {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, field: 'fields', error: COMPANY_MESSAGES.notTemplate };
  }
  const template: CompanyTemplate = {};
  for (const [field, entry] of Object.entries(raw)) {
    const at = `fields.${field}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      const known = isTemplateField(field) || isLegalField(field);
      return { ok: false, field: at, error: COMPANY_MESSAGES[known ? 'notEntry' : 'unknownField'] };
    }
    const { value, locked, valueEn } = entry as Record<string, unknown>;
    if (isLegalField(field)) {
      // Always locked: a save that sends `locked: false`, or none, is stored locked all the same.
      if (Object.keys(entry).some((k) => !ENTRY_KEYS.includes(k)) || !isOptionalBoolean(locked)) {
        return { ok: false, field: at, error: COMPANY_MESSAGES.notEntry };
      }
      const judged = judgeLegalValue(field, value);
      if ('error' in judged) return { ok: false, field: at, error: judged.error };
      template[field] = { value: judged.value, locked: true };
      continue;
    }
    if (!isTemplateField(field))
      return { ok: false, field: at, error: COMPANY_MESSAGES.unknownField };
    const keys = isTranslated(field) ? ENTRY_KEYS_EN : ENTRY_KEYS;
    if (typeof locked !== 'boolean' || Object.keys(entry).some((k) => !keys.includes(k))) {
      return { ok: false, field: at, error: COMPANY_MESSAGES.notEntry };
    }
    if (field === 'links') {
      const problem = linksProblem(value);
      if (problem)
        return { ok: false, field: `fields.${linkProblemField(problem)}`, error: problem.error };
      template.links = { value: value as CardLink[], locked };
      continue;
    }
    // The template is no one card's: no username makes a value allowed that a card would refuse.
    const problem = cardValueProblem(field, value, '');
    if (problem) return { ok: false, field: at, error: problem };
    template[field] = { value: value as string, locked };
    const english = englishTwin(field);
    if (english && valueEn !== undefined) {
      // Judged as the card's own English field is; the form names it by that field.
      const problemEn = cardValueProblem(english, valueEn, '');
      if (problemEn) return { ok: false, field: `fields.${english}`, error: problemEn };
      template[field].valueEn = valueEn as string;
    }
  }
  return { ok: true, template };
}

const ENTRY_KEYS: readonly string[] = ['value', 'locked'];
const ENTRY_KEYS_EN: readonly string[] = [...ENTRY_KEYS, 'valueEn'];

const isOptionalBoolean = (value: unknown): boolean =>
  value === undefined || typeof value === 'boolean';

/** The template as stored, whatever the document holds: entries the card's rules refuse are dropped. */
export function normaliseTemplate(raw: unknown): CompanyTemplate {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const template: CompanyTemplate = {};
  for (const field of LEGAL_FIELDS) {
    const entry = readOwn(raw, field);
    if (typeof entry !== 'object' || entry === null) continue;
    const judged = judgeLegalValue(field, (entry as Record<string, unknown>).value);
    if ('value' in judged) template[field] = { value: judged.value, locked: true };
  }
  for (const field of TEMPLATE_FIELDS) {
    const entry = readOwn(raw, field);
    if (typeof entry !== 'object' || entry === null) continue;
    const { value, locked, valueEn } = entry as Record<string, unknown>;
    if (typeof locked !== 'boolean') continue;
    if (field === 'links') {
      const links = normaliseLinks(value);
      if (links.length > 0) template.links = { value: links, locked };
    } else if (typeof value === 'string' && cardValueProblem(field, value, '') === null) {
      template[field] = { value, locked };
      const english = englishTwin(field);
      if (english && typeof valueEn === 'string' && cardValueProblem(english, valueEn, '') === null)
        template[field].valueEn = valueEn;
    }
  }
  return template;
}

/** The fields the template locks. */
export function lockedFields(template: CompanyTemplate): TemplateField[] {
  return TEMPLATE_FIELDS.filter((field) => template[field]?.locked === true);
}

/** The company's value of a card field its template locks (a field or its English twin). */
function lockedValue(field: string, template: CompanyTemplate): string | undefined {
  const of = templateFieldOf(field);
  if (of === undefined || of === 'links' || template[of]?.locked !== true) return undefined;
  return of === field ? template[of]?.value : template[of]?.valueEn;
}

/** Whether the template locks this card field: one of its fields, or that field's English twin. */
function isLocked(field: string, template: CompanyTemplate): boolean {
  const of = templateFieldOf(field);
  return of !== undefined && of !== 'links' && template[of]?.locked === true;
}

/**
 * A member's edit judged against the template: the first field it changes that the template locks
 * (a Greek field or its English twin; the company's links come before the member's own, which stay
 * theirs, so `links` is never refused), or null, and the edit without the locked fields it does
 * not change. A form opened before a field was locked may still send its value: the value stored
 * (`stored`, the card's own fields) or the company's is no change, and leaves the card as it was.
 */
export function judgeLocked(
  changes: CardChanges,
  template: CompanyTemplate,
  stored: Readonly<Record<string, unknown>>,
): { refused: TextField | null; changes: CardChanges } {
  const kept: CardChanges = {};
  for (const [field, value] of Object.entries(changes) as Array<[keyof CardChanges, unknown]>) {
    if (field !== 'links' && isLocked(field, template)) {
      const unchanged =
        (value === null ? undefined : value) === stored[field] ||
        (value !== null && value === lockedValue(field, template));
      if (!unchanged) return { refused: field, changes: {} };
      continue;
    }
    Object.assign(kept, { [field]: value });
  }
  return { refused: null, changes: kept };
}

/** What a member card shows of its company, beside the template's values. */
export interface CardCompany {
  /** companies/{id}: the document id. */
  id: string;
  /** The company's name (companies/{id} `name`). */
  name: string;
  /** The company's name in English: the template's English words for `companyName`, if any. */
  nameEn?: string;
  /** The logo's version, when it has one: its path is lib/routes.ts logoPath(username, version). */
  logoVersion?: string;
  /** The template's website, locked or not: the switched-off page links to it. */
  websiteLink?: string;
  /** The company's legal details, when its template sets any: the card's footer shows them. */
  legal?: LegalDetails;
}

/** A card as it shows: a member's carries its company. */
export type CompanyProfile<P extends Profile = Profile> = P & { company?: CardCompany };

/** A company as a card reads it: the server from companies/{id}, the console from its listener. */
export interface CompanySource {
  id: string;
  name: string;
  template: CompanyTemplate;
  logoVersion?: string;
  /**
   * The card's team's overrides (lib/teams.ts): each entry, locked or a default, replaces the
   * template's for that field on this card.
   */
  teamOverrides?: CompanyTemplate;
}

/**
 * What a member card shows of its company: built here alone, for the card, the console's preview,
 * the passes and the e-mail signature.
 */
export function cardCompany({ id, name, template, logoVersion }: CompanySource): CardCompany {
  const shown: CardCompany = { id, name };
  const nameEn = template.companyName?.valueEn;
  if (nameEn) shown.nameEn = nameEn;
  if (logoVersion) shown.logoVersion = logoVersion;
  const websiteLink = template.websiteLink?.value;
  if (websiteLink) shown.websiteLink = websiteLink;
  const legal: LegalDetails = {};
  for (const field of LEGAL_FIELDS) {
    const value = template[field]?.value;
    if (value) legal[field] = value;
  }
  if (Object.keys(legal).length > 0) shown.legal = legal;
  return shown;
}

const hasValue = (value: unknown): boolean =>
  value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * The card as a member of `company` shows it, computed whenever it shows (never copied onto the
 * card, so that every save of the template reaches every member card):
 * - a locked field is the company's, in Greek and in English: the company's English words, else
 *   none (the English card then transliterates the company's Greek), never the member's own, stored
 *   before joining or since;
 * - a default shows wherever the member has no value of their own in either language, with its
 *   English words; a member's own value, Greek or English, keeps the field theirs;
 * - locked links come before the member's own (at most MAX_LINKS in all); default links show on a
 *   card with none of its own;
 * - the company itself (cardCompany);
 * - a team's entry (`teamOverrides`) in place of the template's, for its members' cards.
 */
export function applyCompany<P extends Profile>(
  profile: P,
  company: CompanySource,
): CompanyProfile<P> {
  const template = { ...company.template, ...company.teamOverrides };
  const shown: CompanyProfile<P> = { ...profile, company: cardCompany(company) };
  for (const field of TEMPLATE_FIELDS) {
    if (field === 'links') {
      const entry = template.links;
      if (!entry) continue;
      const own = profile.links ?? [];
      const links = entry.locked ? [...entry.value, ...own] : hasValue(own) ? own : entry.value;
      shown.links = links.slice(0, MAX_LINKS).map((link) => ({ ...link }));
      continue;
    }
    const entry = template[field];
    if (!entry) continue;
    const english = englishTwin(field);
    const own = hasValue(profile[field]) || (english !== undefined && hasValue(profile[english]));
    if (own && !entry.locked) continue;
    shown[field] = entry.value;
    if (english === undefined) continue;
    if (entry.valueEn) shown[english] = entry.valueEn;
    else delete shown[english];
  }
  return shown;
}
