import { doc, getDoc, Timestamp, type Firestore } from 'firebase/firestore';
import { CLAIMED_FIELD, cardPath } from '../../lib/collections';
import { ownerDb } from './firebase';

/**
 * A card as its owner's queries see it: its name, and the earliest createdAt of a contact (or
 * Athens day of stats) its owner may read: the claim's time, or the beginning of time for a card
 * made by the operator, which records none (firestore.rules sinceClaim). Every query of the
 * owner's contacts asks for createdAt >= `since`, as the rules require of a list.
 */
export interface ClaimedCard {
  username: string;
  since: Timestamp;
}

/** Reads the card once for its claim time; `db` is the console's, or a rules test's. */
export async function readClaimedCard(
  username: string,
  db: Firestore = ownerDb(),
): Promise<ClaimedCard> {
  const claimedAt: unknown = (await getDoc(doc(db, cardPath(username)))).get(CLAIMED_FIELD);
  return {
    username,
    since: claimedAt instanceof Timestamp ? claimedAt : Timestamp.fromMillis(0),
  };
}
