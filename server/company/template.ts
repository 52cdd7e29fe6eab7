// The template save: the fields judged by the card's own rules (lib/company.ts parseTemplate), the
// logo by server/company/logo.ts, then ONE write to the company (with its logo) and the fan-out
// to every member's card (server/revalidation/company-fan-out.ts). No card is written: each shows
// the template as it renders (applyCompany), which also tells which cards the save changes.
import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import {
  FieldValue,
  type DocumentSnapshot,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import {
  COMPANY_NAME_FIELD,
  LOGO_VERSION_FIELD,
  OFF_FIELD,
  TEMPLATE_AT_FIELD,
  TEAM_FIELD,
  TEAM_OVERRIDES_FIELD,
  TEMPLATE_FIELD,
  USERS_COLLECTION,
  companyLogoPath,
  companyPath,
  companyCardsQuery,
  teamsPath,
} from '../../lib/collections';
import {
  applyCompany,
  normaliseTemplate,
  parseTemplate,
  type CompanySource,
  type CompanyTemplate,
} from '../../lib/company';
import { normaliseTeamOverrides } from '../../lib/teams';
import type { TemplateAnswer } from '../../lib/company-answers';
import { normaliseProfile } from '../../lib/profile';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { isMultipart, parseForm, parseJson, readCapped } from '../owner/body';
import { badField } from '../owner/respond';
import { chargeOwnerWrite } from '../owner/write-limit';
import { readWithDeadline } from '../profile-store';
import { fanOutCompany } from '../revalidation/company-fan-out';
import { assertAdmin, assertVerified, memberUidsOf, readCompany } from './auth';
import { readLogo, type AcceptedLogo } from './logo';

export interface TemplateBody {
  fields: unknown;
  /** A new logo's file; null removes the logo; absent leaves it as it is. */
  logo?: File | null;
}

/** JSON `{ fields, logo?: null }`, or form data: a `fields` part (that JSON) and a `logo` file. */
export async function readTemplateBody(request: Request): Promise<TemplateBody> {
  const type = request.headers.get('content-type') ?? '';
  const bytes = await readCapped(request);
  if (!isMultipart(type)) {
    const body = parseJson(new TextDecoder().decode(bytes), 'body') as Record<
      string,
      unknown
    > | null;
    const logo = body?.logo;
    if (logo !== undefined && logo !== null)
      throw badField('logo', 'Το λογότυπο στέλνεται ως αρχείο');
    return { fields: body?.fields, ...(logo === null ? { logo: null } : {}) };
  }
  const form = await parseForm(bytes, type);
  const fields = form.get('fields');
  const logo = form.get('logo');
  if (typeof fields !== 'string') throw badField('fields', 'Λείπουν τα πεδία του προτύπου');
  if (typeof logo === 'string') throw badField('logo', 'Το λογότυπο στέλνεται ως αρχείο');
  return { fields: parseJson(fields, 'fields'), ...(logo ? { logo } : {}) };
}

/** The company as its member cards show it, from its document (the template as stored). */
function sourceOf(id: string, company: DocumentSnapshot): CompanySource {
  const logoVersion: unknown = company.get(LOGO_VERSION_FIELD);
  return {
    id,
    name: String(company.get(COMPANY_NAME_FIELD) ?? ''),
    template: normaliseTemplate(company.get(TEMPLATE_FIELD)),
    ...(typeof logoVersion === 'string' && logoVersion !== '' ? { logoVersion } : {}),
  };
}

/**
 * How many of the company's active member cards show otherwise with `after` than with `before`:
 * each card as it shows in both languages (applyCompany, English twins and the company included).
 */
function cardsChanged(
  cards: readonly QueryDocumentSnapshot[],
  before: CompanySource,
  after: CompanySource,
  teams: ReadonlyMap<string, CompanyTemplate>,
): number {
  let changed = 0;
  for (const card of cards) {
    if (card.get(OFF_FIELD) !== undefined) continue;
    const own = normaliseProfile(card.id, card.data());
    // A card's team's values stand over the template's, whatever the save.
    const teamId: unknown = card.get(TEAM_FIELD);
    const teamOverrides = typeof teamId === 'string' ? teams.get(teamId) : undefined;
    const [was, is] = [before, after].map((source) =>
      applyCompany(own, { ...source, teamOverrides }),
    );
    if (!isDeepStrictEqual(was, is)) changed++;
  }
  return changed;
}

/** The company's teams' overrides, by team id (lib/teams.ts). */
async function teamOverrides(id: string): Promise<Map<string, CompanyTemplate>> {
  const teams = await adminDb().collection(teamsPath(id)).get();
  return new Map(
    teams.docs.map((team) => [team.id, normaliseTeamOverrides(team.get(TEAM_OVERRIDES_FIELD))]),
  );
}

/**
 * Saves the template (and logo) of company `id`: the number of its active members, and of their
 * cards the save changes.
 */
export async function saveTemplate(
  owner: Owner,
  id: string,
  body: TemplateBody,
  now = Date.now(),
): Promise<TemplateAnswer> {
  assertVerified(owner);
  const parsed = parseTemplate(body.fields);
  if (!parsed.ok) throw badField(parsed.field, parsed.error);
  const upload: AcceptedLogo | undefined = body.logo ? await readLogo(body.logo) : undefined;

  const db = adminDb();
  const logo = db.doc(companyLogoPath(id));
  const { members, before } = await db.runTransaction(async (tx) => {
    const company = await readCompany(tx, id);
    assertAdmin(company, owner);
    await chargeOwnerWrite(tx, owner.uid, now);
    const update: Record<string, unknown> = {
      [TEMPLATE_FIELD]: parsed.template,
      [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
    };
    if (upload) {
      tx.set(logo, upload);
      update[LOGO_VERSION_FIELD] = upload.version;
    } else if (body.logo === null) {
      tx.delete(logo);
      update[LOGO_VERSION_FIELD] = FieldValue.delete();
    }
    tx.update(db.doc(companyPath(id)), update);
    return { members: memberUidsOf(company).length, before: sourceOf(id, company) };
  });
  const logoVersion = upload ? upload.version : body.logo === null ? undefined : before.logoVersion;
  const after: CompanySource = {
    id,
    name: before.name,
    template: parsed.template,
    ...(logoVersion ? { logoVersion } : {}),
  };
  // Read once, for the count and the fan-out. The save stands if the fan-out fails, or this read
  // (then answered with an error): the daemon follows the company's templateAt.
  const cards = await readWithDeadline(
    () => companyCardsQuery(db, id).get(),
    `${USERS_COLLECTION} of ${id}`,
  );
  await fanOutCompany(
    id,
    cards.docs.map((card) => card.id),
  ).catch((error: unknown) =>
    console.error(`Revalidating the cards of company ${id} after its template save failed:`, error),
  );
  const teams = await teamOverrides(id);
  return { members, changed: cardsChanged(cards.docs, before, after, teams) };
}
