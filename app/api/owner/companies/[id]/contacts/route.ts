import { companyParam } from '@/server/company/auth';
import { companyLeads, companyLeadsCsv } from '@/server/company/leads';
import { answer } from '@/server/owner/respond';
import { ownerRoute } from '@/server/owner/route';

// The company's leads, for its admins: JSON, or CSV with ?format=csv.
export const dynamic = 'force-dynamic';

export const GET = ownerRoute('id', companyParam, async (request, owner, id) => {
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
