import { companyParam, docParam } from '@/server/company/auth';
import { removeMember, setRole } from '@/server/company/members';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { answer, answering } from '@/server/owner/respond';

// A member's role (an admin's change), and removal (an admin's) or leaving (one's own uid).
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string; uid: string }>;
}

export function PUT(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, uid } = await params;
    await setRole(owner, companyParam(id), docParam(uid, 'no-member'), await readJson(request));
    return answer(200, { ok: true });
  });
}

export function DELETE(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, uid } = await params;
    await removeMember(owner, companyParam(id), docParam(uid, 'no-member'));
    return answer(200, { ok: true });
  });
}
