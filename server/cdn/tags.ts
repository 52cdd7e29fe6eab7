// The headers that let a CDN purge every response of a card by the card's one tag, and tell which
// write of the card a response was rendered from. The card's routes set them
// (server/card/response.ts), so they are stored with each ISR-cached response;
// purge.ts purges by the same cardTag(), so the header and the purge agree by construction, Greek
// usernames included.
import { cardTag, companyTag } from '../../lib/routes';

/**
 * Both spellings of the card's tags: Surrogate-Key (Fastly, Varnish; space-separated keys) and
 * Cache-Tag (Cloudflare; comma-separated). A member card's answers carry its company's tag beside
 * its own, so that one purge by it covers every member card after a template save. cardTag() and
 * companyTag() are percent-encoded, so they never contain either separator.
 */
export function cardTagHeaders(
  username: string,
  companyId?: string,
): Record<'Surrogate-Key' | 'Cache-Tag', string> {
  const tags = companyId ? [cardTag(username), companyTag(companyId)] : [cardTag(username)];
  return { 'Surrogate-Key': tags.join(' '), 'Cache-Tag': tags.join(',') };
}

/**
 * Which write of the card an answer was rendered from (StoredCard.version), stored with its ISR
 * entry: a revalidation's recheck compares it with Firestore's to tell whether the CDN needs
 * another purge (server/revalidation/revalidate-cards.ts).
 */
export const CARD_VERSION_HEADER = 'x-card-version';

/**
 * The image optimiser's copies of a card's photo (`/_next/image?url=/{username}/photo/{version}…`)
 * are not answered by a card route, so next.config.ts headers() gives them the card's tag, taken
 * from the `url` parameter: purging the card drops them too. Only usernames that need no
 * percent-encoding can hold a photo (lib/card-photo.ts), so the name as captured is the one
 * cardTag() encodes.
 */
export const OPTIMISED_PHOTO_TAGS = {
  source: '/_next/image',
  has: [{ type: 'query' as const, key: 'url', value: '/(?<owner>[A-Za-z0-9._~-]+)/photo/[^/]+' }],
  headers: Object.keys(cardTagHeaders('')).map((key) => ({ key, value: `${cardTag('')}:owner` })),
};
