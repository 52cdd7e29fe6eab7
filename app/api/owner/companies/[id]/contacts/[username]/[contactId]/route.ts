import { companyParam } from '@/server/company/auth';
import { changeCompanyLead, deleteCompanyLead } from '@/server/company/lead-delete';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { leadChangesParam } from '@/server/owner/lead-changes';
import { answer, answering, cardParam } from '@/server/owner/respond';

// An admin deletes one of the company's leads, the contact `contactId` left on its card `username`,
// or changes its workflow (`{ status?, note?, tags? }`, any of them; the answer holds all three as
// they then are).
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string; username: string; contactId: string }>;
}

export function DELETE(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, username, contactId } = await params;
    await deleteCompanyLead(owner, companyParam(id), cardParam(username), contactId);
    return answer(200, { ok: true });
  });
}

export function PATCH(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, username, contactId } = await params;
    const changes = leadChangesParam(await readJson(request));
    const workflow = await changeCompanyLead(
      owner,
      companyParam(id),
      cardParam(username),
      contactId,
      changes,
    );
    return answer(200, { ok: true, ...workflow });
  });
}
