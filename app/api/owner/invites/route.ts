import { acceptPending, pendingInvites } from '@/server/company/pending';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { answer, answering } from '@/server/owner/respond';

// The signed-in account's open invitations (to its verified address), and accepting one of them
// by its ids, without the mail's link.
export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return answering(async () =>
    answer(200, { invites: await pendingInvites(await verifyOwner(request)) }),
  );
}

export function POST(request: Request) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const username = await acceptPending(owner, await readJson(request));
    return answer(200, { username });
  });
}
