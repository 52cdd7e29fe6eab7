// A company's teams (lib/teams.ts), written for the console (app/api/owner/companies/[id]/teams,
// admins only) and for the directory (server/scim/groups.ts) by the same functions. A team's
// overrides are never copied onto a card: a change of them stamps the team's updatedAt (part of
// each member card's version) and regenerates exactly its members' cards (team-fan-out.ts). A
// member joining, moving or leaving a team is a write of its card (`teamId`), revalidated as any
// company write of a card is; deleting a team takes it off its members' cards in the same
// transaction, so they fall back to the template.
import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  COMPANY_FIELD,
  DIRECTORY_USER_FIELD,
  OFF_FIELD,
  TEAM_EXTERNAL_ID_FIELD,
  TEAM_FIELD,
  TEAM_NAME_FIELD,
  TEAM_OVERRIDES_FIELD,
  TEAM_UPDATED_FIELD,
  cardPath,
  companyCardsQuery,
  teamCardsQuery,
  teamPath,
  teamsPath,
} from '../../lib/collections';
import {
  TEAM_MESSAGES,
  normaliseTeamOverrides,
  parseTeamOverrides,
  teamNameProblem,
  type Team,
  type TeamCandidate,
  type TeamMember,
  type TeamOverrides,
} from '../../lib/teams';
import { isValidUsername } from '../../lib/username';
import { cardChanged } from '../card-stamp';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { OwnerError, badField } from '../owner/respond';
import { chargeOwnerWrite } from '../owner/write-limit';
import { assertAdmin, assertVerified, readCompany } from './auth';
import { fanOutTeam, revalidateInParts } from '../revalidation/team-fan-out';

/** Cards one request may move into or out of a team: a transaction writes at most 500 documents. */
export const MAX_TEAM_CHANGES = 400;

/**
 * Checks made inside each write's transaction: an admin's, or the directory's token's company.
 * `check` reads first; `charge`, after the write's own reads, may write.
 */
export interface TeamGuard {
  check(tx: Transaction): Promise<void>;
  charge?(tx: Transaction): Promise<void>;
}

/** A write of the company's admin `owner`: verified, an admin, and counted among their writes. */
export function adminGuard(owner: Owner, id: string, now = Date.now()): TeamGuard {
  assertVerified(owner);
  return {
    check: async (tx) => assertAdmin(await readCompany(tx, id), owner),
    charge: (tx) => chargeOwnerWrite(tx, owner.uid, now),
  };
}

/** The directory's write: its company must still exist. */
export const companyGuard = (id: string): TeamGuard => ({
  check: async (tx) => {
    await readCompany(tx, id);
  },
});

/** A team's name and overrides as a write gives them; the absent ones are left as they are. */
export interface TeamChanges {
  displayName?: unknown;
  /** The directory's id of the group; null removes it. */
  externalId?: string | null;
  overrides?: unknown;
}

interface JudgedChanges {
  displayName?: string;
  externalId?: string | null;
  overrides?: TeamOverrides;
}

/** The changes judged (lib/teams.ts), or a 400 naming the field. */
function judge(changes: TeamChanges): JudgedChanges {
  const judged: JudgedChanges = {};
  if (changes.displayName !== undefined) {
    const problem = teamNameProblem(changes.displayName);
    if (problem) throw badField('displayName', problem);
    judged.displayName = (changes.displayName as string).trim();
  }
  if (changes.externalId !== undefined) judged.externalId = changes.externalId;
  if (changes.overrides !== undefined) {
    const parsed = parseTeamOverrides(changes.overrides);
    if (!parsed.ok) throw badField(parsed.field, parsed.error);
    judged.overrides = parsed.overrides;
  }
  return judged;
}

function teamOf(doc: DocumentSnapshot, members: TeamMember[]): Team {
  const externalId: unknown = doc.get(TEAM_EXTERNAL_ID_FIELD);
  return {
    id: doc.id,
    displayName: String(doc.get(TEAM_NAME_FIELD) ?? ''),
    ...(typeof externalId === 'string' ? { externalId } : {}),
    overrides: normaliseTeamOverrides(doc.get(TEAM_OVERRIDES_FIELD)),
    members,
    created: (doc.createTime ?? Timestamp.now()).toDate().toISOString(),
    lastModified: (doc.updateTime ?? Timestamp.now()).toDate().toISOString(),
  };
}

