import 'server-only';
import { cache } from 'react';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { withDeadline } from '../lib/deadline';
import { env } from '../lib/env';
import { adminDb } from './firebase/admin-app';
import { USERS_COLLECTION, cardPath } from '../lib/collections';
import { storedCard, type StoredCard } from './card-shown';

export type { StoredCard };

const PAGE_SIZE = 1000;
/** Documents fetched in one round trip while pre-rendering. */
const BUILD_CHUNK = 200;

export class ProfileReadError extends Error {
  override name = 'ProfileReadError';
}

// After a read has missed its deadline, Firestore is taken for unreachable for this long: the
// reads that follow fail at once instead of each waiting a deadline of its own (Next renders a
// failed page more than once, and every visitor's request would otherwise wait the full time).
const UNREACHABLE_FOR_MS = 2000;
let unreachableUntil = 0;

// Reads must end: a regeneration that hangs on an unreachable Firestore holds a request open.
export async function readWithDeadline<T>(read: () => Promise<T>, what: string): Promise<T> {
  if (Date.now() < unreachableUntil) {
    throw new ProfileReadError(`${what}: Firestore did not answer a read just before`);
  }
  const ms = env.firestoreReadTimeoutMs;
  try {
    return await withDeadline(
      read(),
      ms,
      () => new ProfileReadError(`${what}: no answer from Firestore in ${ms} ms`),
    );
  } catch (error) {
    if (error instanceof ProfileReadError) unreachableUntil = Date.now() + UNREACHABLE_FOR_MS;
    throw error;
  }
}

/** A card document as read, before its company is. */
interface CardRead {
  snapshot: DocumentSnapshot;
}

// A template save regenerates every member card at once: the renders that read one company at the
// same time share its read, while it is under way only (never a read that has ended), so a render
// begun after a save never reads an answer older than one read's round trip; such a render carries
// the older templateAt in its version, which the revalidation's recheck redoes. A team's change
// regenerates its members' cards: the same holds for its read.
const sharedReads = new Map<string, Promise<DocumentSnapshot | null>>();

/** The company (or team) a card names, read with the card's deadline; null when it is missing. */
function readShared(path: string): Promise<DocumentSnapshot | null> {
  const underWay = sharedReads.get(path);
  if (underWay) return underWay;
  const read = readWithDeadline(() => adminDb().doc(path).get(), path)
    .then((snapshot) => (snapshot.exists ? snapshot : null))
    .finally(() => sharedReads.delete(path));
  sharedReads.set(path, read);
  return read;
}

const toStoredCard = ({ snapshot }: CardRead) => storedCard(snapshot, readShared);

/**
 * Up to `limit` usernames in id order, without downloading any field (a field-less select),
 * page by page.
 */
export async function listUsernames(limit = Infinity): Promise<string[]> {
  const usernames: string[] = [];
  let last: string | undefined;
  while (usernames.length < limit) {
    const size = Math.min(PAGE_SIZE, limit - usernames.length);
    let query = adminDb().collection(USERS_COLLECTION).select().orderBy('__name__').limit(size);
    if (last !== undefined) query = query.startAfter(last);
    const page = await readWithDeadline(() => query.get(), `${USERS_COLLECTION} (list)`);
    for (const doc of page.docs) usernames.push(doc.id);
    if (page.size < size) break;
    last = page.docs[page.docs.length - 1].id;
  }
  return usernames;
}

/** The cards `next build` pre-renders: at most PRERENDER_LIMIT, so builds do not grow with users. */
export function listPrerenderedUsernames(): Promise<string[]> {
  return listUsernames(env.prerenderLimit);
}

// While `next build` pre-renders every card, one round trip per page dominates. The build
// renders pages in the order generateStaticParams gave (sorted ids), so the first read of a
// chunk fetches the next BUILD_CHUNK profiles with one getAll; only that chunk is kept, which
// keeps memory flat however many users there are.
let buildOrder: Promise<{ ids: string[]; at: Map<string, number> }> | undefined;
let buildChunk: Promise<Map<string, CardRead>> | undefined;
let buildChunkIds = new Set<string>();

async function readDuringBuild(username: string): Promise<CardRead | undefined> {
  if (!buildChunkIds.has(username)) {
    buildOrder ??= listPrerenderedUsernames().then((ids) => ({
      ids,
      at: new Map(ids.map((id, i) => [id, i])),
    }));
    const order = await buildOrder;
    const at = order.at.get(username);
    if (at === undefined) return undefined;
    const ids = order.ids.slice(at, at + BUILD_CHUNK);
    buildChunkIds = new Set(ids);
    const db = adminDb();
    buildChunk = readWithDeadline(
      () => db.getAll(...ids.map((id) => db.doc(cardPath(id)))),
      `${USERS_COLLECTION} (${ids.length} for the build)`,
    ).then((snapshots) => new Map(snapshots.map((snapshot) => [snapshot.id, { snapshot }])));
  }
  return (await buildChunk)?.get(username);
}

/**
 * The card, its profile null only when the document does not exist or the card is switched off
 * (`off`). A member card's company is read too, with the same deadline. Any failed read throws, so
 * that ISR keeps serving the last good page rather than caching a 404.
 */
export const getCard = cache(async (username: string): Promise<StoredCard> => {
  if (env.isBuild) {
    const batched = await readDuringBuild(username);
    if (batched !== undefined) return toStoredCard(batched);
  }
  const path = cardPath(username);
  const snapshot = await readWithDeadline(() => adminDb().doc(path).get(), path);
  return toStoredCard({ snapshot });
});
