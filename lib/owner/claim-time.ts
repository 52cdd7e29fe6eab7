import { Timestamp } from 'firebase/firestore';

/**
 * The earliest createdAt of a contact this card's owner may read: the claim's time, or the
 * beginning of time for a card made by the operator, which records none (firestore.rules
 * sinceClaim). Every query of the owner's contacts asks for createdAt >= this, as the rules
 * require of a list.
 */
export function claimedSince(claimedAt: unknown): Timestamp {
  return claimedAt instanceof Timestamp ? claimedAt : Timestamp.fromMillis(0);
}
