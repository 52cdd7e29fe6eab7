// Follows the companies whose template is saved (templateAt, stamped by the server with each save)
// and has every card of each rechecked (card-watcher.ts): the server fans a save out itself
// (server/revalidation/company-fan-out.ts), and one it did not finish (killed mid-way) is
// finished here. The
// listener asks only for companies saved after a point in time, as the card listener does
// (card-watcher.ts): from Firestore's "now" at the start, then from the last snapshot's read time
// after a dropped listener or a periodic re-listen, so it never holds the whole collection.
// A change of a team's overrides (its updatedAt, server/company/teams.ts) is followed the same
// way: its company's cards are rechecked, which redoes only those served from before it (the
// team's members; the others are found current, at no render and no purge).
import { Timestamp, type Firestore, type QuerySnapshot } from 'firebase-admin/firestore';
import {
  COMPANIES_COLLECTION,
  TEAMS_COLLECTION,
  TEAM_UPDATED_FIELD,
  TEMPLATE_AT_FIELD,
} from '../lib/collections';
import { listenSince } from './listen-since';
import { keepListening, type Unsubscribe } from './listener';

export interface CompaniesOptions {
  db: Firestore;
  log: (line: string) => void;
  /**
   * Asks the site to recheck every card of the company; resolves once it has confirmed that each
   * is served current and has left the CDN, rejects when it could not.
   */
  recheck: (companyId: string) => Promise<void>;
  /**
   * A save is rechecked this much after it is seen: the server's own fan-out has done it by then,
   * so the recheck finds every card current and costs no render and no purge.
   */
  delayMs: number;
  /** A recheck that failed is asked again this much later. */
  retryLaterMs: number;
  /** The listener is replaced this often (it holds the companies saved since it began). */
  refreshMs: number;
  onRead?: (docs: number, initial: boolean) => void;
}

export interface Companies {
  /** Resolves with the listener's first snapshot. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function followCompanies(options: CompaniesOptions): Companies {
  const { db, log, recheck, delayMs, retryLaterMs, refreshMs, onRead } = options;
  /** Company → the time of the save seen first among those not yet rechecked. */
  const due = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let since: Timestamp | undefined;
  let lastReadTime: Timestamp | undefined;
  let held = 0;
  /** Each held company's template save: another change of it (a member joining) is no save. */
  const saves = new Map<string, number>();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function schedule(companyId: string, at: number, wait: number): void {
    if (stopped || due.has(companyId)) return;
    const timer = setTimeout(() => {
      due.delete(companyId);
      const job = recheck(companyId).then(
        () => log(`revalidated company ${companyId} ${Date.now() - at} ms after its template save`),
        (error: Error) => {
          log(`revalidate failed for company ${companyId}: ${error.message}; again later`);
          schedule(companyId, at, retryLaterMs);
        },
      );
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
    }, wait);
    due.set(companyId, { at, timer });
  }

  function onSnapshot(snapshot: QuerySnapshot, initial: boolean): void {
    const changes = snapshot.docChanges().filter((change) => change.type !== 'removed');
    onRead?.(changes.length, initial);
    if (initial) saves.clear();
    for (const change of changes) {
      const savedAt = change.doc.get(TEMPLATE_AT_FIELD) as Timestamp;
      if (saves.get(change.doc.id) === savedAt.toMillis()) continue;
      saves.set(change.doc.id, savedAt.toMillis());
      schedule(change.doc.id, change.doc.updateTime.toMillis(), delayMs);
    }
    held = snapshot.size;
    lastReadTime = snapshot.readTime;
    if (initial) markReady();
  }

  function listen(
    from: Timestamp,
    next: (snapshot: QuerySnapshot) => void,
    fail: (reason: string) => void,
  ): Unsubscribe {
    return db
      .collection(COMPANIES_COLLECTION)
      .where(TEMPLATE_AT_FIELD, '>', from)
      .onSnapshot(next, (error) => fail(`Firestore listener failed (${error.message})`));
  }

  function open(
    next: (snapshot: QuerySnapshot) => void,
    fail: (reason: string) => void,
  ): Unsubscribe {
    held = 0;
    since = lastReadTime ?? since;
    return listenSince(
      db.collection(COMPANIES_COLLECTION),
      TEMPLATE_AT_FIELD,
      since,
      (from) => listen(from, next, fail),
      (from) => (since = from),
      fail,
    );
  }

  const listener = keepListening({
    open,
    onSnapshot,
    log,
    name: 'watch companies',
    relisten: { everyMs: refreshMs, when: () => held > 0 },
  });

  const teams = followTeams({
    ...options,
    changed: (companyId, at) => schedule(companyId, at, delayMs),
  });

  return {
    ready,
    async stop() {
      stopped = true;
      listener.stop();
      teams.stop();
      due.forEach(({ timer }) => clearTimeout(timer));
      due.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * Follows the teams whose overrides change (their updatedAt, in every company: a collection-group
 * listener), from Firestore's "now" as the companies' listener does; tells `changed` the team's
 * company and the time of the change.
 */
function followTeams(
  options: CompaniesOptions & { changed: (companyId: string, at: number) => void },
): { stop(): void } {
  const { db, log, refreshMs, onRead, changed } = options;
  const group = db.collectionGroup(TEAMS_COLLECTION);
  let since: Timestamp | undefined;
  let lastReadTime: Timestamp | undefined;
  let held = 0;
  /** Each held team's last change seen: a rename alone is none. */
  const seen = new Map<string, number>();

  function onSnapshot(snapshot: QuerySnapshot, initial: boolean): void {
    const changes = snapshot.docChanges().filter((change) => change.type !== 'removed');
    onRead?.(changes.length, initial);
    if (initial) seen.clear();
    for (const change of changes) {
      const companyId = change.doc.ref.parent.parent?.id;
      const at = (change.doc.get(TEAM_UPDATED_FIELD) as Timestamp | undefined)?.toMillis();
      if (!companyId || at === undefined || seen.get(change.doc.ref.path) === at) continue;
      seen.set(change.doc.ref.path, at);
      changed(companyId, change.doc.updateTime.toMillis());
    }
    held = snapshot.size;
    lastReadTime = snapshot.readTime;
  }

  function open(
    next: (snapshot: QuerySnapshot) => void,
    fail: (reason: string) => void,
  ): Unsubscribe {
    held = 0;
    since = lastReadTime ?? since;
    return listenSince(
      group,
      TEAM_UPDATED_FIELD,
      since,
      (from) =>
        group
          .where(TEAM_UPDATED_FIELD, '>', from)
          .onSnapshot(next, (error) => fail(`Firestore listener failed (${error.message})`)),
      (from) => (since = from),
      fail,
    );
  }

  return keepListening({
    open,
    onSnapshot,
    log,
    name: 'watch teams',
    relisten: { everyMs: refreshMs, when: () => held > 0 },
  });
}
