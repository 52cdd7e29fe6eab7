import { companyParam } from '@/server/company/auth';
import { companyStats } from '@/server/company/stats';
import { verifyOwner } from '@/server/owner/auth';
import { answer, answering } from '@/server/owner/respond';

// The company's statistics per member and in all, for its admins.
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export function GET(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    return answer(200, await companyStats(owner, companyParam((await params).id)));
  });
}
