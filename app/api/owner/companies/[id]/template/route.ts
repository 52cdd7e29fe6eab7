import { companyParam } from '@/server/company/auth';
import { readTemplateBody, saveTemplate } from '@/server/company/template';
import { verifyOwner } from '@/server/owner/auth';
import { answer, answering } from '@/server/owner/respond';

// The company's template (and logo), saved by an admin and fanned out to every member's card.
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export function PUT(request: Request, { params }: Context) {
  return answering(async () => {
    const owner = await verifyOwner(request);
    const id = companyParam((await params).id);
    return answer(200, await saveTemplate(owner, id, await readTemplateBody(request)));
  });
}
