import { cardAssets } from '@/components/card/assets';
import { renderCard, renderCardOff, renderNotFound } from '@/components/card/render';
import { cardFileResponse } from '@/components/card/response';
import { toPublicProfile } from '@/lib/profile';
import { listPrerenderedUsernames } from '@/server/profile-store';
import {
  builtSecurityEnv,
  cardCsp,
  CSP_HEADER,
  SHARED_SECURITY_HEADERS,
} from '@/server/security-headers';

// The card: HTML rendered by React's static renderer from components/card rather than a page, so
// that it carries none of the framework's scripts (docs/performance.md). ISR as for a page:
// static, regenerated at most hourly and on demand when the profile changes; a card not
// pre-rendered (created after the build, or past PRERENDER_LIMIT) renders on its first request
// and is cached like the rest.
export const revalidate = 3600;
export const dynamic = 'force-static';
export const dynamicParams = true;

let headers: Record<string, string> | undefined;

/**
 * The card's type and security headers (server/security-headers.ts), stored with its ISR entry: its
 * CSP names the hashes of the inline script and stylesheet this build inlines. Once per process.
 */
function cardHeaders(): Record<string, string> {
  headers ??= {
    'content-type': 'text/html; charset=utf-8',
    ...Object.fromEntries(SHARED_SECURITY_HEADERS.map(({ key, value }) => [key, value])),
    [CSP_HEADER]: cardCsp(cardAssets(), builtSecurityEnv()),
  };
  return headers;
}

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
      new Response(
        await renderCard(
          profile.company
            ? { ...toPublicProfile(profile), company: profile.company }
            : toPublicProfile(profile),
          cardAssets(),
        ),
        { headers: cardHeaders() },
      ),
    async () => new Response(await renderNotFound(), { status: 404, headers: cardHeaders() }),
    // Gone for good (HTTP 410): search engines drop it, and the visitor learns whose card it was.
    async (company) =>
      new Response(await renderCardOff(company), { status: 410, headers: cardHeaders() }),
  );
}
