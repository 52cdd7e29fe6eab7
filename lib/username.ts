// Usernames are Firestore document ids (users/{username}), so the rules here are Firestore's,
// plus a ban on control characters, which could never come from a sane URL, and on the words
// karta's own routes use: a card at /account or /api would hide the console or the endpoint.
import { transliterate } from './elot743';

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
  'schemas',
  'scim',
  'settings',
  'signin',
  'signup',
  'sitemap.xml',
  'static',
  'terms',
];

const RESERVED = new Set(RESERVED_USERNAMES);

/**
 * Root files that crawlers, ad networks, app stores and verification services fetch by name, and
 * that have no file extension to give them away: a card there would answer in the site's name.
 */
const RESERVED_WELL_KNOWN_FILES: readonly string[] = ['.well-known', 'apple-app-site-association'];

/**
 * Extensions of the files such services fetch at the site's root (ads.txt, app-ads.txt,
 * security.txt, assetlinks.json, BingSiteAuth.xml, google….html, yandex_….html, crossdomain.xml…)
 * and of anything else a browser or a bot would take for a file rather than a person. A card never
 * ends with one, so a name that does is refused outright instead of listed file by file.
 */
const RESERVED_FILE_EXTENSIONS: readonly string[] = [
  'apk',
  'asp',
  'aspx',
  'atom',
  'avif',
  'bak',
  'bmp',
  'cer',
  'cgi',
  'conf',
  'config',
  'crt',
  'css',
  'csv',
  'der',
  'doc',
  'docx',
  'env',
  'gif',
  'gz',
  'htm',
  'html',
  'ico',
  'ics',
  'ini',
  'ipa',
  'jpeg',
  'jpg',
  'js',
  'json',
  'jsp',
  'key',
  'log',
  'map',
  'md',
  'mjs',
  'mobileconfig',
  'mp3',
  'mp4',
  'p7b',
  'pdf',
  'pem',
  'php',
  'pkpass',
  'pl',
  'png',
  'py',
  'rar',
  'rb',
  'rss',
  'sh',
  'sql',
  'svg',
  'tar',
  'toml',
  'ttf',
  'txt',
  'vcf',
  'wasm',
  'webmanifest',
  'webp',
  'woff',
  'woff2',
  'xhtml',
  'xls',
  'xlsx',
  'xml',
  'yaml',
  'yml',
  'zip',
];

const WELL_KNOWN_FILES = new Set(RESERVED_WELL_KNOWN_FILES);
const FILE_EXTENSIONS = new Set(RESERVED_FILE_EXTENSIONS);

/** A word of karta's own, a well-known root file, or a name ending like a file (`ads.txt`). */
export function isReservedUsername(id: string): boolean {
  if (typeof id !== 'string') return false;
  const lower = id.toLowerCase();
  if (RESERVED.has(lower) || WELL_KNOWN_FILES.has(lower)) return true;
  const dot = lower.lastIndexOf('.');
  return dot >= 0 && FILE_EXTENSIONS.has(lower.slice(dot + 1));
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
 * The username a route names: Next has decoded its segment once already, and it is never decoded
 * again. A second decoding made `/a%2562` the card `ab` under a cache entry of its own, which the
 * card's revalidation and purges never named (lib/routes.ts canonicalPath). Returns null when the
 * name is invalid. Never throws.
 */
export function parseUsername(param: string): string | null {
  return typeof param === 'string' && isValidUsername(param) ? param : null;
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

/** The refusal of a name written in another alphabet, with the Latin one it could be instead. */
export function latinOnlyMessage(typed: string): string {
  return `Το όνομα χρήστη γράφεται με λατινικά γράμματα· π.χ. ${usernameFrom(typed) || 'maria.papadopoulou'}`;
}

/** Why `username` cannot be claimed, in Greek, or null when it can (if nobody holds it yet). */
export function claimProblem(username: string): string | null {
  // Greek (or any letter beyond ASCII) gets a refusal of its own, naming its ELOT 743 spelling:
  // the format's hint alone left people guessing what was wrong with «σοφία».
  if (/[^\x00-\x7f]/.test(username)) return latinOnlyMessage(username);
  if (!new RegExp(CLAIMABLE_USERNAME_PATTERN).test(username)) return USERNAME_MESSAGES.format;
  if (!isValidUsername(username)) return USERNAME_MESSAGES.reserved;
  return null;
}

const MAX_CLAIMABLE_LENGTH = 30;

/**
 * A claimable-looking username made of `text` (a person's names): Greek written in Latin letters
 * by ELOT 743 (Σοφία Αλεξίου → sofia.alexiou), other accents dropped, spaces and other signs made
 * one '.'; '' when fewer than 3 characters are left. Whether it is free is for the server to say.
 */
export function usernameFrom(text: string): string {
  const name = transliterate(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '.')
    .replace(/[._-]{2,}/g, (run) => run.charAt(0))
    .slice(0, MAX_CLAIMABLE_LENGTH)
    .replace(/^[._-]+|[._-]+$/g, '');
  return name.length >= 3 ? name : '';
}

/**
 * The name a form's address preview shows while `typed` is typed: as typed when it is made of the
 * letters an address may have, else its Latin form, so the preview never shows `/%CE%A3…`.
 */
export function usernamePreview(typed: string): string {
  const name = typed.trim();
  if (/^[a-z0-9._-]+$/.test(name)) return name;
  return usernameFrom(name) || 'onoma';
}
