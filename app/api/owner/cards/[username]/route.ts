import { verifyOwner } from '@/server/owner/auth';
import { readEdit } from '@/server/owner/body';
import { eraseCard, saveCard } from '@/server/owner/card';
import { answer, answering, cardParam } from '@/server/owner/respond';

// The owner's card: an edit (with its photo) and the erasure, with their Firebase ID token.
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ username: string }>;
}

export function PATCH(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const username = cardParam((await params).username);
    await saveCard(owner, username, await readEdit(request));
    return answer(200, { ok: true });
  });
}

export function DELETE(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    await eraseCard(owner, cardParam((await params).username));
    return answer(200, { ok: true });
  });
}
