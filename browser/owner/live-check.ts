// After a save: when does the public card show it? The change reaches the card through the same
// path as any Firestore edit (the watcher revalidates it, docs/freshness.md), so the console asks
// the card itself: its page and its vCard, until either differs from what they were before.
import { profilePath, vcardPath } from '../../lib/routes';

export interface CardSnapshot {
  page: string;
  vcard: string;
}

async function read(path: string, fetchImpl: typeof fetch): Promise<string> {
  try {
    const res = await fetchImpl(path, { cache: 'no-store' });
    return `${res.status}\n${await res.text()}`;
  } catch {
    return '';
  }
}

/** The card as visitors get it now. */
export async function readCard(username: string, fetchImpl: typeof fetch = fetch) {
  const [page, vcard] = await Promise.all([
    read(profilePath(username), fetchImpl),
    read(vcardPath(username), fetchImpl),
  ]);
  return { page, vcard };
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
    const changed = (a: string, b: string) => a !== '' && b !== '' && a !== b;
    if (changed(now.page, before.page) || changed(now.vcard, before.vcard)) {
      return Date.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return null;
}
