// The card's daily counts for its owner: the last 30 Athens days, live, with one listener on one
// query (ids are days, so a range of ids is a range of days). The rules let the card's owner read
// users/{username}/stats; only the server writes there.
import { collection, documentId, onSnapshot, query, where } from 'firebase/firestore';
import { athensDay } from '../../lib/stats/day';
import { statsPath } from '../../lib/collections';
import type { ClaimedCard } from './claim-time';
import { ownerDb } from './firebase';
import { statsRange, summariseStats, type StatsSummary } from './stats-summary';

/**
 * Calls `listener` with the summary of the 30 days that end with `today` (an Athens day), now and
 * on every change to them. Returns the function that stops listening.
 */
export function watchStats(
  { username, since }: ClaimedCard,
  today: string,
  listener: (summary: StatsSummary) => void,
  onError: (error: Error) => void,
): () => void {
  // Days before the claim are left out, as contacts are: a name erased and claimed again does not
  // show its new owner the last one's counts. A card made by the operator has no claim (the epoch).
  const { from, to } = statsRange(today, athensDay(since.toDate()));
  const days = query(
    collection(ownerDb(), statsPath(username)),
    where(documentId(), '>=', from),
    where(documentId(), '<=', to),
  );
  return onSnapshot(
    days,
    (snapshot) =>
      listener(
        summariseStats(
          snapshot.docs.map((d) => ({ id: d.id, data: d.data() })),
          today,
        ),
      ),
    onError,
  );
}
