// What this origin knows of each card's CDN purge, so that a refused purge is not forgotten: it is
// tried again with back-off until the CDN accepts it, and a recheck (revalidate-cards.ts) tells a
// card the CDN may still hold, old, from one it has dropped since the origin served the current
// write. Kept in this process: after a restart, or on another origin, a card has no record, and a
// recheck purges it again rather than take it for done.
import { purgeCards, purgeTags } from './purge';

/** The first wait before a refused purge is tried again; it doubles after each refusal… */
export const PURGE_RETRY_FIRST_MS = 1000;
/** …up to this; each attempt is itself bounded by purge.ts PURGE_BUDGET_MS. */
const PURGE_RETRY_LONGEST_MS = 60_000;
/** Settled records kept; the oldest goes first, which costs at most one more purge of it. */
const SETTLED_KEPT = 10_000;

type Entry =
  /** Marked; its regeneration and purge are under way (after the answer). */
  | { state: 'pending' }
  /** The CDN accepted a purge made once the origin served write `version`. */
  | { state: 'purged'; version: string }
  /** The CDN refused it; tried again until it accepts. */
  | { state: 'owed'; version: string };

const entries = new Map<string, Entry>();
let retry: NodeJS.Timeout | undefined;
let refusals = 0;

function set(username: string, entry: Entry): void {
  entries.delete(username);
  entries.set(username, entry);
  if (entries.size <= SETTLED_KEPT) return;
  for (const [name, { state }] of entries) {
    if (state === 'purged') {
      entries.delete(name);
      return;
    }
  }
}

/** A card marked stale here: its purge follows its regeneration. */
export function purgeUnderWay(username: string): void {
  set(username, { state: 'pending' });
}

/** Whether a purge of this card is under way in this process. */
export function isPurgeUnderWay(username: string): boolean {
  return entries.get(username)?.state === 'pending';
}

/** Whether the CDN accepted a purge of the card made once the origin served write `version`. */
export function isPurged(username: string, version: string): boolean {
  const entry = entries.get(username);
  return entry?.state === 'purged' && entry.version === version;
}

function scheduleRetry(): void {
  if (retry) return;
  const wait = Math.min(PURGE_RETRY_FIRST_MS * 2 ** refusals, PURGE_RETRY_LONGEST_MS);
  retry = setTimeout(() => void retryOwed(), wait);
  // A stopping server need not wait for it: the watcher keeps an erasure until it is confirmed.
  retry.unref();
}

async function retryOwed(): Promise<void> {
  retry = undefined;
  const owed = new Map<string, string>();
  for (const [username, entry] of entries) {
    if (entry.state === 'owed') owed.set(username, entry.version);
  }
  if (owed.size === 0) return;
  try {
    await purgeCards([...owed.keys()]);
  } catch (error) {
    refusals++;
    console.error(`CDN purge of ${[...owed.keys()].join(', ')} refused again; retrying:`, error);
    scheduleRetry();
    return;
  }
  refusals = 0;
  for (const [username, version] of owed) {
    const entry = entries.get(username);
    // Marked again meanwhile: that revalidation's own purge settles it.
    if (entry?.state === 'owed') set(username, { state: 'purged', version });
  }
  console.log(`CDN purge of ${[...owed.keys()].join(', ')} accepted on a retry`);
}

/**
 * Purges these cards (username → the write the origin serves) from the CDN: by their own tags, or
 * by `tags` that cover them all (a company's). Resolves once the CDN has accepted; otherwise they
 * are kept and tried again (by their own tags) until it does, and the PurgeError is thrown.
 */
export async function purgeServed(cards: Map<string, string>, tags?: string[]): Promise<void> {
  if (cards.size === 0) return;
  try {
    await (tags ? purgeTags(tags) : purgeCards([...cards.keys()]));
  } catch (error) {
    for (const [username, version] of cards) set(username, { state: 'owed', version });
    scheduleRetry();
    throw error;
  }
  refusals = 0;
  for (const [username, version] of cards) set(username, { state: 'purged', version });
}
