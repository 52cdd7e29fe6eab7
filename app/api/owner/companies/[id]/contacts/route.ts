import { companyParam } from '@/server/company/auth';
import { companyLeads, companyLeadsCsv, companyLeadsXlsx } from '@/server/company/leads';
import { LEADS_FILE_TYPES, leadsFileFormat, leadsFileName } from '@/lib/leads-file';
import { answer } from '@/server/owner/respond';
import { ownerRoute } from '@/server/owner/route';

// The company's leads, for its admins: JSON, CSV with ?format=csv, Excel with ?format=xlsx.
export const dynamic = 'force-dynamic';

export const GET = ownerRoute('id', companyParam, async (request, owner, id) => {
  const leads = await companyLeads(owner, id);
  const format = leadsFileFormat(new URL(request.url).searchParams.get('format'));
  if (!format) return answer(200, { contacts: leads });
  const body = format === 'csv' ? companyLeadsCsv(leads) : await companyLeadsXlsx(leads);
  return new Response(body, {
    headers: {
      'content-type': LEADS_FILE_TYPES[format],
      'content-disposition': `attachment; filename="${leadsFileName(id, format)}"`,
      'cache-control': 'no-store',
    },
  });
});
