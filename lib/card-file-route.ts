import 'server-only';
import { getProfile } from './profile-store';
import type { Profile } from './profile';
import { parseUsername } from './username';

type Params = Promise<{ username: string }>;

function plainNotFound(): Response {
  return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
}

/**
 * The GET of anything rendered from one card (its page, its vCard, its QR code): rendered from the
 * card's profile, or a 404 (plain text unless given) when the username is invalid or has no card;
 * an id Firestore could never hold is a 404 without a read. A failed read throws, so the cached
 * response is kept rather than replaced by a 404.
 */
export async function cardFileResponse(
  params: Params,
  render: (profile: Profile) => Response | Promise<Response>,
  notFound: () => Response = plainNotFound,
): Promise<Response> {
  const username = parseUsername((await params).username);
  const profile = username === null ? null : await getProfile(username);
  if (!profile) return notFound();
  return render(profile);
}
