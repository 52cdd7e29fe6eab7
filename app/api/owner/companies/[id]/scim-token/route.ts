import { companyParam } from '@/server/company/auth';
import { answer } from '@/server/owner/respond';
import { ownerRoute } from '@/server/owner/route';
import { issueScimToken, revokeScimToken } from '@/server/scim/token';

// The company's SCIM token: POST makes one (shown this once; it replaces any earlier one), DELETE
// revokes it. Admins only.
export const dynamic = 'force-dynamic';

export const POST = ownerRoute('id', companyParam, async (_request, owner, id) =>
  answer(201, { token: await issueScimToken(owner, id) }),
);

export const DELETE = ownerRoute('id', companyParam, async (_request, owner, id) => {
  await revokeScimToken(owner, id);
  return answer(200, { ok: true });
});
