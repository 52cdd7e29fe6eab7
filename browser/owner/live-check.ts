// After a save: when does the public card show it? The change reaches the card through the same
// path as any Firestore edit (the watcher revalidates it, docs/freshness.md), so the console asks
// the card itself: its page and its vCard in the languages the save shows in, until one differs
// from what it was before (an edit of English words alone changes only the English card).
import { DEFAULT_LANGUAGE, profilePath, vcardPath, type CardLanguage } from '../../lib/routes';

/** Each address of the card as read: its status and body, '' when the read failed. */
export type CardSnapshot = Record<string, string>;

export interface ReadOptions {
  /** The card's languages to read (browser/owner/card-form.ts languagesShowing); Greek alone. */
  languages?: readonly CardLanguage[];
  fetchImpl?: typeof fetch;
}

async function read(path: string, fetchImpl: typeof fetch): Promise<string> {
  try {
    const res = await fetchImpl(path, { cache: 'no-store' });
    return `${res.status}\n${await res.text()}`;
  } catch {
    return '';
  }
}

/** The card as visitors get it now, in `languages`. */
export async function readCard(
  username: string,
  { languages = [DEFAULT_LANGUAGE], fetchImpl = fetch }: ReadOptions = {},
): Promise<CardSnapshot> {
  const paths = languages.flatMap((lang) => [
    profilePath(username, lang),
    vcardPath(username, lang),
  ]);
  return readPaths(paths, fetchImpl);
}

async function readPaths(paths: string[], fetchImpl: typeof fetch): Promise<CardSnapshot> {
  const bodies = await Promise.all(paths.map((path) => read(path, fetchImpl)));
  return Object.fromEntries(paths.map((path, index) => [path, bodies[index]]));
}

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  fetchImpl?: typeof fetch;
  /** Stops polling early (the console was left, another save started). */
  signal?: AbortSignal;
}

/**
 * Resolves with the milliseconds until one of the addresses read in `before` differed from it (a
 * failed read never counts as a change), or null after the timeout or an abort.
 */
export async function waitForCardChange(
  before: CardSnapshot,
  { timeoutMs = 30_000, intervalMs = 400, fetchImpl = fetch, signal }: WaitOptions = {},
): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs && !signal?.aborted) {
    const now = await readPaths(Object.keys(before), fetchImpl);
    const changed = (a = '', b = '') => a !== '' && b !== '' && a !== b;
    if (Object.keys(now).some((path) => changed(now[path], before[path]))) {
      return Date.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return null;
}
