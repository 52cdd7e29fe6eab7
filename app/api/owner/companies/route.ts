import { createCompany } from '@/server/company/company';
import { verifyOwner } from '@/server/owner/auth';
import { readJson } from '@/server/owner/body';
import { answer, answering } from '@/server/owner/respond';

// Creating a company: { name }, with the owner's Firebase ID token (docs/companies.md).
export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const id = await createCompany(owner, await readJson(request));
    return answer(201, { id });
  });
}
