import { companyParam } from '@/server/company/auth';
import { readLeadAlert, setLeadAlert } from '@/server/company/lead-alert';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { answer, answering } from '@/server/owner/respond';

// The admin's own alert of the company's new leads: `{ alert }`, read and set.
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export function GET(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const alert = await readLeadAlert(owner, companyParam((await params).id));
    return answer(200, { alert });
  });
}

export function PUT(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const id = companyParam((await params).id);
    return answer(200, { alert: await setLeadAlert(owner, id, await readJson(request)) });
  });
}
