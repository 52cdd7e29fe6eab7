// The card's daily counts for its owner: the last 30 Athens days, live. firestore.rules let the
// card's owner get users/{username}/stats/{day} from the Athens day of the claim on, one day at a
// time (a rule cannot bound a list by document id), so the console listens to each day's document
// on its own: at most 30 listeners, on the one connection the SDK keeps.
import { doc, onSnapshot, type DocumentData } from 'firebase/firestore';
import { athensDay } from '../../lib/stats/day';
import { statsPath } from '../../lib/collections';
import type { ClaimedCard } from './claim-time';
import { ownerDb } from './firebase';
import { statsDays, summariseStats, type StatsSummary } from './stats-summary';

/**
 * Calls `listener` with the summary of the 30 days that end with `today` (an Athens day), once
 * every day has been read and then on every change to them. Returns the function that stops
 * listening.
 */
export function watchStats(
  { username, since }: ClaimedCard,
  today: string,
  listener: (summary: StatsSummary) => void,
  onError: (error: Error) => void,
): () => void {
  // Days before the claim are left out, as contacts are: a name erased and claimed again does not
  // show its new owner the last one's counts. A card made by the operator has no claim (the epoch).
  const days = statsDays(today, athensDay(since.toDate()));
  const read = new Map<string, DocumentData | undefined>();
  const stops = days.map((day) =>
    onSnapshot(
      doc(ownerDb(), statsPath(username), day),
      (snapshot) => {
        read.set(day, snapshot.data());
        // One summary for the first reading of all the days, not one per day as they arrive.
        if (read.size < days.length) return;
        const docs = [...read].flatMap(([id, data]) => (data ? [{ id, data }] : []));
        listener(summariseStats(docs, today));
      },
      onError,
    ),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
