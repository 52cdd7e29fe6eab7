import { companyParam } from '@/server/company/auth';
import { answer } from '@/server/owner/respond';
import { ownerRoute } from '@/server/owner/route';
import { readDirectorySync } from '@/server/scim/console';

// The directory sync's state and its last requests, for the company's admins.
export const dynamic = 'force-dynamic';

export const GET = ownerRoute('id', companyParam, async (_request, owner, id) =>
  answer(200, await readDirectorySync(owner, id)),
);
