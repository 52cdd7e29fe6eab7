import { companyParam } from '@/server/company/auth';
import { deleteCompanyLead, setCompanyLeadStatus } from '@/server/company/lead-delete';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { leadStatusParam } from '@/server/owner/lead-status';
import { answer, answering, cardParam } from '@/server/owner/respond';

// An admin deletes one of the company's leads, the contact `contactId` left on its card `username`,
// or sets where its follow-up stands (`{ status }`).
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
    const status = leadStatusParam(await readJson(request));
    await setCompanyLeadStatus(owner, companyParam(id), cardParam(username), contactId, status);
    return answer(200, { ok: true, status });
  });
}
