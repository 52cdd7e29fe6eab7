import { companyParam, docParam } from '@/server/company/auth';
import { forwardParam, removeMember, setForwarding, setRole } from '@/server/company/members';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { answer, answering } from '@/server/owner/respond';

// A member's role (an admin's change), removal (an admin's, with an optional `forwardTo`: the
// colleague's card the old one forwards to) or leaving (one's own uid), and, once removed, where
// their card forwards (PATCH `{ forwardTo }`, null to switch it off).
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string; uid: string }>;
}

export function PUT(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, uid } = await params;
    await setRole(owner, companyParam(id), docParam(uid, 'no-member'), await readJson(request));
    return answer(200, { ok: true });
  });
}

/** The request's `forwardTo`: `?forwardTo=`, else the JSON body's, when it has one. */
async function forwardTo(request: Request): Promise<string | null> {
  const query = new URL(request.url).searchParams.get('forwardTo');
  const json = (request.headers.get('content-type') ?? '').includes('json');
  return forwardParam(query, query === null && json ? await readJson(request) : null);
}

export function DELETE(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, uid } = await params;
    const member = docParam(uid, 'no-member');
    await removeMember(owner, companyParam(id), member, await forwardTo(request));
    return answer(200, { ok: true });
  });
}

export function PATCH(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const { id, uid } = await params;
    const member = docParam(uid, 'no-member');
    await setForwarding(owner, companyParam(id), member, await forwardTo(request));
    return answer(200, { ok: true });
  });
}
