import { acceptInvite, readInvite } from '@/server/company/accept';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { answer, answering } from '@/server/owner/respond';

// An invitation's link: what it invites to (the token is its secret), and accepting it with the
// invited address's verified account.
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ token: string }>;
}

export function GET(_request: Request, { params }: Context) {
  return answering(async () => answer(200, await readInvite((await params).token)));
}

export function POST(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { token } = await params;
    const username = await acceptInvite(owner, token, await readJson(request));
    return answer(200, { username });
  });
}
