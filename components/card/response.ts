import 'server-only';
import { CARD_VERSION_HEADER, cardTagHeaders } from '../../server/cdn/tags';
import { getCard } from '../../server/profile-store';
import type { Profile } from '../../lib/profile';
import { parseUsername } from '../../lib/username';

type Params = Promise<{ username: string }>;

function plainNotFound(): Response {
  return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
}

/**
 * The GET of anything rendered from one card (its page, its vCard, its QR code): rendered from the
 * card's profile, or a 404 (plain text unless given) when the username is invalid or has no card;
 * an id Firestore could never hold is a 404 without a read. A failed read throws, so the cached
 * response is kept rather than replaced by a 404.
 *
 * A valid username's answers, its 404 included (so creating the card and purging its tag clears
 * a cached 404), carry the card's CDN tag. Set here rather than in proxy.ts, they are stored with
 * the ISR entry, and a cached card is served without the proxy, which cost the origin almost half
 * its requests per second (docs/performance.md).
 */
export async function cardFileResponse(
  params: Params,
  render: (profile: Profile) => Response | Promise<Response>,
  notFound: () => Response | Promise<Response> = plainNotFound,
): Promise<Response> {
  const username = parseUsername((await params).username);
  if (username === null) return notFound();
  const { profile, version } = await getCard(username);
  const response = profile ? await render(profile) : await notFound();
  for (const [name, value] of Object.entries(cardTagHeaders(username))) {
    response.headers.set(name, value);
  }
  response.headers.set(CARD_VERSION_HEADER, version);
  return response;
}
