// Answers each erasure: the owner's erasure batch deletes the card and leaves erasures/{username};
// this follows that collection (it holds only erasures not yet answered), has the site revalidate
// the card and confirm that the CDN has dropped it (card-watcher.ts), deletes its orphaned
// contacts, photo, stats and lead digests (orphans.ts), voids its passes and deletes its webhooks'
// endpoints and deliveries (deliveries/fan-out-erasure.ts), then the tombstone. Removed cards get the same cleanup without
// a tombstone.
import type { Firestore, QueryDocumentSnapshot, QuerySnapshot } from 'firebase-admin/firestore';
import { ERASURES_COLLECTION } from '../../lib/collections';
import { eraseDeliveries } from '../deliveries/fan-out-erasure';
import { keepListening } from '../listener';
import { deleteOrphans } from './orphans';

export interface ErasuresOptions {
  db: Firestore;
  log: (line: string) => void;
  /**
   * Asks the site to revalidate the card; resolves once the site has confirmed it and that the
   * CDN has dropped the card.
   */
  revalidate: (username: string, at: number) => Promise<void>;
  /** A cleanup that failed (Firestore unreachable) is tried again this much later. */
  retryLaterMs: number;
  onRead?: (docs: number, initial: boolean) => void;
}

export interface Erasures {
  /** Resolves when the first snapshot (the erasures not yet answered) has arrived. */
  ready: Promise<void>;
  /** A card the watcher saw removed: its orphans go too, and no tombstone is involved. */
  cardRemoved(username: string): void;
  stop(): Promise<void>;
}

/** Cleanups at once: each is a few transactions of up to 500 deletions. */
const PARALLEL = 4;

type Job = { username: string; tombstone?: QueryDocumentSnapshot };

export function followErasures(options: ErasuresOptions): Erasures {
  const { db, log, retryLaterMs } = options;
  const queued = new Map<string, Job>();
  const active = new Map<string, Promise<void>>();
  const retries = new Set<NodeJS.Timeout>();
  const stopping = new AbortController();
  const stopped = new Promise<'stopped'>((resolve) =>
    stopping.signal.addEventListener('abort', () => resolve('stopped')),
  );
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  async function run({ username, tombstone }: Job): Promise<void> {
    const at = tombstone ? tombstone.updateTime.toMillis() : Date.now();
    const revalidated = tombstone ? options.revalidate(username, at) : Promise.resolve();
    const hooks = await eraseDeliveries(db, username, at);
    log(
      `deliveries of ${username}: passes voided, ${hooks.endpoints} webhook endpoints and ` +
        `${hooks.deliveries} webhook deliveries deleted`,
    );
    const deleted = await deleteOrphans(db, username, stopping.signal);
    log(
      `orphans of ${username}: ${deleted.contacts} contacts, ${deleted.photos} photos, ` +
        `${deleted.stats} days of stats and ${deleted.digests} lead digests deleted`,
    );
    if (!tombstone) return;
    // The tombstone is the only record that this card must still leave every cache: it is
    // deleted once the site has confirmed the revalidation and the CDN's purge, so a watcher
    // stopped, a site down or a CDN refusing purges before that leaves it to be answered again.
    if ((await Promise.race([revalidated, stopped])) === 'stopped') return;
    try {
      // Only this erasure's tombstone: a newer one (the name erased again) is answered in turn.
      await tombstone.ref.delete({ lastUpdateTime: tombstone.updateTime });
    } catch (error) {
      log(`erasure of ${username}: tombstone kept (${(error as Error).message})`);
    }
  }

  function pump(): void {
    for (const [username, job] of queued) {
      if (active.size >= PARALLEL || stopping.signal.aborted) return;
      if (active.has(username)) continue;
      queued.delete(username);
      const done = run(job)
        .catch((error: Error) => {
          if (stopping.signal.aborted) return;
          log(`orphans of ${username}: cleanup failed (${error.message}); again later`);
          const retry = setTimeout(() => {
            retries.delete(retry);
            if (!queued.has(username)) enqueue(job);
          }, retryLaterMs);
          retries.add(retry);
        })
        .finally(() => {
          active.delete(username);
          pump();
        });
      active.set(username, done);
    }
  }

  function enqueue(job: Job): void {
    const earlier = queued.get(job.username);
    // A tombstone outranks a bare removal: it must be deleted when done.
    queued.set(job.username, job.tombstone || !earlier ? job : earlier);
    pump();
  }

  function onSnapshot(snapshot: QuerySnapshot, initial: boolean): void {
    const changes = snapshot.docChanges();
    options.onRead?.(changes.filter((c) => c.type !== 'removed').length, initial);
    for (const change of changes) {
      const username = change.doc.id;
      if (change.type === 'removed') {
        if (queued.get(username)?.tombstone) queued.delete(username);
      } else {
        enqueue({ username, tombstone: change.doc });
      }
    }
    if (initial) markReady();
  }

  const tombstones = keepListening({
    open: (next, fail) =>
      db
        .collection(ERASURES_COLLECTION)
        .onSnapshot(next, (error) => fail(`erasures listener failed (${error.message})`)),
    onSnapshot,
    log,
    name: 'watch',
  });

  return {
    ready,
    cardRemoved: (username) => enqueue({ username }),
    async stop() {
      stopping.abort();
      tombstones.stop();
      retries.forEach(clearTimeout);
      queued.clear();
      await Promise.allSettled([...active.values()]);
    },
  };
}
