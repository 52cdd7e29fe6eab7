// Deletes what a card's last owner left behind once the card is erased: the contacts visitors left
// for them, the card's uploaded photo, its daily stats and its hours of lead mail (a digest holds
// the newest visitors' names). Nobody else deletes them, and a new owner of the same name must
// never read them. Run by the change watcher for each erasure and each removed card.
import {
  FieldPath,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import {
  CLAIMED_FIELD,
  CONTACTS_COLLECTION,
  CREATED_FIELD,
  DIGEST_USERNAME_FIELD,
  LEAD_DIGESTS_COLLECTION,
  PHOTO_COLLECTION,
  STATS_COLLECTION,
  cardPath,
} from '../../lib/collections';
import { athensDay } from '../../lib/stats/day';
import { claimOf, countsFor, type ClaimedDigest } from '../mail/card-claim';

/** Deletions per transaction: within Firestore's limits, and few round trips for 10,000 contacts. */
export const ORPHAN_PAGE = 500;

/**
 * Which contacts nobody may read any more: all of them when no card exists; those created before
 * the claim of the card that exists now (a new owner reads only what came after their claim);
 * none when the card exists without a claim time, as nothing says whose they are.
 */
export type OrphanRule =
  { kind: 'all' } | { kind: 'before'; claimedAt: Timestamp } | { kind: 'none' };

/**
 * The stats documents of `card` nobody may read any more under `rule`, or undefined for none. Like
 * contacts, stats from before a claim are not the new owner's: the days before the claim's Athens
 * day go. The claim's own day keeps its counts, both owners' (a day is the smallest unit kept).
 */
export function orphanedStatsQuery(card: DocumentReference, rule: OrphanRule): Query | undefined {
  const stats = card.collection(STATS_COLLECTION);
  if (rule.kind === 'all') return stats;
  if (rule.kind === 'before') {
    return stats.where(FieldPath.documentId(), '<', athensDay(rule.claimedAt.toMillis()));
  }
  return undefined;
}

function ruleOf(card: DocumentSnapshot): OrphanRule {
  if (!card.exists) return { kind: 'all' };
  const claimedAt: unknown = card.get(CLAIMED_FIELD);
  return claimedAt instanceof Timestamp ? { kind: 'before', claimedAt } : { kind: 'none' };
}

function sameRule(a: OrphanRule, b: OrphanRule): boolean {
  if (a.kind === 'before' && b.kind === 'before') return a.claimedAt.isEqual(b.claimedAt);
  return a.kind === b.kind;
}

export interface OrphansDeleted {
  contacts: number;
  photos: number;
  /** Days of stats (daemon/cleanup/orphans.ts says which). */
  stats: number;
  /** Hours of lead mail (leadDigests). */
  digests: number;
}

/**
 * Deletes, page by page, the documents `queryFor` selects under the rule of the card as it is.
 * Each page is deleted in a transaction that reads the card again: a claim that lands between
 * the query and the deletion makes the transaction start over under the new rule, so a new
 * owner's contacts are never taken for the last owner's.
 */
async function deletePages(
  db: Firestore,
  card: DocumentReference,
  queryFor: (rule: OrphanRule) => Query | undefined,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  let rule = ruleOf(await card.get());
  for (;;) {
    signal?.throwIfAborted();
    // select(): the ids are all a deletion needs, not the contacts' contents.
    const query = queryFor(rule)?.select().limit(ORPHAN_PAGE);
    if (!query) return deleted;
    const page = await query.get();
    if (page.empty) return deleted;
    const outcome = await db.runTransaction(async (tx) => {
      const now = ruleOf(await tx.get(card));
      if (!sameRule(now, rule)) return now;
      page.docs.forEach((doc) => tx.delete(doc.ref));
      return undefined;
    });
    if (outcome) rule = outcome;
    else deleted += page.size;
  }
}

/**
 * Deletes the card's lead digests of any claim but its own: all of them when no card (or no owner)
 * exists. Page by page, in the order of their ids; each page in a transaction that reads the card
 * and the page again, so a digest a mailer has just begun for a new claim is kept.
 */
async function deleteOrphanedDigests(
  db: Firestore,
  card: DocumentReference,
  username: string,
  signal?: AbortSignal,
): Promise<number> {
  const digests = db
    .collection(LEAD_DIGESTS_COLLECTION)
    .where(DIGEST_USERNAME_FIELD, '==', username)
    .orderBy(FieldPath.documentId())
    .select()
    .limit(ORPHAN_PAGE);
  let deleted = 0;
  let after: string | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const page = await (after === undefined ? digests : digests.startAfter(after)).get();
    if (page.empty) return deleted;
    after = page.docs[page.size - 1].id;
    deleted += await db.runTransaction(async (tx) => {
      const [now, ...docs] = await tx.getAll(card, ...page.docs.map((doc) => doc.ref));
      const claim = claimOf(now.data());
      const orphaned = docs.filter(
        (doc) => doc.exists && (!claim || !countsFor(doc.data() as ClaimedDigest, claim)),
      );
      orphaned.forEach((doc) => tx.delete(doc.ref));
      return orphaned.length;
    });
  }
}

/**
 * Deletes the orphaned contacts and lead digests and, when no card exists, the leftover photo of
 * `username`.
 */
export async function deleteOrphans(
  db: Firestore,
  username: string,
  signal?: AbortSignal,
): Promise<OrphansDeleted> {
  const card = db.doc(cardPath(username));
  const contacts = card.collection(CONTACTS_COLLECTION);
  const deletedContacts = await deletePages(
    db,
    card,
    (rule) =>
      rule.kind === 'all'
        ? contacts
        : rule.kind === 'before'
          ? contacts.where(CREATED_FIELD, '<', rule.claimedAt)
          : undefined,
    signal,
  );
  const photos = await deletePages(
    db,
    card,
    (rule) => (rule.kind === 'all' ? card.collection(PHOTO_COLLECTION) : undefined),
    signal,
  );
  const stats = await deletePages(db, card, (rule) => orphanedStatsQuery(card, rule), signal);
  const digests = await deleteOrphanedDigests(db, card, username, signal);
  return { contacts: deletedContacts, photos, stats, digests };
}
