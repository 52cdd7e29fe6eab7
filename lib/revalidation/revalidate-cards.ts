import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { revalidateTag } from 'next/cache';
import { NEXT_CACHE_IMPLICIT_TAG_ID } from 'next/dist/lib/constants';
import { after } from 'next/server';
import { purgeCards } from '../cdn/purge';
import { env } from '../env';
import { getProfile } from '../profile-store';
import { cardPaths } from '../routes';

export interface Revalidation {
  /** Marked stale: regenerated on this origin (and, through a shared cache, on all) next. */
  revalidated: string[];
  /** Left exactly as they were, still served, because Firestore did not answer. */
  pending: string[];
}

const POLL_MS = 100;

// revalidatePath expires a page at once, so the next request must regenerate it, and with
// Firestore unreachable that request fails. Marking the path's implicit tag stale ('max') keeps
// the last good page served while a regeneration is tried. Next has no public call that marks a
// path stale, so the tag is built from Next's own constant rather than a copy of it.
function markStale(path: string): void {
  revalidateTag(`${NEXT_CACHE_IMPLICIT_TAG_ID}${path}`, 'max');
}

async function answersNow(username: string): Promise<boolean> {
  try {
    await getProfile(username);
    return true;
  } catch {
    return false;
  }
}

/**
 * Asks this origin for the path until it answers from a regenerated entry. Next applies the
 * marks only once the revalidation's response is on its way, so the first answers may still be
 * the old fresh entry; the first request that finds it stale starts the regeneration.
 */
async function regenerate(origin: string, path: string, deadline: number): Promise<void> {
  let marked = false;
  while (Date.now() < deadline) {
    const res = await fetch(new URL(path, origin), {
      cache: 'no-store',
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.max(deadline - Date.now(), POLL_MS)),
    });
    await res.arrayBuffer();
    const state = res.headers.get('x-nextjs-cache');
    if (state === 'MISS' || (marked && state !== 'STALE')) return;
    if (state === 'STALE') marked = true;
    await sleep(POLL_MS);
  }
}

/** Regenerates on this origin, then purges the CDN, so that it fetches the new card. */
async function refreshAndPurge(usernames: string[]): Promise<void> {
  const origin = env.ownOrigin;
  if (origin) {
    const deadline = Date.now() + env.firestoreReadTimeoutMs + 2000;
    const paths = usernames.flatMap(cardPaths);
    await Promise.all(paths.map((path) => regenerate(origin, path, deadline))).catch(
      (error: Error) => console.error(`Regenerating ${paths.join(', ')} failed:`, error),
    );
  }
  await purgeCards(usernames).catch((error: Error) =>
    console.error(`CDN purge of ${usernames.join(', ')} failed:`, error),
  );
}

/**
 * Marks every page rendered from these profiles stale, then (after the response) regenerates
 * them on this origin and purges them from the CDN. A card is marked only while Firestore
 * answers for it, so that its regeneration succeeds; the others are left exactly as they are,
 * still served, and reported pending.
 */
export async function revalidateCards(usernames: string[]): Promise<Revalidation> {
  const answered = await Promise.all(usernames.map(answersNow));
  const revalidated = usernames.filter((_, i) => answered[i]);
  const pending = usernames.filter((_, i) => !answered[i]);
  revalidated.flatMap(cardPaths).forEach(markStale);
  if (revalidated.length > 0) after(() => refreshAndPurge(revalidated));
  return { revalidated, pending };
}
