import { companyParam } from '@/server/company/auth';
import { companyLeads, companyLeadsCsv } from '@/server/company/leads';
import { verifyOwner } from '@/server/owner/auth';
import { answer, answering } from '@/server/owner/respond';

// The company's leads, for its admins: JSON, or CSV with ?format=csv.
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export function GET(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const id = companyParam((await params).id);
    const leads = await companyLeads(owner, id);
    if (new URL(request.url).searchParams.get('format') !== 'csv') {
      return answer(200, { contacts: leads });
    }
    return new Response(companyLeadsCsv(leads), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="karta-${encodeURIComponent(id)}-epafes.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
}