/** Each team's member cards, by team id, in username order. */
async function membersByTeam(id: string, teamId?: string): Promise<Map<string, TeamMember[]>> {
  const db = adminDb();
  const query = teamId ? teamCardsQuery(db, id, teamId) : companyCardsQuery(db, id);
  const cards = await query.select(TEAM_FIELD, DIRECTORY_USER_FIELD).get();
  const byTeam = new Map<string, TeamMember[]>();
  for (const card of cards.docs) {
    const team: unknown = card.get(TEAM_FIELD);
    if (typeof team !== 'string') continue;
    const directoryUserId: unknown = card.get(DIRECTORY_USER_FIELD);
    const member: TeamMember = {
      username: card.id,
      ...(typeof directoryUserId === 'string' ? { directoryUserId } : {}),
    };
    byTeam.set(team, [...(byTeam.get(team) ?? []), member]);
  }
  return byTeam;
}

/** The company's teams, with their members, by name. */
export async function listTeams(id: string): Promise<Team[]> {
  const [teams, members] = await Promise.all([
    adminDb().collection(teamsPath(id)).get(),
    membersByTeam(id),
  ]);
  return teams.docs
    .map((doc) => teamOf(doc, members.get(doc.id) ?? []))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'el'));
}

/** The company's live cards a team may take, by username, with their names (the console's list). */
export async function teamCandidates(id: string): Promise<TeamCandidate[]> {
  const cards = await companyCardsQuery(adminDb(), id)
    .select('firstName', 'lastName', OFF_FIELD)
    .get();
  return cards.docs
    .filter((card) => card.get(OFF_FIELD) === undefined)
    .map((card) => ({
      username: card.id,
      name: [card.get('firstName'), card.get('lastName')]
        .filter((part): part is string => typeof part === 'string' && part !== '')
        .join(' '),
    }))
    .sort((a, b) => a.username.localeCompare(b.username));
}

/** One team with its members, or null. */
export async function getTeam(id: string, teamId: string): Promise<Team | null> {
  const [doc, members] = await Promise.all([
    adminDb().doc(teamPath(id, teamId)).get(),
    membersByTeam(id, teamId),
  ]);
  return doc.exists ? teamOf(doc, members.get(teamId) ?? []) : null;
}

/** A new team (no members yet): its id. */
export async function createTeam(
  id: string,
  guard: TeamGuard,
  changes: TeamChanges,
): Promise<string> {
  const judged = judge({ overrides: {}, ...changes });
  if (judged.displayName === undefined) throw badField('displayName', TEAM_MESSAGES.name);
  const db = adminDb();
  const ref = db.collection(teamsPath(id)).doc();
  await db.runTransaction(async (tx) => {
    await guard.check(tx);
    await guard.charge?.(tx);
    tx.create(ref, {
      [TEAM_NAME_FIELD]: judged.displayName,
      ...(judged.externalId ? { [TEAM_EXTERNAL_ID_FIELD]: judged.externalId } : {}),
      [TEAM_OVERRIDES_FIELD]: judged.overrides,
      [TEAM_UPDATED_FIELD]: FieldValue.serverTimestamp(),
    });
  });
  return ref.id;
}

const noTeam = () => new OwnerError(404, { error: 'no-team' });

/** The team as `tx` reads it, after the guard's checks; 404 `no-team` without it. */
async function readTeam(
  tx: Transaction,
  guard: TeamGuard,
  ref: DocumentReference,
): Promise<DocumentSnapshot> {
  await guard.check(tx);
  const team = await tx.get(ref);
  if (!team.exists) throw noTeam();
  return team;
}

/** A 400 naming a card that is not one of the company's: the directory's invalidValue. */
export const notCompanyCard = (username: string) =>
  badField('usernames', `Η κάρτα «${username}» δεν είναι της εταιρείας`);

/**
 * Changes a team's name, directory id or overrides. A change of its overrides is a new version of
 * each member card, regenerated now (the daemon follows the team's updatedAt for a server that
 * did not finish).
 */
export async function updateTeam(
  id: string,
  teamId: string,
  guard: TeamGuard,
  changes: TeamChanges,
): Promise<void> {
  const judged = judge(changes);
  const db = adminDb();
  const ref = db.doc(teamPath(id, teamId));
  const overridden = await db.runTransaction(async (tx) => {
    const team = await readTeam(tx, guard, ref);
    const update: Record<string, unknown> = {};
    if (judged.displayName !== undefined) update[TEAM_NAME_FIELD] = judged.displayName;
    if (judged.externalId !== undefined) {
      update[TEAM_EXTERNAL_ID_FIELD] = judged.externalId ?? FieldValue.delete();
    }
    const before = normaliseTeamOverrides(team.get(TEAM_OVERRIDES_FIELD));
    const changed = judged.overrides !== undefined && !isDeepStrictEqual(before, judged.overrides);
    if (changed) {
      update[TEAM_OVERRIDES_FIELD] = judged.overrides;
      update[TEAM_UPDATED_FIELD] = FieldValue.serverTimestamp();
    }
    await guard.charge?.(tx);
    if (Object.keys(update).length > 0) tx.update(ref, update);
    return changed;
  });
  if (overridden) await fanOutTeam(id, teamId);
}

