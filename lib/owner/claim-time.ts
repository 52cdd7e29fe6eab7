import { doc, getDoc, Timestamp } from 'firebase/firestore';
import { CLAIMED_FIELD } from '../profile';
import { ownerDb } from './firebase';

/**
 * The earliest createdAt of a contact this card's owner may read: the claim's time, or the
 * beginning of time for a card made by the operator, which records none (firestore.rules
 * sinceClaim). Every query of the owner's contacts asks for createdAt >= this, as the rules
 * require of a list.
 */
export function claimedSince(claimedAt: unknown): Timestamp {
  return claimedAt instanceof Timestamp ? claimedAt : Timestamp.fromMillis(0);
}

/** Reads the card once for `claimedSince`: what its contacts and its counts start from. */
export async function readClaimedSince(username: string): Promise<Timestamp> {
  const card = await getDoc(doc(ownerDb(), 'users', username));
  return claimedSince(card.get(CLAIMED_FIELD));
}
