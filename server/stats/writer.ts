// Writes one flush's counts to Firestore: one write per card-day, each counter a
// FieldValue.increment of its sum, so the stats documents add up whatever wrote before.
//
// Only cards that exist get stats: the cards named in the flush are read once, together (getAll),
// and the counts of a card that does not exist are dropped. Reading per beacon would cost a read
// per view; writing blindly would create users/{nobody}/stats/… for any name a client makes up.
// A card erased between that read and the write can still receive one flush's counts: the orphan
// clean-up deletes them with the card's other leftovers (daemon/cleanup/orphans.ts).
//
// Not server-only: the tests and the benchmark give it their own firebase-admin client.
import { FieldValue, type Firestore, type UpdateData } from 'firebase-admin/firestore';
import { withDeadline } from '../../lib/deadline';
import type { CardDayCounts } from './counts';
import { cardPath, statsPath } from '../../lib/collections';

/** Cards read in one getAll. */
const READ_CHUNK = 100;
/** Firestore's limit of writes in one batch. */
const BATCH_LIMIT = 500;

export interface WriteOutcome {
  /** Stats documents written (one per card-day). */
  writes: number;
  /** Card-days dropped because their card does not exist. */
  dropped: number;
  /** Card-days not written, to be tried again. */
  unwritten: CardDayCounts[];
  /** Why some were not written. */
  error?: unknown;
}

export interface WriteOptions {
  /**
   * Deadline of the existence read. Reads can be abandoned safely; a commit is always awaited,
   * since one abandoned and then applied would be counted again when its counts were put back.
   */
  readDeadlineMs: number;
}

function increments(entry: CardDayCounts): UpdateData<Record<string, number>> {
  const data: Record<string, FieldValue> = {};
  for (const [counter, n] of Object.entries(entry.counts)) {
    if (n) data[counter] = FieldValue.increment(n);
  }
  return data;
}

async function existingCards(
  db: Firestore,
  usernames: string[],
  deadlineMs: number,
): Promise<Set<string>> {
  const existing = new Set<string>();
  for (let i = 0; i < usernames.length; i += READ_CHUNK) {
    const refs = usernames.slice(i, i + READ_CHUNK).map((u) => db.doc(cardPath(u)));
    const snapshots = await withDeadline(
      db.getAll(...refs),
      deadlineMs,
      () => new Error(`no answer from Firestore in ${deadlineMs} ms`),
    );
    for (const snapshot of snapshots) if (snapshot.exists) existing.add(snapshot.id);
  }
  return existing;
}

export async function writeCounts(
  db: Firestore,
  counts: readonly CardDayCounts[],
  { readDeadlineMs }: WriteOptions,
): Promise<WriteOutcome> {
  let existing: Set<string>;
  try {
    existing = await existingCards(db, [...new Set(counts.map((c) => c.username))], readDeadlineMs);
  } catch (error) {
    return { writes: 0, dropped: 0, unwritten: [...counts], error };
  }
  const kept = counts.filter((c) => existing.has(c.username));
  const outcome: WriteOutcome = { writes: 0, dropped: counts.length - kept.length, unwritten: [] };
  for (let i = 0; i < kept.length; i += BATCH_LIMIT) {
    const chunk = kept.slice(i, i + BATCH_LIMIT);
    const batch = db.batch();
    for (const entry of chunk) {
      const ref = db.collection(statsPath(entry.username)).doc(entry.day);
      batch.set(ref, increments(entry), { merge: true });
    }
    try {
      await batch.commit();
      outcome.writes += chunk.length;
    } catch (error) {
      // Firestore is failing: the rest waits for the next flush rather than failing one by one.
      outcome.unwritten = kept.slice(i);
      outcome.error = error;
      break;
    }
  }
  return outcome;
}
