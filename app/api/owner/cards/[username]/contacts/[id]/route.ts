import { assertMayDeleteLead } from '@/server/company/lead-delete';
import { verifyOwner } from '@/server/owner/auth';
import { deleteContact } from '@/server/owner/contacts';
import { answer, answering, cardParam } from '@/server/owner/respond';

// The owner deletes one contact left on their card, with their Firebase ID token; a company's lead
// only if they are one of its admins.
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
