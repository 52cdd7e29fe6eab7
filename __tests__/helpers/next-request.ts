// A route handler (or the server function behind one) run in process as `next start` runs it:
// inside Next's own request scope, built by Next's own modules as its app-route module builds it,
// so that the revalidateTag and after() the code calls are Next's real ones. What Next does with
// the marks once the handler has answered, it hands to its incremental cache: here one that
// records them (a real server's cache is the e2e project's to test). The after() tasks run once
// the response has been read, as Next runs them when the response closes, and the call resolves
// when they (and any marks they made) have finished.
import { createRequestStoreForAPI } from 'next/dist/server/async-storage/request-store';
import { createWorkStore } from 'next/dist/server/async-storage/work-store';
import { workAsyncStorage } from 'next/dist/server/app-render/work-async-storage.external';
import { workUnitAsyncStorage } from 'next/dist/server/app-render/work-unit-async-storage.external';
import { defaultConfig, type ResolvedCacheLifeProfiles } from 'next/dist/server/config-shared';
import type { IncrementalCache } from 'next/dist/server/lib/incremental-cache';
import { getImplicitTags } from 'next/dist/server/lib/implicit-tags';
import { executeRevalidates } from 'next/dist/server/revalidation-utils';
import { NEXT_CACHE_IMPLICIT_TAG_ID } from 'next/dist/lib/constants';

export interface Mark {
  /** The tag Next was told to revalidate: for a path, its implicit tag. */
  tag: string;
  /** The mark's expiry in seconds (the 'max' profile's for a stale mark); none, expired now. */
  expire: number | undefined;
}

const marks: Mark[] = [];

/** Every mark Next has applied in this file so far, in order. */
export function appliedMarks(): readonly Mark[] {
  return marks;
}

/** The paths whose implicit tags were marked from the `since`th mark on, in order. */
export function markedPaths(since = 0): string[] {
  return marks
    .slice(since)
    .filter((mark) => mark.tag.startsWith(NEXT_CACHE_IMPLICIT_TAG_ID))
    .map((mark) => mark.tag.slice(NEXT_CACHE_IMPLICIT_TAG_ID.length));
}

const recordingCache = {
  async revalidateTag(tags: string | string[], durations?: { expire?: number }) {
    for (const tag of [tags].flat()) marks.push({ tag, expire: durations?.expire });
  },
} as unknown as IncrementalCache;

/**
 * Runs `run` in the request scope of route `page` (its file's path under app/, e.g.
 * '/api/revalidate/route') for `request`, then closes the request: Next applies its marks and
 * runs its after() tasks, and this resolves with `run`'s result once they have finished.
 */
export async function inNextRequest<T>(
  page: string,
  request: Request,
  run: () => Promise<T>,
): Promise<T> {
  const closers: Array<() => void> = [];
  const waiting: Array<Promise<unknown>> = [];
  const workStore = createWorkStore({
    page,
    renderOpts: {
      // Next's own profiles ('max' among them); only the default's `stale` is left to its config.
      cacheLifeProfiles: defaultConfig.cacheLife as unknown as ResolvedCacheLifeProfiles,
      staticPageGenerationTimeout: defaultConfig.staticPageGenerationTimeout,
      incrementalCache: recordingCache,
      cacheComponents: false,
      validationLevel: 'warning',
      experimental: {
        isRoutePPREnabled: false,
        authInterrupts: false,
        useCacheTimeout: 30,
        durableUseCacheEntries: false,
      },
      assetPrefix: '',
      isBuildTimePrerendering: false,
      isDraftMode: false,
      waitUntil: (promise) => void waiting.push(promise),
      onClose: (callback) => void closers.push(callback),
      onAfterTaskError: undefined,
    },
    buildId: 'in-process',
    deploymentId: '',
    previouslyRevalidatedTags: [],
  });
  const url = new URL(request.url);
  const requestStore = createRequestStoreForAPI(
    request as unknown as Parameters<typeof createRequestStoreForAPI>[0],
    { pathname: url.pathname, search: url.search },
    await getImplicitTags(page, url.pathname, null),
    undefined,
    undefined as unknown as Parameters<typeof createRequestStoreForAPI>[4],
    undefined,
  );
  const result = await workUnitAsyncStorage.run(requestStore, () =>
    workAsyncStorage.run(workStore, run),
  );
  // As the app-route module does once the handler has answered.
  const revalidates = executeRevalidates(workStore);
  if (revalidates) waiting.push(revalidates);
  closers.forEach((close) => close());
  // A task may start another (after() inside after()).
  for (let settled = 0; settled < waiting.length;) {
    const now = waiting.length;
    await Promise.all(waiting.slice(settled, now));
    settled = now;
  }
  return result;
}

/**
 * `serve`, the server function behind route `page`, as that route calls it: each call in a
 * request scope of its own (inNextRequest), resolved once its after() tasks have finished.
 */
export function asRoute<A extends unknown[], R>(
  page: string,
  serve: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  const path = page.replace(/\/route$/, '');
  return (...args) =>
    inNextRequest(page, new Request(`http://127.0.0.1${path}`, { method: 'POST' }), () =>
      serve(...args),
    );
}
