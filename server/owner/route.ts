import 'server-only';
import { verifyOwner, type Owner } from './auth';
import { answering } from './respond';

/**
 * The handler of an owner endpoint on one thing its path names (`segment`, e.g. a company's
 * `[id]`): the owner's token verified first, then the segment read by `parse` (a name nothing
 * could have is the refusal `parse` throws), then `work`, answered as every owner endpoint answers.
 */
export function ownerRoute<Segment extends string>(
  segment: Segment,
  parse: (param: string) => string,
  work: (request: Request, owner: Owner, target: string) => Promise<Response>,
) {
  return (request: Request, { params }: { params: Promise<Record<Segment, string>> }) =>
    answering(async () => {
      const owner = await verifyOwner(request);
      return work(request, owner, parse((await params)[segment]));
    });
}
