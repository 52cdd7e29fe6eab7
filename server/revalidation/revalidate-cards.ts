import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { revalidateTag } from 'next/cache';
import { NEXT_CACHE_IMPLICIT_TAG_ID } from 'next/dist/lib/constants';
import { after } from 'next/server';
import { isPurged, isPurgeUnderWay, purgeServed, purgeUnderWay } from '../cdn/purge-ledger';
import { CARD_VERSION_HEADER } from '../cdn/tags';
import { env } from '../../lib/env';
import { getCard } from '../profile-store';
import { cardPaths } from '../../lib/routes';
import { requestRevalidation } from './client';

export interface Revalidation {
  /** Marked stale: regenerated on this origin (and, through a shared cache, on all) next. */
  revalidated: string[];
  /** Left exactly as they were, still served, because Firestore did not answer. */
  pending: string[];
  /**
   * A recheck's: served from the card as Firestore holds it, and dropped by the CDN since (purged
   * now unless this origin had already).
   */
  current: string[];
  /**
   * A recheck's: a purge under way here, or served as Firestore holds it but refused by the CDN
   * (tried again until accepted).
   */
  unpurged: string[];
}

const POLL_MS = 100;
// Rendering a card and storing it takes well under this once its read has answered.
const RENDER_MARGIN_MS = 2000;

/** The longest a render begun before a mark can go on: its read's deadline, then the rest. */
export function renderBoundMs(): number {
  return env.firestoreReadTimeoutMs + RENDER_MARGIN_MS;
}

// revalidatePath expires a page at once, so the next request must regenerate it, and with
// Firestore unreachable that request fails. Marking the path's implicit tag stale ('max') keeps
// the last good page served while a regeneration is tried. Next has no public call that marks a
// path stale, so the tag is built from Next's own constant rather than a copy of it.
export function markStale(path: string): void {
  revalidateTag(`${NEXT_CACHE_IMPLICIT_TAG_ID}${path}`, 'max');
}

/** The write Firestore holds now ('none' when the card does not exist), or null unanswered. */
async function versionNow(username: string): Promise<string | null> {
  try {
    return (await getCard(username)).version;
  } catch {
    return null;
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

/**
 * Whether every answer of the card this origin serves was rendered from the write Firestore holds
 * now. The first pass of a revalidation has regenerated them and purged the CDN, which then
 * fetched them from this cache: if they are current and that purge was accepted, so is the CDN,
 * and the recheck purges nothing. An answer stored by a render that read the card before the edit
 * carries the older version. Any failure counts as not current, which costs only a purge.
 */
async function servedCurrent(origin: string, username: string, version: string): Promise<boolean> {
  try {
    const served = await Promise.all(
      cardPaths(username).map(async (path) => {
        const res = await fetch(new URL(path, origin), {
          cache: 'no-store',
          redirect: 'manual',
          signal: AbortSignal.timeout(renderBoundMs()),
        });
        await res.arrayBuffer();
        return res.headers.get(CARD_VERSION_HEADER);
      }),
    );
    return served.every((seen) => seen === version);
  } catch {
    return false;
  }
}

/**
 * Regenerates on this origin, then purges the CDN, so that it fetches the new card; a purge the
 * CDN refuses is tried again until it accepts (purge-ledger.ts).
 */
async function refreshAndPurge(
  origin: string | undefined,
  cards: Map<string, string>,
): Promise<void> {
  if (origin) {
    const deadline = Date.now() + renderBoundMs();
    const paths = [...cards.keys()].flatMap(cardPaths);
    await Promise.all(paths.map((path) => regenerate(origin, path, deadline))).catch(
      (error: Error) => console.error(`Regenerating ${paths.join(', ')} failed:`, error),
    );
  }
  await purgeServed(cards).catch((error: Error) =>
    console.error(`CDN purge of ${[...cards.keys()].join(', ')} failed; retrying:`, error),
  );
}

// Next takes an entry stored after a mark for fresh, whenever its read was made. A render that
// read the card before the edit (a visitor's, or the warm-up of an earlier revalidation, on any
// origin sharing the cache) and is stored after the mark would be served for the next hour. So
// once every such render has ended, the revalidation is sent again. It must be a new request:
// Next applies the marks of `after()` only when all of them have finished. And it is a timer
// rather than an `after()` task, which Next would wait for before shutting down; an unref'd
// timer lets a stopping server go, and a recheck is worth nothing to it.
function scheduleRecheck(origin: string, usernames: string[]): void {
  const secret = env.revalidateSecret;
  if (!secret) return;
  const recheck = () =>
    requestRevalidation(usernames, { siteUrl: origin, secret, recheck: true }).catch(
      (error: Error) => console.error(`Rechecking ${usernames.join(', ')} failed:`, error),
    );
  setTimeout(recheck, renderBoundMs()).unref();
}

/**
 * Marks every page rendered from these profiles stale, then (after the response) regenerates
 * them on this origin and purges them from the CDN. A card is marked only while Firestore answers
 * for it, so that its regeneration succeeds; the others are left exactly as they are, still
 * served, and reported pending. Unless this is one already, a recheck follows once the renders
 * begun before the mark have ended.
 *
 * A recheck settles each card: one whose regeneration and purge are under way here is left to
 * them; one this origin still serves from an older write is done again (`revalidated`); one
 * served as Firestore holds it is `current` once the CDN has dropped it since: at once when this
 * origin's own purge was accepted (so an edit costs the CDN one purge), else after a purge made
 * now, and `unpurged` when the CDN refuses that. Only a recheck whose every card is current
 * settles them all.
 */
export async function revalidateCards(
  usernames: string[],
  { recheck = false }: { recheck?: boolean } = {},
): Promise<Revalidation> {
  const origin = env.ownOrigin;
  const versions = await Promise.all(usernames.map(versionNow));
  const answered = new Map<string, string>();
  usernames.forEach((username, i) => {
    const version = versions[i];
    if (version !== null) answered.set(username, version);
  });
  const pending = usernames.filter((username) => !answered.has(username));
  const current: string[] = [];
  const unpurged: string[] = [];
  let redo = answered;
  if (recheck) {
    redo = new Map();
    const toPurge = new Map<string, string>();
    await Promise.all(
      [...answered].map(async ([username, version]) => {
        if (isPurgeUnderWay(username)) unpurged.push(username);
        else if (origin && !(await servedCurrent(origin, username, version))) {
          redo.set(username, version);
        } else if (isPurged(username, version)) current.push(username);
        else toPurge.set(username, version);
      }),
    );
    try {
      await purgeServed(toPurge);
      current.push(...toPurge.keys());
    } catch (error) {
      console.error(`CDN purge of ${[...toPurge.keys()].join(', ')} failed; retrying:`, error);
      unpurged.push(...toPurge.keys());
    }
  }
  const revalidated = [...redo.keys()];
  revalidated.flatMap(cardPaths).forEach(markStale);
  revalidated.forEach(purgeUnderWay);
  if (revalidated.length > 0) {
    after(() => refreshAndPurge(origin, redo));
    if (origin && !recheck) scheduleRecheck(origin, revalidated);
  }
  return { revalidated, pending, current, unpurged };
}
