import { teamWriteRoute } from '@/server/company/team-route';
import { deleteTeam, teamBody, updateTeam } from '@/server/company/teams';
import { readJson } from '@/server/owner/body';

// A team's name and overrides (`{ displayName?, overrides? }`), or its deletion (its members'
// cards then show the template); admins only, 404 `no-team`.
export const dynamic = 'force-dynamic';

export const PUT = teamWriteRoute(async (request, { company, teamId, guard }) => {
  await updateTeam(company, teamId, guard, teamBody(await readJson(request)));
});

export const DELETE = teamWriteRoute(async (_request, { company, teamId, guard }) => {
  await deleteTeam(company, teamId, guard);
});
