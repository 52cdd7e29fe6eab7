// A company: the template of card fields it sets on every member's card, each locked (the company's
// value, which the member cannot change) or a default (copied onto the card when its owner joins,
// theirs to change after), and the rules of its names, invitations and roles. The console's forms,
// karta's server and the card's rendering all judge a template here, with the card's own rules
// (lib/profile.ts, lib/card-links.ts) and messages.
import { MAX_LINKS, type CardLink } from './card-links';
import { NO_CONTROL_CHARACTERS, TEXT_CONTROL_CHARACTER_MESSAGE } from './control-characters';
import {
  cardValueProblem,
  linkProblemField,
  type CardChanges,
  type FieldProblem,
  type Profile,
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
type TemplateTextField = Exclude<TemplateField, 'links'>;

export interface TemplateEntry<T = string> {
  value: T;
  /** True: the company's value on every member's card. False: a default, copied on joining. */
  locked: boolean;
}

/** A template as stored in companies/{id} (`template`) and as a save sends it. */
export type CompanyTemplate = Partial<Record<TemplateTextField, TemplateEntry>> & {
  links?: TemplateEntry<CardLink[]>;
};

export const COMPANY_NAME_MAX = 100;

/** What the console marks a locked field with, in the member's editor. */
export const LOCKED_FIELD_NOTE = 'Ορίζεται από την εταιρεία';

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
  return null;
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
    if (!isTemplateField(field))
      return { ok: false, field: at, error: COMPANY_MESSAGES.unknownField };
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return { ok: false, field: at, error: COMPANY_MESSAGES.notEntry };
    }
    const { value, locked } = entry as Record<string, unknown>;
    if (
      typeof locked !== 'boolean' ||
      Object.keys(entry).some((k) => k !== 'value' && k !== 'locked')
    ) {
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
  }
  return { ok: true, template };
}

/** The template as stored, whatever the document holds: entries the card's rules refuse are dropped. */
export function normaliseTemplate(raw: unknown): CompanyTemplate {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const template: CompanyTemplate = {};
  for (const field of TEMPLATE_FIELDS) {
    let entry: unknown;
    try {
      entry = Object.prototype.hasOwnProperty.call(raw, field)
        ? (raw as Record<string, unknown>)[field]
        : undefined;
    } catch {
      continue;
    }
    if (typeof entry !== 'object' || entry === null) continue;
    const { value, locked } = entry as Record<string, unknown>;
    if (typeof locked !== 'boolean') continue;
    if (field === 'links') {
      const links = normaliseLinks(value);
      if (links.length > 0) template.links = { value: links, locked };
    } else if (typeof value === 'string' && cardValueProblem(field, value, '') === null) {
      template[field] = { value, locked };
    }
  }
  return template;
}

/** The fields the template locks. */
export function lockedFields(template: CompanyTemplate): TemplateField[] {
  return TEMPLATE_FIELDS.filter((field) => template[field]?.locked === true);
}

/**
 * The first field of a member's edit that the template locks, or null. The company's links are
 * shown before the member's own, which stay theirs to edit: `links` is never refused.
 */
export function lockedFieldIn(
  changes: CardChanges,
  template: CompanyTemplate,
): TemplateField | null {
  for (const field of lockedFields(template)) {
    if (field !== 'links' && Object.prototype.hasOwnProperty.call(changes, field)) return field;
  }
  return null;
}

/**
 * What joining writes onto a card: each default the card has no value of (`own`: the card's
 * stored fields; none for a new card). Locked values are not copied: the card shows the company's
 * as long as it is a member (applyCompany).
 */
export function joiningFields(
  template: CompanyTemplate,
  own: Partial<Record<TemplateField, unknown>> = {},
): CardChanges {
  const fields: CardChanges = {};
  for (const field of TEMPLATE_FIELDS) {
    const entry = template[field];
    if (!entry || entry.locked) continue;
    const mine = own[field];
    if (
      mine !== undefined &&
      mine !== null &&
      mine !== '' &&
      !(Array.isArray(mine) && mine.length === 0)
    ) {
      continue;
    }
    if (field === 'links') fields.links = (entry.value as CardLink[]).map((link) => ({ ...link }));
    else fields[field] = entry.value as string;
  }
  return fields;
}

/** What a member card shows of its company, beside the template's locked values. */
export interface CardCompany {
  /** companies/{id}: the document id. */
  id: string;
  /** The company's name (companies/{id} `name`). */
  name: string;
  /** The logo's version, when it has one: its path is lib/routes.ts logoPath(username, version). */
  logoVersion?: string;
  /** The template's website, locked or not: the switched-off page links to it. */
  websiteLink?: string;
}

/** A card as it shows: a member's carries its company. */
export type CompanyProfile<P extends Profile = Profile> = P & { company?: CardCompany };

/** A company as a card reads it: the server from companies/{id}, the console from its listener. */
export interface CompanySource {
  id: string;
  name: string;
  template: CompanyTemplate;
  logoVersion?: string;
}

/**
 * What a member card shows of its company: built here alone, for the card, the console's preview,
 * the passes and the e-mail signature.
 */
export function cardCompany({ id, name, template, logoVersion }: CompanySource): CardCompany {
  const shown: CardCompany = { id, name };
  if (logoVersion) shown.logoVersion = logoVersion;
  const websiteLink = template.websiteLink?.value;
  if (websiteLink) shown.websiteLink = websiteLink;
  return shown;
}

/**
 * The card as a member of `company` shows it: each locked value in place of the card's own, the
 * company's links before the card's own (at most MAX_LINKS in all), and the company itself.
 */
export function applyCompany<P extends Profile>(
  profile: P,
  company: CompanySource,
): CompanyProfile<P> {
  const template = company.template;
  const shown: CompanyProfile<P> = { ...profile, company: cardCompany(company) };
  for (const field of lockedFields(template)) {
    if (field === 'links') {
      const links = [...(template.links?.value ?? []), ...(profile.links ?? [])].slice(
        0,
        MAX_LINKS,
      );
      shown.links = links.map((link) => ({ ...link }));
    } else {
      shown[field] = template[field]?.value;
    }
  }
  return shown;
}
