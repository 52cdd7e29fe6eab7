// SCIM /Groups (RFC 7643 §4.2, RFC 7644 §3): the company's teams (server/company/teams.ts, the
// same functions the console's routes call). A group's members are directory users (their SCIM
// ids), each a member card; members the console put in a team without a directory user are not
// the directory's to see or to take out. PATCH as Entra ID and Okta send it (patch.ts), filters by
// `scim2-parse-filter` over the company's teams, which are few.
import 'server-only';
import type { ScimResource } from 'scim-patch';
import { parse, filter as compile, type Filter } from 'scim2-parse-filter';
import { SCIM_SCHEMAS, scimBaseUrl } from '../../lib/scim';
import type { Team } from '../../lib/teams';
import {
  changeTeamMembers,
  companyGuard,
  createTeam,
  deleteTeam,
  getTeam,
  listTeams,
  updateTeam,
} from '../company/teams';
import { OwnerError } from '../owner/respond';
import type { ScimContext } from './context';
import { ScimError, readScimJson, scimJson, scimList } from './errors';
import { applyPatch } from './patch';
import { projection } from './users-query';
import { directoryUserCard } from './users-store';

type Resource = Record<string, unknown>;
interface GroupMember {
  value: string;
}

const groupLocation = (id: string) => `${scimBaseUrl()}/Groups/${id}`;

/** The team as a SCIM Group: its directory members only. */
function groupResource(team: Team): Resource {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: team.id,
    ...(team.externalId ? { externalId: team.externalId } : {}),
    displayName: team.displayName,
    members: team.members.flatMap(({ directoryUserId, username }) =>
      directoryUserId
        ? [
            {
              value: directoryUserId,
              $ref: `${scimBaseUrl()}/Users/${directoryUserId}`,
              display: username,
            },
          ]
        : [],
    ),
    meta: {
      resourceType: 'Group',
      created: team.created,
      lastModified: team.lastModified,
      location: groupLocation(team.id),
    },
  };
}

const NOT_FOUND = new ScimError(404, 'No such group.');

/** A refusal of the teams' functions as SCIM words it. */
function asScim(error: unknown): unknown {
  if (!(error instanceof OwnerError)) return error;
  if (error.status === 404) return NOT_FOUND;
  if (error.status === 400) return new ScimError(400, error.body.error, 'invalidValue');
  return new ScimError(error.status, error.body.error);
}

/** The group as scim-patch takes it: its types want meta's times as Dates, which it never reads. */
const patchable = (current: Team) => groupResource(current) as unknown as ScimResource & Resource;

async function team(ctx: ScimContext, id: string): Promise<Team> {
  const found = await getTeam(ctx.companyId, id);
  if (!found) throw NOT_FOUND;
  return found;
}

/** The strings a filter compares, displayName's in lower case (RFC 7643: not case-exact). */
function lowerDisplayName(f: Filter): Filter {
  if (f.op === 'and' || f.op === 'or') return { ...f, filters: f.filters.map(lowerDisplayName) };
  if (f.op === 'not') return { ...f, filter: lowerDisplayName(f.filter) };
  if ('compValue' in f && typeof f.compValue === 'string' && /^displayname$/i.test(f.attrPath)) {
    return { ...f, attrPath: 'displayName', compValue: f.compValue.toLowerCase() } as Filter;
  }
  return f;
}

function matcher(text: string | null): (resource: Resource) => boolean {
  if (!text) return () => true;
  let test: (resource: Resource) => boolean;
  try {
    test = compile(lowerDisplayName(parse(text)));
  } catch {
    throw new ScimError(400, 'The filter is not valid.', 'invalidFilter');
  }
  return (resource) =>
    test({ ...resource, displayName: String(resource.displayName).toLowerCase() });
}

/** GET /Groups: `filter` (displayName, externalId, members.value…), `startIndex`, `count`. */
async function listGroups(ctx: ScimContext, url: URL): Promise<Response> {
  const params = url.searchParams;
  const matches = matcher(params.get('filter'));
  const all = (await listTeams(ctx.companyId)).map(groupResource).filter(matches);
  const start = Math.max(1, Number.parseInt(params.get('startIndex') ?? '1', 10) || 1);
  const count = Math.max(0, Number.parseInt(params.get('count') ?? `${all.length}`, 10) || 0);
  const page = all.slice(start - 1, start - 1 + count).map(projection(url));
  return scimList(page, all.length, start);
}

/** The card usernames of these directory users: 400 invalidValue naming one that is none. */
async function cardsOf(ctx: ScimContext, ids: readonly string[]): Promise<string[]> {
  return Promise.all(
    ids.map(async (id) => {
      const username = /^[0-9a-f]{32}$/.test(id)
        ? await directoryUserCard(ctx.companyId, id)
        : null;
      if (!username) throw new ScimError(400, `No user ${id} in this directory.`, 'invalidValue');
      return username;
    }),
  );
}

