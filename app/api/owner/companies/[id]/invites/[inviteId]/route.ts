import { companyParam, docParam } from '@/server/company/auth';
import { revokeInvite } from '@/server/company/invites';
import { verifyOwner } from '@/server/owner/auth';
import { answer, answering } from '@/server/owner/respond';

// An admin revokes an invitation: its link stops working.
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string; inviteId: string }>;
}

export function DELETE(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, inviteId } = await params;
    await revokeInvite(owner, companyParam(id), docParam(inviteId, 'no-invite'));
    return answer(200, { ok: true });
  });
}
