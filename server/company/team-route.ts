import 'server-only';
import { verifyOwner } from '../owner/auth';
import { answer, answering } from '../owner/respond';
import { companyParam, docParam } from './auth';
import { adminGuard, type TeamGuard } from './teams';

/** The team a route's path names, and the guard of a write by its company's admin. */
export interface TeamTarget {
  company: string;
  teamId: string;
  guard: TeamGuard;
}

/**
 * The handler of an admin's write to the team `[id]/teams/[teamId]` names, answered `{ ok: true }`
 * once `write` is done. The path is judged before the body is read, so a caller who may not
 * write there learns nothing of what their body would have been refused for.
 */
export function teamWriteRoute(write: (request: Request, team: TeamTarget) => Promise<void>) {
  return (request: Request, { params }: { params: Promise<{ id: string; teamId: string }> }) =>
    answering(async () => {
      const owner = await verifyOwner(request);
      const { id, teamId } = await params;
      const company = companyParam(id);
      await write(request, {
        company,
        teamId: docParam(teamId, 'no-team'),
        guard: adminGuard(owner, company),
      });
      return answer(200, { ok: true });
    });
}
