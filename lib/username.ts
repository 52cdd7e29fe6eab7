// Usernames are Firestore document ids (users/{username}), so the rules here are Firestore's,
// plus a ban on control characters, which could never come from a sane URL, and on the words
// karta's own routes use: a card at /account or /api would hide the console or the endpoint.

const MAX_ID_BYTES = 1500;

/**
 * The first path segments karta uses itself (app/ and public/), and a few it will plausibly need,
 * compared case-insensitively so that /Account cannot pass for the console either. The server
 * refuses them to a claim (server/owner/); a test keeps the list and app/, pages/ and public/
 * together.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  '500',
  '_karta',
  '_next',
  '_not-found',
  'about',
  'account',
  'admin',
  'api',
  'apple-icon.png',
  'auth',
  'demo',
  'favicon.ico',
  'help',
  'icon.png',
  'icons',
  'login',
  'manifest.webmanifest',
  'privacy',
  'robots.txt',
  'settings',
  'signin',
  'signup',
  'sitemap.xml',
  'static',
  'terms',
];

const RESERVED = new Set(RESERVED_USERNAMES);

export function isReservedUsername(id: string): boolean {
  return typeof id === 'string' && RESERVED.has(id.toLowerCase());
}

/** True when `id` can be used as a users/{id} document id. Never throws. */
export function isValidUsername(id: string): boolean {
  if (typeof id !== 'string' || id === '' || id === '.' || id === '..') return false;
  if (isReservedUsername(id)) return false;
  if (id.includes('/')) return false;
  // Firestore reserves ids that look like `__name__`.
  if (id.length >= 4 && id.startsWith('__') && id.endsWith('__')) return false;

  // One pass over UTF-16 code units: byte length as UTF-8, control characters, and lone
  // surrogates (which have no UTF-8 form, so Firestore could not store them faithfully).
  let bytes = 0;
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return false;
    if (code < 0x80) {
      bytes += 1;
    } else if (code < 0x800) {
      bytes += 2;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = id.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      bytes += 4;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    } else {
      bytes += 3;
    }
    if (bytes > MAX_ID_BYTES) return false;
  }
  return true;
}

/**
 * The route param as Next gives it (it may still be percent-encoded); returns the decoded
 * username, or null if it is invalid or its percent-encoding is malformed. Never throws.
 */
export function parseUsername(param: string): string | null {
  if (typeof param !== 'string') return null;
  let id = param;
  if (id.includes('%')) {
    // Decoded exactly once: '%252F' must stay '%2F', not become a '/'.
    try {
      id = decodeURIComponent(id);
    } catch {
      return null;
    }
  }
  return isValidUsername(id) ? id : null;
}

/**
 * What an owner may claim in the console: 3 to 30 lower-case Latin letters, digits, '.', '_' or
 * '-', starting and ending with a letter or digit. Stricter than isValidUsername (which accepts
 * the hand-made cards' Greek ids) so that self-service names cannot differ only by case or by a
 * look-alike letter. The server applies it to every claim (server/owner/).
 */
export const CLAIMABLE_USERNAME_PATTERN = '^[a-z0-9][a-z0-9._-]{1,28}[a-z0-9]$';

export const USERNAME_MESSAGES = {
  format: 'Από 3 έως 30 πεζά λατινικά γράμματα, ψηφία, τελεία, παύλα ή κάτω παύλα',
  reserved: 'Αυτό το όνομα χρησιμοποιείται από την karta· διαλέξτε άλλο',
  taken: 'Αυτό το όνομα το έχει ήδη άλλη κάρτα· διαλέξτε άλλο',
} as const;

/** Why `username` cannot be claimed, in Greek, or null when it can (if nobody holds it yet). */
export function claimProblem(username: string): string | null {
  if (!new RegExp(CLAIMABLE_USERNAME_PATTERN).test(username)) return USERNAME_MESSAGES.format;
  if (!isValidUsername(username)) return USERNAME_MESSAGES.reserved;
  return null;
}
