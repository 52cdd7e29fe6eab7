// The card's own photo: its limits and what a path to it looks like. Its bytes are stored in one
// document per card (lib/collections.ts photoDocPath).
// The console (browser/owner/) and the server (server/owner/ which stores it, server/image-store.ts
// and the photo route which serve it) all follow these values.

/** The card shows its photo at most 480 CSS px wide: 800 px covers a 1.7× screen. */
export const PHOTO_MAX_SIDE = 800;
/** What the console aims at when it encodes the photo. */
export const PHOTO_TARGET_BYTES = 150 * 1024;
/** The largest photo the server accepts (a Firestore document holds at most 1 MiB). */
export const PHOTO_MAX_BYTES = 200 * 1024;
/**
 * The most pixels a photo may have, read from its header: a few KB of WebP can claim 16383×16383,
 * which the image optimiser would decode in full (1.5 s of a core each). The console sends 800 px.
 */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** The encodings the server accepts, in the console's order of preference. */
export const PHOTO_CONTENT_TYPES = ['image/webp', 'image/jpeg'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

const VERSION = '[A-Za-z0-9_-]{1,32}';
/** A photo's version: the last segment of its URL, new for each upload. */
export const PHOTO_VERSION_PATTERN = `^${VERSION}$`;
/** The shape of a photo path, /{username}/photo/{version}. */
export const PHOTO_PATH_PATTERN = `^/[^/]+/photo/${VERSION}$`;
/**
 * A site-relative path that a browser or the image optimiser could resolve to some card's photo
 * route: a 'photo' segment however it is separated ('/', '\', '/./'), or any percent-escape.
 * Case-insensitive, and matching the whole value. Only the card's
 * own photo path may look like this.
 */
export const PHOTO_PATH_LIKE_PATTERN = '^/[^?#]*([^A-Za-z0-9._~-]photo([^A-Za-z0-9._~-].*)?|%.*)$';

const PHOTO_PATH = new RegExp(PHOTO_PATH_PATTERN);
const PHOTO_PATH_LIKE = new RegExp(PHOTO_PATH_LIKE_PATTERN, 'i');
/**
 * The version of the card's own photo when `displayImage` is its path, or null. The username is
 * compared as stored, not percent-encoded: only usernames that need no
 * encoding (every claimable one) can hold an uploaded photo.
 */
export function ownPhotoVersion(username: string, displayImage: string): string | null {
  if (!PHOTO_PATH.test(displayImage)) return null;
  const [, owner, , version] = displayImage.split('/');
  return owner === username ? version : null;
}

/** False when `displayImage` could show a photo other than this card's own. */
export function photoPathAllowed(username: string, displayImage: string): boolean {
  return !PHOTO_PATH_LIKE.test(displayImage) || ownPhotoVersion(username, displayImage) !== null;
}

/** A new version for an upload: 16 URL-safe random characters. */
export function newPhotoVersion(random: (bytes: Uint8Array) => Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from(random(new Uint8Array(16)), (byte) => alphabet[byte % 64]).join('');
}
