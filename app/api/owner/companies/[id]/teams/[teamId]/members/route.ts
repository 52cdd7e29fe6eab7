import { teamWriteRoute } from '@/server/company/team-route';
import { changeTeamMembers, membersBody } from '@/server/company/teams';
import { readJson } from '@/server/owner/body';

// A team's members, all of them: `{ usernames }` (member cards; one joining leaves its former
// team). Admins only; 404 `no-team`, 400 `usernames` naming a card not the company's.
export const dynamic = 'force-dynamic';

export const PUT = teamWriteRoute(async (request, { company, teamId, guard }) => {
  await changeTeamMembers(company, teamId, guard, { set: membersBody(await readJson(request)) });
});
