import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { claimCard } from '@/server/owner/card';
import { answer, answering } from '@/server/owner/respond';

// The owner's claim of a card: { username, fields }, with their Firebase ID token (docs/owners.md).
export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    await claimCard(owner, await readJson(request));
    return answer(201, { ok: true });
  });
}
