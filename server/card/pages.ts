import 'server-only';
import { profilePath, type CardLanguage } from '@/lib/routes';
import { listPrerenderedUsernames } from '@/server/profile-store';
import {
  builtSecurityEnv,
  cardCsp,
  CSP_HEADER,
  SHARED_SECURITY_HEADERS,
} from '@/server/security-headers';
import { cardAssets } from './assets';
import { renderCard, renderCardOff, renderNotFound, shownCard } from './render';
import { cardFileResponse } from './response';

// What the card's routes in each language (app/[username]/route.ts, app/[username]/en/route.ts)
// share: one card, one read, rendered in the route's language. Their segment config stays in
// each route file, where Next reads it.

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

/** The cards pre-rendered at build time, in every language alike. */
export async function cardStaticParams(): Promise<Array<{ username: string }>> {
  return (await listPrerenderedUsernames()).map((username) => ({ username }));
}

type CardRouteContext = { params: Promise<{ username: string }> };

/**
 * The GET of the card's page in `lang`: the card, else its 404 or 410 page in that language, or the
 * redirect to the colleague's card it forwards to, each with the card's CDN tag and version
 * (server/card/response.ts).
 */
export function cardPage(lang: CardLanguage) {
  return async (_request: Request, { params }: CardRouteContext): Promise<Response> =>
    cardFileResponse(
      params,
      async (profile) =>
        new Response(await renderCard(shownCard(profile, lang), cardAssets(), lang), {
          headers: cardHeaders(),
        }),
      async () => new Response(await renderNotFound(lang), { status: 404, headers: cardHeaders() }),
      // Gone for good (HTTP 410): search engines drop it, and the visitor learns whose card it was
      // and how to reach the company.
      async (off) =>
        new Response(await renderCardOff(off.company, lang, off.contact), {
          status: 410,
          headers: cardHeaders(),
        }),
      // Forwarded by the company: the colleague's card, in the same language.
      (colleague) => profilePath(colleague, lang),
    );
}
