import { companyParam } from '@/server/company/auth';
import { readInviteRows, sendInvites } from '@/server/company/invites';
import { verifyOwner } from '@/server/owner/auth';
import { answer, answering } from '@/server/owner/respond';

// An admin invites addresses: a JSON list or a CSV file; bad rows are reported by line.
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export function POST(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const id = companyParam((await params).id);
    return answer(201, await sendInvites(owner, id, await readInviteRows(request)));
  });
}
