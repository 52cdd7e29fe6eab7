import { companyParam } from '@/server/company/auth';
import { readJson } from '@/server/owner/body';
import { answer } from '@/server/owner/respond';
import { ownerRoute } from '@/server/owner/route';
import { setDirectorySettings } from '@/server/scim/console';

// The directory's choices (`{ holdCardsUntilAccepted }`), for the company's admins.
export const dynamic = 'force-dynamic';

export const PUT = ownerRoute('id', companyParam, async (request, owner, id) => {
  await setDirectorySettings(owner, id, await readJson(request));
  return answer(200, { ok: true });
});
