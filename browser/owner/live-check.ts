// After a save: when does the public card show it? The change reaches the card through the same
// path as any Firestore edit (the watcher revalidates it, docs/freshness.md), so the console asks
// the card itself: its page and its vCard in each language, until one differs from what it was
// before (an edit of English words alone changes only the English card).
import { CARD_LANGUAGES, profilePath, vcardPath } from '../../lib/routes';

/** Each address of the card as read: its status and body, '' when the read failed. */
export type CardSnapshot = Record<string, string>;

const cardPaths = (username: string): string[] =>
  CARD_LANGUAGES.flatMap((lang) => [profilePath(username, lang), vcardPath(username, lang)]);

async function read(path: string, fetchImpl: typeof fetch): Promise<string> {
  try {
    const res = await fetchImpl(path, { cache: 'no-store' });
    return `${res.status}\n${await res.text()}`;
  } catch {
    return '';
  }
}

/** The card as visitors get it now. */
export async function readCard(
  username: string,
  fetchImpl: typeof fetch = fetch,
): Promise<CardSnapshot> {
  const paths = cardPaths(username);
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
 * Resolves with the milliseconds until the card differed from `before` (a failed read never
 * counts as a change), or null after the timeout or an abort.
 */
export async function waitForCardChange(
  username: string,
  before: CardSnapshot,
  { timeoutMs = 30_000, intervalMs = 400, fetchImpl = fetch, signal }: WaitOptions = {},
): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs && !signal?.aborted) {
    const now = await readCard(username, fetchImpl);
    const changed = (a = '', b = '') => a !== '' && b !== '' && a !== b;
    if (Object.keys(now).some((path) => changed(now[path], before[path]))) {
      return Date.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return null;
}
