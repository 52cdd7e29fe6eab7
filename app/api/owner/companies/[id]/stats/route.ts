import { companyParam } from '@/server/company/auth';
import { companyStats } from '@/server/company/stats';
import { answer } from '@/server/owner/respond';
import { ownerRoute } from '@/server/owner/route';

// The company's statistics per member and in all, for its admins.
export const dynamic = 'force-dynamic';

export const GET = ownerRoute('id', companyParam, async (_request, owner, id) =>
  answer(200, await companyStats(owner, id)),
);
