// The headers that let a CDN purge every response of a card by the card's one tag. The card's
// routes set them (lib/card-file-route.ts), so they are stored with each ISR-cached response;
// purge.ts purges by the same cardTag(), so the header and the purge agree by construction, Greek
// usernames included.
import { cardTag } from '../../lib/routes';

/**
 * Both spellings of the card's tag: Surrogate-Key (Fastly, Varnish; space-separated keys) and
 * Cache-Tag (Cloudflare; comma-separated). cardTag() is percent-encoded, so it never contains
 * either separator.
 */
export function cardTagHeaders(username: string): Record<'Surrogate-Key' | 'Cache-Tag', string> {
  const tag = cardTag(username);
  return { 'Surrogate-Key': tag, 'Cache-Tag': tag };
}