/** Deletes a team: its members' cards leave it in the same transaction, and show the template. */
export async function deleteTeam(id: string, teamId: string, guard: TeamGuard): Promise<void> {
  const db = adminDb();
  const ref = db.doc(teamPath(id, teamId));
  const usernames = await db.runTransaction(async (tx) => {
    await readTeam(tx, guard, ref);
    const cards = await tx.get(teamCardsQuery(db, id, teamId).limit(MAX_TEAM_CHANGES));
    await guard.charge?.(tx);
    for (const card of cards.docs) {
      tx.update(card.ref, { [TEAM_FIELD]: FieldValue.delete(), ...cardChanged() });
    }
    // A team larger than one transaction keeps its document until its last cards have left.
    if (cards.size < MAX_TEAM_CHANGES) tx.delete(ref);
    return cards.docs.map((card) => card.id);
  });
  await revalidateInParts(usernames);
  if (usernames.length === MAX_TEAM_CHANGES) await deleteTeam(id, teamId, guard);
}

/** What a change of a team's members does: cards that join it, and cards that leave it. */
export interface MemberChanges {
  add?: readonly string[];
  remove?: readonly string[];
  /** The team's members are then exactly these (add and remove are then ignored). */
  set?: readonly string[];
}

/**
 * Moves member cards (by username) into or out of a team: a card joining leaves its former team;
 * 400 `usernames` naming a card that is not one of the company's. The cards written are
 * revalidated.
 */
export async function changeTeamMembers(
  id: string,
  teamId: string,
  guard: TeamGuard,
  changes: MemberChanges,
): Promise<void> {
  const db = adminDb();
  const ref = db.doc(teamPath(id, teamId));
  const written = await db.runTransaction(async (tx) => {
    await readTeam(tx, guard, ref);
    let add = [...new Set(changes.add ?? [])];
    let remove = [...new Set(changes.remove ?? [])];
    if (changes.set) {
      const wanted = new Set(changes.set);
      const now = await tx.get(teamCardsQuery(db, id, teamId).select());
      const current = new Set(now.docs.map((card) => card.id));
      add = [...wanted].filter((username) => !current.has(username));
      remove = [...current].filter((username) => !wanted.has(username));
    }
    if (add.length + remove.length > MAX_TEAM_CHANGES) {
      throw badField('usernames', `Έως ${MAX_TEAM_CHANGES} αλλαγές μελών τη φορά`);
    }
    const strange = add.find((username) => !isValidUsername(username));
    if (strange !== undefined) throw notCompanyCard(strange);
    const refs = [...add, ...remove]
      .filter(isValidUsername)
      .map((username) => db.doc(cardPath(username)));
    const cards = refs.length > 0 ? await tx.getAll(...refs) : [];
    const ours = (card: DocumentSnapshot) => card.exists && card.get(COMPANY_FIELD) === id;
    const stranger = cards.slice(0, add.length).find((card) => !ours(card));
    if (stranger) throw notCompanyCard(stranger.id);
    const moving = cards.filter(
      (card, i) => ours(card) && i < add.length !== (card.get(TEAM_FIELD) === teamId),
    );
    await guard.charge?.(tx);
    for (const card of moving) {
      const joining = add.includes(card.id);
      tx.update(card.ref, {
        [TEAM_FIELD]: joining ? teamId : FieldValue.delete(),
        ...cardChanged(),
      });
    }
    const changed = moving.map((card) => card.id);
    return changed;
  });
  await revalidateInParts(written);
}

const objectOf = (raw: unknown): Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : {};

/** The console's `{ displayName?, overrides? }` (the directory's id is the directory's alone). */
export function teamBody(raw: unknown): TeamChanges {
  const { displayName, overrides } = objectOf(raw);
  return { displayName, overrides };
}

/** The console's `{ usernames }`: the team's members, all of them. */
export function membersBody(raw: unknown): string[] {
  const { usernames } = objectOf(raw);
  if (!Array.isArray(usernames) || usernames.some((u) => typeof u !== 'string')) {
    throw badField('usernames', 'Λείπει ο κατάλογος των μελών της ομάδας');
  }
  return usernames as string[];
}
