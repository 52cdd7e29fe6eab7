import { assertMayDeleteLead } from '@/server/company/lead-delete';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { deleteContact, setContactStatus } from '@/server/owner/contacts';
import { answer, answering, cardParam } from '@/server/owner/respond';
import { leadStatusParam } from '@/server/owner/lead-status';

// The owner deletes one contact left on their card, with their Firebase ID token (a company's lead
// only if they are one of its admins), or sets where its follow-up stands (`{ status }`).
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ username: string; id: string }>;
}

export function DELETE(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { username, id } = await params;
    await deleteContact(owner, cardParam(username), id, assertMayDeleteLead);
    return answer(200, { ok: true });
  });
}

export function PATCH(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { username, id } = await params;
    const status = leadStatusParam(await readJson(request));
    await setContactStatus(owner, cardParam(username), id, status);
    return answer(200, { ok: true, status });
  });
}
