// A card's stats key: what lets the endpoint count a beacon for a card without reading Firestore.
// The card's HTML carries it (data-stats-key, written only when the card exists and is rendered),
// the card's script sends it in each beacon (`k`), and the endpoint recomputes it from the name
// and compares. A made-up name has no key, so its beacons are refused before the rate limiter and
// the store: they cost no memory and no read.
//
// The key is an HMAC of the username under a secret derived (HKDF) from REVALIDATE_SECRET, so
// every origin, and the build that pre-renders cards, agree on it with no new setting, and a key
// says nothing about that secret. It is public (anyone who opens the card sees it): it proves the
// name is a card's, not who sends the beacon.
//
// Not server-only: the benchmark and the tests compute the keys of the cards they send beacons
// for, given the origins' secret.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** 128 bits in base64url: far past guessing, and short in the card's HTML and each beacon. */
const KEY_BYTES = 16;
export const CARD_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** What the derived secret is for: another use of REVALIDATE_SECRET derives another one. */
const HKDF_INFO = 'karta/stats/card-key/v1';

let derived: { from: string; secret: Buffer } | undefined;

/** The HMAC secret of `revalidateSecret`, derived once per value (the env is read per use). */
function keySecret(revalidateSecret: string): Buffer {
  if (derived?.from !== revalidateSecret) {
    const secret = Buffer.from(hkdfSync('sha256', revalidateSecret, '', HKDF_INFO, 32));
    derived = { from: revalidateSecret, secret };
  }
  return derived.secret;
}

/** The stats key of the card `username` (as stored: users/{username}). */
export function cardKey(revalidateSecret: string, username: string): string {
  return createHmac('sha256', keySecret(revalidateSecret))
    .update(username, 'utf8')
    .digest()
    .subarray(0, KEY_BYTES)
    .toString('base64url');
}

/** Whether `key` is the card's, compared in constant time. */
export function isCardKey(revalidateSecret: string, username: string, key: string): boolean {
  const expected = Buffer.from(cardKey(revalidateSecret, username));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
