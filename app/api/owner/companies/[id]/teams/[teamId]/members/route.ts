import { companyParam, docParam } from '@/server/company/auth';
import { adminGuard, changeTeamMembers, membersBody } from '@/server/company/teams';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { answer, answering } from '@/server/owner/respond';

// A team's members, all of them: `{ usernames }` (member cards; one joining leaves its former
// team). Admins only; 404 `no-team`, 400 `usernames` naming a card not the company's.
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string; teamId: string }>;
}

export function PUT(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, teamId } = await params;
    const company = companyParam(id);
    const set = membersBody(await readJson(request));
    await changeTeamMembers(company, docParam(teamId, 'no-team'), adminGuard(owner, company), {
      set,
    });
    return answer(200, { ok: true });
  });
}