function membersOf(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) throw new ScimError(400, 'members must be a list.', 'invalidValue');
  return [
    ...new Set(
      raw.map((member: unknown) => {
        const value = (member as Partial<GroupMember> | null)?.value;
        if (typeof value !== 'string') {
          throw new ScimError(400, 'Each member needs a value.', 'invalidValue');
        }
        return value;
      }),
    ),
  ];
}

/** A group's name, directory id and members as a body (or a patched resource) holds them. */
function groupFields(body: unknown): {
  displayName: unknown;
  externalId?: string | null;
  members?: string[];
} {
  const fields = Object.fromEntries(
    Object.entries((body ?? {}) as Resource).map(([key, value]) => [key.toLowerCase(), value]),
  );
  const externalId = fields.externalid;
  if (externalId !== undefined && externalId !== null && typeof externalId !== 'string') {
    throw new ScimError(400, 'externalId must be a string.', 'invalidValue');
  }
  return {
    displayName: fields.displayname,
    ...(externalId === undefined ? {} : { externalId: (externalId as string | null) || null }),
    members: membersOf(fields.members),
  };
}

/**
 * The team's directory members made `wanted` (SCIM ids): the others the directory gave it leave,
 * members without a directory user stay.
 */
async function setDirectoryMembers(ctx: ScimContext, current: Team, wanted: string[]) {
  const had = new Map(
    current.members.flatMap(({ directoryUserId, username }) =>
      directoryUserId ? [[directoryUserId, username] as const] : [],
    ),
  );
  const adding = wanted.filter((id) => !had.has(id));
  const keep = new Set(wanted);
  const remove = [...had].filter(([id]) => !keep.has(id)).map(([, username]) => username);
  const add = await cardsOf(ctx, adding);
  if (add.length + remove.length === 0) return;
  await changeTeamMembers(ctx.companyId, current.id, companyGuard(ctx.companyId), { add, remove });
}

async function createGroup(ctx: ScimContext, body: unknown): Promise<Response> {
  const fields = groupFields(body);
  const add = await cardsOf(ctx, fields.members ?? []);
  const guard = companyGuard(ctx.companyId);
  const id = await createTeam(ctx.companyId, guard, {
    displayName: fields.displayName,
    ...(fields.externalId ? { externalId: fields.externalId } : {}),
  });
  if (add.length > 0) await changeTeamMembers(ctx.companyId, id, guard, { add });
  const created = groupResource(await team(ctx, id));
  return scimJson(201, created, { location: groupLocation(id) });
}

/** PUT (a replace: without `members`, they stay, as no directory empties a team by omission) or PATCH. */
async function writeGroup(
  ctx: ScimContext,
  id: string,
  body: unknown,
  kind: 'replace' | 'patch',
): Promise<Response> {
  const current = await team(ctx, id);
  const fields = groupFields(kind === 'patch' ? applyPatch(patchable(current), body) : body);
  // scim-patch drops an attribute whose last value a patch removes.
  if (kind === 'patch') fields.members ??= [];
  const externalId =
    fields.externalId !== undefined && fields.externalId !== (current.externalId ?? null)
      ? { externalId: fields.externalId }
      : {};
  if (fields.displayName !== current.displayName || 'externalId' in externalId) {
    await updateTeam(ctx.companyId, id, companyGuard(ctx.companyId), {
      displayName: fields.displayName,
      ...externalId,
    });
  }
  if (fields.members) await setDirectoryMembers(ctx, current, fields.members);
  return scimJson(200, groupResource(await team(ctx, id)));
}

export async function handleGroups(
  request: Request,
  ctx: ScimContext,
  rest: string[],
): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  try {
    if (rest.length === 0) {
      if (method === 'GET') return await listGroups(ctx, url);
      if (method === 'POST') return await createGroup(ctx, await readScimJson(request));
      throw new ScimError(405, `${method} is not allowed on /Groups.`);
    }
    const [id] = rest;
    if (rest.length > 1 || !/^[A-Za-z0-9]{1,64}$/.test(id)) throw NOT_FOUND;
    switch (method) {
      case 'GET':
        return scimJson(200, projection(url)(groupResource(await team(ctx, id))));
      case 'PUT':
        return await writeGroup(ctx, id, await readScimJson(request), 'replace');
      case 'PATCH':
        return await writeGroup(ctx, id, await readScimJson(request), 'patch');
      case 'DELETE':
        await deleteTeam(ctx.companyId, id, companyGuard(ctx.companyId));
        return scimJson(204);
      default:
        throw new ScimError(405, `${method} is not allowed on a Group.`);
    }
  } catch (error) {
    throw asScim(error);
  }
}
