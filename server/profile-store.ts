import 'server-only';
import { cache } from 'react';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { withDeadline } from '../lib/deadline';
import { env } from '../lib/env';
import { adminDb } from './firebase/admin';
import { normaliseProfile, type Profile } from '../lib/profile';
import { USERS_COLLECTION, cardPath } from '../lib/collections';

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

/** A card as read: its profile (null when there is none) and which write of it was read. */
export interface StoredCard {
  profile: Profile | null;
  /**
   * The document's update time, exact to the nanosecond, or 'none' when it does not exist: two
   * answers rendered from the same write carry the same version, whatever wrote it.
   */
  version: string;
}

function fromSnapshot(snapshot: DocumentSnapshot): StoredCard {
  const updated = snapshot.exists ? snapshot.updateTime : undefined;
  return {
    profile: snapshot.exists ? normaliseProfile(snapshot.id, snapshot.data()) : null,
    version: updated
      ? `${updated.seconds}.${String(updated.nanoseconds).padStart(9, '0')}`
      : 'none',
  };
}

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
let buildChunk: Promise<Map<string, StoredCard>> | undefined;
let buildChunkIds = new Set<string>();

async function readDuringBuild(username: string): Promise<StoredCard | undefined> {
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
    ).then((snapshots) => new Map(snapshots.map((s) => [s.id, fromSnapshot(s)])));
  }
  return (await buildChunk)?.get(username);
}

/**
 * The card, its profile null only when the document does not exist. Any failed read throws, so
 * that ISR keeps serving the last good page rather than caching a 404.
 */
export const getCard = cache(async (username: string): Promise<StoredCard> => {
  if (env.isBuild) {
    const batched = await readDuringBuild(username);
    if (batched !== undefined) return batched;
  }
  const path = cardPath(username);
  const snapshot = await readWithDeadline(() => adminDb().doc(path).get(), path);
  return fromSnapshot(snapshot);
});
