import 'server-only';
import { CARD_VERSION_HEADER, cardTagHeaders } from '../cdn/tags';
import { getCard } from '../profile-store';
import type { CardCompany, CompanyProfile } from '../../lib/company';
import type { Profile } from '../../lib/profile';
import { parseUsername } from '../../lib/username';

type Params = Promise<{ username: string }>;

function plainNotFound(): Response {
  return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
}

/** A switched-off card: its company, and the company's own contact (lib/company-contact.ts). */
export interface SwitchedOff {
  company: CardCompany;
  contact: Profile;
}

/** A switched-off card's QR code: gone for good, as the card is. */
export function plainGone(): Response {
  return new Response('Gone', { status: 410, headers: { 'content-type': 'text/plain' } });
}

/**
 * The GET of anything rendered from one card (its page, its vCard, its QR code): rendered from the
 * card's profile, or a 404 (plain text unless given) when the username is invalid or has no card;
 * an id Firestore could never hold is a 404 without a read. A failed read throws, so the cached
 * response is kept rather than replaced by a 404.
 *
 * A card switched off (its owner left its company) answers `gone` (a plain 410 unless given); one
 * its company forwarded to a colleague's card answers a redirect to `forwarded(colleague)`, the
 * same answer of their card, when given. Temporary (307): the admin may change or end it, which
 * purges the card's tag as any write of it does.
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
  gone: (off: SwitchedOff) => Response | Promise<Response> = plainGone,
  forwarded?: (colleague: string) => string,
): Promise<Response> {
  const username = parseUsername((await params).username);
  if (username === null) return notFound();
  const { profile, version, off, companyContact, forwardTo } = await getCard(username);
  const response =
    off && forwardTo && forwarded
      ? new Response(null, { status: 307, headers: { location: forwarded(forwardTo) } })
      : off
        ? await gone({
            company: off,
            contact: companyContact ?? { username, firstName: '', lastName: '' },
          })
        : profile
          ? await render(profile)
          : await notFound();
  const companyId = (off ?? profile?.company)?.id;
  for (const [name, value] of Object.entries(cardTagHeaders(username, companyId))) {
    response.headers.set(name, value);
  }
  response.headers.set(CARD_VERSION_HEADER, version);
  return response;
}
