// This origin asked for one of its own pages, past every cache in between: how a revalidation
// learns what the origin now serves (Next's cache state, the card's version) before it purges the
// CDN, which would otherwise fetch the old page again.
import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';

/** The answer's headers once its body has been read (the connection is then free again). */
export async function askOrigin(origin: string, path: string, signal: AbortSignal) {
  const res = await fetch(new URL(path, origin), { cache: 'no-store', redirect: 'manual', signal });
  await res.arrayBuffer();
  return res.headers;
}

/**
 * Asks for `path` every `pollMs` until `done` accepts an answer's `x-nextjs-cache` (MISS, STALE,
 * HIT or null), or the deadline passes. Next applies a request's marks only once its response is
 * on its way, so the first answers after a mark may still come from the entry it marked.
 */
export async function askOriginUntil(
  origin: string,
  path: string,
  { deadline, pollMs }: { deadline: number; pollMs: number },
  done: (cacheState: string | null) => boolean,
): Promise<void> {
  while (Date.now() < deadline) {
    const signal = AbortSignal.timeout(Math.max(deadline - Date.now(), pollMs));
    const headers = await askOrigin(origin, path, signal);
    if (done(headers.get('x-nextjs-cache'))) return;
    await sleep(pollMs);
  }
}
