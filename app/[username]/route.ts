import { cardAssets } from '@/components/card/assets';
import { renderCard, renderNotFound } from '@/components/card/render';
import { cardFileResponse } from '@/lib/card-file-route';
import { toPublicProfile } from '@/lib/profile';
import { listPrerenderedUsernames } from '@/lib/profile-store';

// The card: HTML rendered by React's static renderer from components/card rather than a page, so
// that it carries none of the framework's scripts (docs/performance.md). ISR as for a page:
// static, regenerated at most hourly and on demand when the profile changes; a card not
// pre-rendered (created after the build, or past PRERENDER_LIMIT) renders on its first request
// and is cached like the rest.
export const revalidate = 3600;
export const dynamic = 'force-static';
export const dynamicParams = true;

const HTML = { 'content-type': 'text/html; charset=utf-8' };

export async function generateStaticParams(): Promise<Array<{ username: string }>> {
  return (await listPrerenderedUsernames()).map((username) => ({ username }));
}

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ username: string }> },
) {
  return cardFileResponse(
    params,
    async (profile) =>
      new Response(await renderCard(toPublicProfile(profile), cardAssets()), { headers: HTML }),
    async () => new Response(await renderNotFound(), { status: 404, headers: HTML }),
  );
}
