// The id of a card's wallet pass: Google Wallet's object id (after the issuer's number) and Apple
// Wallet's serialNumber. A later update reaches a saved pass by this id, so it must never name two
// passes: it is a hash of the card's name, the pass's language and the claim (the owner's uid and
// the server's time of the claim, CLAIMED_FIELD), so that `maria/en` and a card named `maria_2f_en`
// differ, and a name erased and claimed again (by anyone) starts new passes that the former owner's
// never share. A hash, not the name spelled out: any character a name may hold, and no personal
// data in an id that Google and Apple keep.
import { createHash } from 'node:crypto';
import { CLAIMED_FIELD, OWNER_FIELD } from './collections';
import type { CardLanguage } from './routes';

/** Which claim of a card a pass belongs to; both null for a card nobody has claimed yet. */
export interface PassClaim {
  ownerUid: string | null;
  /** The claim's time in milliseconds (CLAIMED_FIELD); null on a card that never recorded it. */
  claimedAt: number | null;
}

/** Hex digits kept of the hash: 128 bits, short enough for both wallets' ids. */
const ID_LENGTH = 32;

/** Google's and Apple's ids, as walletPassId makes them: 32 hex digits. */
export const WALLET_PASS_ID_PATTERN = /^[0-9a-f]{32}$/;

/** A Firestore Timestamp's milliseconds, read without importing either SDK. */
function millisOf(value: unknown): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const toMillis = (value as { toMillis?: unknown }).toMillis;
  return typeof toMillis === 'function' ? (toMillis.call(value) as number) : null;
}

/** The claim a stored card (its document's data, undefined when there is none) is in. */
export function passClaimOf(data: Record<string, unknown> | undefined): PassClaim {
  const ownerUid = data?.[OWNER_FIELD];
  return {
    ownerUid: typeof ownerUid === 'string' ? ownerUid : null,
    claimedAt: millisOf(data?.[CLAIMED_FIELD]),
  };
}

/** The pass id of `username`'s card in `lang` under `claim`: the same on every call. */
export function walletPassId(username: string, lang: CardLanguage, claim: PassClaim): string {
  // A JSON array keeps the parts apart whatever characters they hold.
  const parts = JSON.stringify(['karta pass v1', username, lang, claim.ownerUid, claim.claimedAt]);
  return createHash('sha256').update(parts).digest('hex').slice(0, ID_LENGTH);
}
