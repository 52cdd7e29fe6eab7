import 'server-only';
import { after } from 'next/server';
import { isPurged, isPurgeUnderWay, purgeServed, purgeUnderWay } from '../cdn/purge-ledger';
import { CARD_VERSION_HEADER } from '../cdn/tags';
import { env } from '../../lib/env';
import { getCard } from '../profile-store';
import { cardPaths } from '../../lib/routes';
import { askOrigin, askOriginUntil } from './ask-origin';
import { markStale, renderBoundMs } from './marks';
import { recheckLater } from './recheck-later';

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

/** The write Firestore holds now ('none' when the card does not exist), or null unanswered. */
async function versionNow(username: string): Promise<string | null> {
  try {
    return (await getCard(username)).version;
  } catch {
    return null;
  }
}

/**
 * Asks this origin for the path until it answers from a regenerated entry: a miss, or a fresh
 * answer after a stale one (the first request that finds the entry stale starts the
 * regeneration).
 */
async function regenerate(origin: string, path: string, deadline: number): Promise<void> {
  let marked = false;
  await askOriginUntil(origin, path, { deadline, pollMs: POLL_MS }, (state) => {
    if (state === 'MISS' || (marked && state !== 'STALE')) return true;
    if (state === 'STALE') marked = true;
    return false;
  });
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
        const headers = await askOrigin(origin, path, AbortSignal.timeout(renderBoundMs()));
        return headers.get(CARD_VERSION_HEADER);
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
    if (!recheck) recheckLater({ usernames: revalidated }, Date.now());
  }
  return { revalidated, pending, current, unpurged };
}
