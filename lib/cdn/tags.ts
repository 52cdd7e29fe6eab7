// Which responses are a card's, and the headers that let a CDN purge them by the card's one tag.
// proxy.ts adds them to every card response; purge.ts purges by the same cardTag(), so the header
// and the purge agree by construction, Greek usernames included.
import { CARD_FILE_SUFFIXES, cardTag } from '../routes';
import { parseUsername } from '../username';

/**
 * First path segments that are never a card: Next's own files, the API, and public/ folders.
 * The root files (favicon.ico, icon.png, apple-icon.png) are single segments, so they are listed
 * as whole paths instead.
 */
const NOT_CARD_PREFIXES = ['/_next/', '/api/', '/icons/', '/demo/'];
const NOT_CARD_FILES = new Set(['/favicon.ico', '/icon.png', '/apple-icon.png']);

/**
 * The decoded username of a card page (`/{username}`) or of a file rendered from it (its vCard,
 * its QR code: lib/routes.ts), from a pathname as it arrives (percent-encoded); null for any
 * other path or an invalid username.
 */
export function cardUsernameFromPath(pathname: string): string | null {
  if (NOT_CARD_FILES.has(pathname)) return null;
  if (NOT_CARD_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  const slash = pathname.indexOf('/', 1);
  const segment = slash === -1 ? pathname.slice(1) : pathname.slice(1, slash);
  const rest = slash === -1 ? '' : pathname.slice(slash);
  if (segment === '' || (rest !== '' && !CARD_FILE_SUFFIXES.includes(rest))) return null;
  // Decoded exactly once, as the page itself decodes its param: the tag must be the page's own.
  return parseUsername(segment);
}

/**
 * Both spellings of the card's tag: Surrogate-Key (Fastly, Varnish; space-separated keys) and
 * Cache-Tag (Cloudflare; comma-separated). cardTag() is percent-encoded, so it never contains
 * either separator.
 */
export function cardTagHeaders(username: string): Record<'Surrogate-Key' | 'Cache-Tag', string> {
  const tag = cardTag(username);
  return { 'Surrogate-Key': tag, 'Cache-Tag': tag };
}
