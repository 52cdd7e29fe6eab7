// How often an owner may write their card through karta's server (server/owner/): each edit
// regenerates the card's pages, purges them from the CDN and rechecks, so a script holding an
// owner's token could keep every origin and the CDN busy. Counted per account in a fixed window,
// in Firestore (server/owner/write-limit.ts), so that every origin counts the same writes.

/** Writes (edits, photo uploads, claims) an account may make in one window. */
export const OWNER_WRITES_PER_WINDOW = 30;
/** The window's length: a minute from the first write counted in it. */
export const OWNER_WRITE_WINDOW_MS = 60_000;

/** What the console shows when the server answers 429. */
export const OWNER_WRITE_LIMIT_MESSAGE =
  'Πάρα πολλές αλλαγές σε λίγο χρόνο· δοκιμάστε ξανά σε λίγο.';

/** The account's current window: when it began (ms since the epoch) and the writes in it. */
export interface WriteWindow {
  start: number;
  count: number;
}

export type WriteCharge =
  { allowed: true; window: WriteWindow } | { allowed: false; retryAfterSeconds: number };

/**
 * One more write at `now`, given the stored window (undefined when none, or not one of ours): the
 * window to store, or how long until the next is allowed. A window from the future (another
 * origin's clock ahead of this one) is left to run out, as it would there.
 */
export function chargeWrite(stored: WriteWindow | undefined, now: number): WriteCharge {
  if (!stored || now - stored.start >= OWNER_WRITE_WINDOW_MS) {
    return { allowed: true, window: { start: now, count: 1 } };
  }
  if (stored.count < OWNER_WRITES_PER_WINDOW) {
    return { allowed: true, window: { start: stored.start, count: stored.count + 1 } };
  }
  const waitMs = stored.start + OWNER_WRITE_WINDOW_MS - now;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
