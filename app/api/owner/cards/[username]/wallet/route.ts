import { verifyOwner } from '@/server/owner/auth';
import { answer, answering, cardParam } from '@/server/owner/respond';
import { ownerWalletLinks } from '@/server/wallet/owner-wallet';

// The owner's wallet links: the Apple pass's signed link and Google's save link, where configured.
export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: { params: Promise<{ username: string }> }) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const username = cardParam((await params).username);
    return answer(200, await ownerWalletLinks(owner, username));
  });
}
