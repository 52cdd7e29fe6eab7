import { assertAdminReads, companyParam } from '@/server/company/auth';
import {
  adminGuard,
  createTeam,
  listTeams,
  teamBody,
  teamCandidates,
} from '@/server/company/teams';
import type { TeamsAnswer } from '@/lib/teams';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { answer, answering } from '@/server/owner/respond';

// The company's teams (admins only): `{ teams, cards }`, the teams with their members and the
// company's live cards a team may take, and a new one
// (`{ displayName, overrides }` → 201 `{ id }`).
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export function GET(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const id = companyParam((await params).id);
    await assertAdminReads(owner, id);
    const [teams, cards] = await Promise.all([listTeams(id), teamCandidates(id)]);
    return answer(200, { teams, cards } satisfies TeamsAnswer);
  });
}

export function POST(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const id = companyParam((await params).id);
    const body = teamBody(await readJson(request));
    return answer(201, { id: await createTeam(id, adminGuard(owner, id), body) });
  });
}
