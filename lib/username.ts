// Usernames are Firestore document ids (users/{username}), so the rules here are Firestore's,
// plus a ban on control characters, which could never come from a sane URL.

const MAX_ID_BYTES = 1500;

/** True when `id` can be used as a users/{id} document id. Never throws. */
export function isValidUsername(id: string): boolean {
  if (typeof id !== 'string' || id === '' || id === '.' || id === '..') return false;
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
