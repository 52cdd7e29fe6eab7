import { companyParam } from '@/server/company/auth';
import { readSignInSettings, removeSignInSettings, saveSignInSettings } from '@/server/sso/config';
import { readJson } from '@/server/owner/body';
import { answer } from '@/server/owner/respond';
import { ownerRoute } from '@/server/owner/route';

// The company's sign-in with its own account (server/sso/config.ts): admins only; the client
// secret is written, never read back. DELETE ends it and answers the empty setting.
export const dynamic = 'force-dynamic';

export const GET = ownerRoute('id', companyParam, async (_request, owner, id) =>
  answer(200, await readSignInSettings(owner, id)),
);

export const PUT = ownerRoute('id', companyParam, async (request, owner, id) =>
  answer(200, await saveSignInSettings(owner, id, await readJson(request))),
);

export const DELETE = ownerRoute('id', companyParam, async (_request, owner, id) =>
  answer(200, await removeSignInSettings(owner, id)),
);
