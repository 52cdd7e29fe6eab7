import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { answer, answering } from '@/server/owner/respond';
import { setNewContactMail } from '@/server/owner/settings';

// The owner's new-contact e-mails switch: { on }, with their Firebase ID token.
export const dynamic = 'force-dynamic';

export function PUT(request: Request) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    await setNewContactMail(owner, await readJson(request));
    return answer(200, { ok: true });
  });
}
