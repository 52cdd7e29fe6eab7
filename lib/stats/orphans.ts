// A card's stats after the card is gone: the orphan clean-up of the change watcher
// (lib/revalidation/orphans.ts) deletes them with the card's contacts and photo. Like contacts,
// stats from before a claim are not the new owner's: the days before the claim's Athens day go.
// The claim's own day keeps its counts, both owners' (a day is the smallest unit kept).
import { FieldPath, type DocumentReference, type Query } from 'firebase-admin/firestore';
import type { OrphanRule } from '../revalidation/orphans';
import { athensDay } from './day';
import { STATS_COLLECTION } from './events';

/** The stats documents of `card` nobody may read any more under `rule`, or undefined for none. */
export function orphanedStatsQuery(card: DocumentReference, rule: OrphanRule): Query | undefined {
  const stats = card.collection(STATS_COLLECTION);
  if (rule.kind === 'all') return stats;
  if (rule.kind === 'before') {
    return stats.where(FieldPath.documentId(), '<', athensDay(rule.claimedAt.toMillis()));
  }
  return undefined;
}
