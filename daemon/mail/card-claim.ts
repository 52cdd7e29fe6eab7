// The claim a card's lead mail belongs to: its owner's account and the claim's time. A name erased
// (or removed) and claimed again is a new claim, by another account or the same one: what visitors
// left under one claim is never mailed under another. The lead mailer records the claim on each
// hour's digest (lead-mailer.ts), and the clean-up after an erasure (daemon/cleanup/orphans.ts)
// deletes the digests of any claim but the card's own.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { CLAIMED_FIELD, OWNER_FIELD } from '../../lib/collections';

export interface CardClaim {
  ownerUid: string;
  /** The claim's server time; null for a card the operator made with its owner, which has none. */
  claimedAt: Timestamp | null;
}

/** What a digest says of the claim it counts for (lead-mailer.ts writes `cardClaim`). */
export interface ClaimedDigest {
  cardClaim?: CardClaim;
  /** Its hour's start. */
  start: Timestamp;
}

/** The claim of the card as stored, or null when there is no card or it has no owner. */
export function claimOf(card: DocumentData | undefined): CardClaim | null {
  const ownerUid: unknown = card?.[OWNER_FIELD];
  if (typeof ownerUid !== 'string' || !ownerUid) return null;
  const claimedAt: unknown = card?.[CLAIMED_FIELD];
  return { ownerUid, claimedAt: claimedAt instanceof Timestamp ? claimedAt : null };
}

export function sameClaim(a: CardClaim | null, b: CardClaim | null): boolean {
  if (!a || !b) return a === b;
  if (a.ownerUid !== b.ownerUid) return false;
  if (!a.claimedAt || !b.claimedAt) return a.claimedAt === b.claimedAt;
  return a.claimedAt.isEqual(b.claimedAt);
}

/** Whether `digest` counts contacts left under `claim`, the card's claim now. */
export function countsFor(digest: ClaimedDigest, claim: CardClaim): boolean {
  if (digest.cardClaim) return sameClaim(digest.cardClaim, claim);
  // A digest that names no claim was counted within its hour: under this claim if the claim is
  // older than the hour. A card with no claim time (made by the operator) says nothing of others.
  return claim.claimedAt === null || claim.claimedAt.toMillis() < digest.start.toMillis();
}
