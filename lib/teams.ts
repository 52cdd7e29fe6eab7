// A company's teams (its directory's groups): each a name and overrides, template entries laid
// over the company's template on its members' cards (lib/company.ts applyCompany), a branch's
// address and switchboard, say. A team's entry replaces the template's whole, lock included, so
// a branch's address shows on its members' cards even where the company locks its own. The
// company's name and legal details are the company's alone: a team cannot override them.
// Judged here for the console's form, the server's routes and SCIM Groups alike.
import { NO_CONTROL_CHARACTERS, TEXT_CONTROL_CHARACTER_MESSAGE } from './control-characters';
import {
  TEMPLATE_FIELDS,
  normaliseTemplate,
  parseTemplate,
  type CompanyTemplate,
  type TemplateField,
} from './company';
import type { FieldProblem } from './profile';

/** The template fields a team may override (a branch's own contact and look): all but the name. */
export type TeamField = Exclude<TemplateField, 'companyName'>;
export const TEAM_FIELDS: readonly TeamField[] = TEMPLATE_FIELDS.filter(
  (field): field is TeamField => field !== 'companyName',
);

export type TeamOverrides = Pick<CompanyTemplate, TeamField>;

export const TEAM_NAME_MAX = 100;

export const TEAM_MESSAGES = {
  name: 'Συμπληρώστε το όνομα της ομάδας',
  nameTooLong: `Έως ${TEAM_NAME_MAX} χαρακτήρες`,
  nameText: TEXT_CONTROL_CHARACTER_MESSAGE,
  notTeamField: 'Αυτό το πεδίο το ορίζει μόνο η εταιρεία, όχι η ομάδα',
} as const;

const isTeamField = (field: string): field is TeamField =>
  (TEAM_FIELDS as readonly string[]).includes(field);

/** Why `name` cannot be a team's name, in Greek, or null. */
export function teamNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return TEAM_MESSAGES.name;
  if ([...name.trim()].length > TEAM_NAME_MAX) return TEAM_MESSAGES.nameTooLong;
  if (!NO_CONTROL_CHARACTERS.test(name)) return TEAM_MESSAGES.nameText;
  return null;
}

/**
 * A team's overrides as a save sends them (the template's shape), judged by the template's rules
 * (parseTemplate); a field no team may set names `fields.<field>`.
 */
export function parseTeamOverrides(
  raw: unknown,
): { ok: true; overrides: TeamOverrides } | ({ ok: false } & FieldProblem) {
  const parsed = parseTemplate(raw);
  if (!parsed.ok) return parsed;
  const other = Object.keys(parsed.template).find((field) => !isTeamField(field));
  if (other !== undefined) {
    return { ok: false, field: `fields.${other}`, error: TEAM_MESSAGES.notTeamField };
  }
  return { ok: true, overrides: parsed.template };
}

/** A team's overrides as stored, whatever the document holds: what no team may set is dropped. */
export function normaliseTeamOverrides(raw: unknown): TeamOverrides {
  const template = normaliseTemplate(raw);
  const overrides: TeamOverrides = {};
  for (const field of TEAM_FIELDS) {
    if (template[field] !== undefined) Object.assign(overrides, { [field]: template[field] });
  }
  return overrides;
}

/** A member card of a team: its username, and its directory user (SCIM id) if it has one. */
export interface TeamMember {
  username: string;
  directoryUserId?: string;
}

/** A team as the console and SCIM show it. */
export interface Team {
  id: string;
  displayName: string;
  externalId?: string;
  overrides: TeamOverrides;
  /** Its member cards, by username. */
  members: TeamMember[];
  /** ISO times of the team's document: made, and last written. */
  created: string;
  lastModified: string;
}

/** A live card of the company, as the console offers it for a team. */
export interface TeamCandidate {
  username: string;
  name: string;
}

/** GET /api/owner/companies/{id}/teams. */
export interface TeamsAnswer {
  teams: Team[];
  cards: TeamCandidate[];
}
