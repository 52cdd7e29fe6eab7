import { companyParam, docParam } from '@/server/company/auth';
import { adminGuard, deleteTeam, teamBody, updateTeam } from '@/server/company/teams';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { answer, answering } from '@/server/owner/respond';

// A team's name and overrides (`{ displayName?, overrides? }`), or its deletion (its members'
// cards then show the template); admins only, 404 `no-team`.
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string; teamId: string }>;
}

export function PUT(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, teamId } = await params;
    const company = companyParam(id);
    const body = teamBody(await readJson(request));
    await updateTeam(company, docParam(teamId, 'no-team'), adminGuard(owner, company), body);
    return answer(200, { ok: true });
  });
}

export function DELETE(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, teamId } = await params;
    const company = companyParam(id);
    await deleteTeam(company, docParam(teamId, 'no-team'), adminGuard(owner, company));
    return answer(200, { ok: true });
  });
}
