// Follows the users collection and asks the site to revalidate each changed profile, so every
// cached copy follows an owner's edit within about a second.
import type { Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import { requestRevalidation, type RevalidateClientOptions } from './client';
import { MAX_USERNAMES } from './request';

export interface WatcherOptions extends RevalidateClientOptions {
  db: Firestore;
  /** Changes within this window are sent together, one entry per username. */
  windowMs?: number;
  log?: (line: string) => void;
  now?: () => number;
  /** After the client has given up, the cards are sent again this much later, until it works. */
  retryLaterMs?: number;
}

export interface Watcher {
  /** Resolves when the first snapshot (the state at start) has arrived. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

type Change = { kind: 'added' | 'modified' | 'removed'; at: number };

export function startWatcher(options: WatcherOptions): Watcher {
  const { db, windowMs = 1000, log = console.log, now = Date.now, retryLaterMs = 30_000 } = options;
  const pending = new Map<string, Change>();
  const known = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let lastReadTime = 0;
  let first = true;
  let timer: NodeJS.Timeout | undefined;
  const retries = new Set<NodeJS.Timeout>();
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  let failures = 0;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function flush(): void {
    timer = undefined;
    const batch = [...pending.entries()];
    pending.clear();
    for (let i = 0; i < batch.length; i += MAX_USERNAMES) {
      const chunk = batch.slice(i, i + MAX_USERNAMES);
      const job = requestRevalidation(
        chunk.map(([username]) => username),
        {
          ...options,
          onRetry: (attempt, reason, delay) =>
            log(`revalidate: site not answering (${reason}); retry ${attempt} in ${delay} ms`),
        },
      ).then(
        () => {
          const answered = now();
          for (const [username, change] of chunk) {
            log(
              `revalidated ${username} (${change.kind}) ${answered - change.at} ms after the change`,
            );
          }
        },
        (error: Error) => {
          log(`revalidate failed for ${chunk.map(([u]) => u).join(', ')}: ${error.message}`);
          // A card the site could not refresh (Firestore down, CDN not answering) is still
          // served as it was; it is sent again until the site confirms it.
          if (stopped) return;
          const retry = setTimeout(() => {
            retries.delete(retry);
            for (const [username, change] of chunk) note(username, change);
          }, retryLaterMs);
          retries.add(retry);
        },
      );
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
    }
  }

  function note(username: string, change: Change): void {
    const earlier = pending.get(username);
    pending.set(
      username,
      earlier ? { kind: change.kind, at: Math.min(earlier.at, change.at) } : change,
    );
    timer ??= setTimeout(flush, windowMs);
  }

  function onSnapshot(snapshot: QuerySnapshot): void {
    failures = 0;
    const readTime = snapshot.readTime.toMillis();
    if (first) {
      // The state at (re)subscription: after a reconnect, send what changed while we were away.
      const present = new Set(snapshot.docs.map((d) => d.id));
      if (lastReadTime > 0) {
        for (const doc of snapshot.docs) {
          const updated = doc.updateTime.toMillis();
          if (updated > lastReadTime)
            note(doc.id, { kind: known.has(doc.id) ? 'modified' : 'added', at: updated });
        }
        for (const username of known) {
          if (!present.has(username)) note(username, { kind: 'removed', at: readTime });
        }
      }
      known.clear();
      present.forEach((u) => known.add(u));
      first = false;
      markReady();
    } else {
      for (const change of snapshot.docChanges()) {
        const username = change.doc.id;
        const at = change.type === 'removed' ? readTime : change.doc.updateTime.toMillis();
        if (change.type === 'removed') known.delete(username);
        else known.add(username);
        note(username, { kind: change.type, at });
      }
    }
    lastReadTime = readTime;
  }

  function subscribe(): void {
    if (stopped) return;
    first = true;
    unsubscribe = db.collection('users').onSnapshot(onSnapshot, (error) => {
      failures++;
      const delay = Math.min(1000 * 2 ** (failures - 1), 30_000);
      log(`watch: Firestore listener failed (${error.message}); reconnecting in ${delay} ms`);
      unsubscribe = undefined;
      setTimeout(subscribe, delay);
    });
  }

  subscribe();
  return {
    ready,
    async stop() {
      stopped = true;
      unsubscribe?.();
      retries.forEach(clearTimeout);
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      await Promise.allSettled([...inFlight]);
    },
  };
}
