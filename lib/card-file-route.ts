import 'server-only';
import { getProfile } from './profile-store';
import type { Profile } from './profile';
import { parseUsername } from './username';

type Params = Promise<{ username: string }>;

/**
 * The GET of a file rendered from one card (its vCard, its QR code): the card's profile, or a
 * plain 404 when the username is invalid or has no card. A failed read throws, so the cached
 * file is kept rather than replaced by a 404.
 */
export async function cardFileResponse(
  params: Params,
  render: (profile: Profile) => Response | Promise<Response>,
): Promise<Response> {
  const username = parseUsername((await params).username);
  const profile = username === null ? null : await getProfile(username);
  if (!profile) {
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }
  return render(profile);
}
