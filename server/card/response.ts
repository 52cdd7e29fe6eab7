import 'server-only';
import { CARD_VERSION_HEADER, cardTagHeaders } from '../cdn/tags';
import { getCard } from '../profile-store';
import type { CardCompany, CompanyProfile } from '../../lib/company';
import { parseUsername } from '../../lib/username';

type Params = Promise<{ username: string }>;

function plainNotFound(): Response {
  return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
}

/** A switched-off card's vCard and QR code: gone for good, as the card is. */
export function plainGone(): Response {
  return new Response('Gone', { status: 410, headers: { 'content-type': 'text/plain' } });
}

/**
 * The GET of anything rendered from one card (its page, its vCard, its QR code): rendered from the
 * card's profile, or a 404 (plain text unless given) when the username is invalid or has no card;
 * an id Firestore could never hold is a 404 without a read. A failed read throws, so the cached
 * response is kept rather than replaced by a 404.
 *
 * A card switched off (its owner left its company) answers `gone` (a plain 410 unless given).
 *
 * A valid username's answers, its 404 included (so creating the card and purging its tag clears
 * a cached 404), carry the card's CDN tag, and a member card's its company's tag too. Set here rather than in proxy.ts, they are stored with
 * the ISR entry, and a cached card is served without the proxy, which cost the origin almost half
 * its requests per second (docs/performance.md).
 */
export async function cardFileResponse(
  params: Params,
  render: (profile: CompanyProfile) => Response | Promise<Response>,
  notFound: () => Response | Promise<Response> = plainNotFound,
  gone: (company: CardCompany) => Response | Promise<Response> = plainGone,
): Promise<Response> {
  const username = parseUsername((await params).username);
  if (username === null) return notFound();
  const { profile, version, off } = await getCard(username);
  const response = off ? await gone(off) : profile ? await render(profile) : await notFound();
  const companyId = (off ?? profile?.company)?.id;
  for (const [name, value] of Object.entries(cardTagHeaders(username, companyId))) {
    response.headers.set(name, value);
  }
  response.headers.set(CARD_VERSION_HEADER, version);
  return response;
}
