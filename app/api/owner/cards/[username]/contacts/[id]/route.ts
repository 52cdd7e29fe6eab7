import { assertMayDeleteLead } from '@/server/company/lead-delete';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { changeContact, deleteContact } from '@/server/owner/contacts';
import { leadChangesParam } from '@/server/owner/lead-changes';
import { answer, answering, cardParam } from '@/server/owner/respond';

// The owner deletes one contact left on their card, with their Firebase ID token (a company's lead
// only if they are one of its admins), or changes its workflow (`{ status?, note?, tags? }`, any of
// them; the answer holds all three as they then are).
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
    const changes = leadChangesParam(await readJson(request));
    const workflow = await changeContact(owner, cardParam(username), id, changes);
    return answer(200, { ok: true, ...workflow });
  });
}
