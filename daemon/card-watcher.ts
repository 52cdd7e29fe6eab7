// Follows the cards that change and asks the site to revalidate each, so every cached copy follows
// an owner's edit within about a second; answers erasures (erasures.ts), which makes it the process
// that deletes orphaned contacts.
//
// It never holds the whole users collection: every write the app makes to a card stamps
// UPDATED_FIELD with Firestore's time (server/card-stamp.ts), and the listener asks only for cards
// stamped after a point in time. It starts from Firestore's "now"; after a dropped listener, and
// every `refreshMs` (the SDK keeps every document of a listen's result set), it listens again from
// the last snapshot's read time, so it reads what changed meanwhile and nothing else. A card
// written without the stamp (by hand in the Firebase console) is not followed.
import { Timestamp, type Firestore, type QuerySnapshot } from 'firebase-admin/firestore';
import {
  COMPANIES_COLLECTION,
  ERASURES_COLLECTION,
  UPDATED_FIELD,
  USERS_COLLECTION,
  companyCardsQuery,
} from '../lib/collections';
import { requestRevalidation, type RevalidateClientOptions } from '../server/revalidation/client';
import { followErasures } from './cleanup/erasures';
import { followCompanies } from './companies';
import { listenSince } from './listen-since';
import { keepListening, type Unsubscribe } from './listener';
import { MAX_USERNAMES } from '../server/revalidation/request';

export interface WatchRead {
  listener: typeof USERS_COLLECTION | typeof ERASURES_COLLECTION | typeof COMPANIES_COLLECTION;
  /** Documents Firestore delivered in one snapshot: the reads it bills. */
  docs: number;
  /** The first snapshot of a listener, at start or after listening again. */
  initial: boolean;
}

export interface WatcherOptions extends RevalidateClientOptions {
  db: Firestore;
  /** Changes within this window are sent together, one entry per username. */
  windowMs?: number;
  log?: (line: string) => void;
  now?: () => number;
  /** After the client has given up, the cards are sent again this much later, until it works. */
  retryLaterMs?: number;
  /** The card listener is replaced this often, dropping the cards it holds (none when idle). */
  refreshMs?: number;
  /**
   * A company's template save is rechecked this much after it is seen (daemon/companies.ts): by
   * then the server's own fan-out has regenerated and purged every member card.
   */
  companyDelayMs?: number;
  onRead?: (read: WatchRead) => void;
}

export interface Watcher {
  /** Resolves when both listeners have their first snapshot. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** A snapshot of the card listener, and the time it listens from. */
type CardsSnapshot = { snapshot: QuerySnapshot; from: Timestamp };

type Change = {
  kind: 'added' | 'modified' | 'removed' | 'erased';
  at: number;
  /** Called once the site has confirmed a request sent after this change. */
  confirmed?: Array<() => void>;
};

export function startWatcher(options: WatcherOptions): Watcher {
  const {
    db,
    windowMs = 1000,
    log = console.log,
    now = Date.now,
    retryLaterMs = 30_000,
    refreshMs = 10 * 60_000,
    companyDelayMs = 30_000,
    onRead,
  } = options;
  const pending = new Map<string, Change>();
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  const retries = new Set<NodeJS.Timeout>();
  let stopped = false;
  /** Cards stamped after this are followed; Firestore's clock, never ours. */
  let since: Timestamp | undefined;
  let lastReadTime: Timestamp | undefined;
  /** Cards the current listener holds. */
  let held = 0;
  let markReady: () => void = () => {};
  const cardsReady = new Promise<void>((resolve) => (markReady = resolve));

  function flush(): void {
    timer = undefined;
    const batch = [...pending.entries()];
    pending.clear();
    for (let i = 0; i < batch.length; i += MAX_USERNAMES) {
      const chunk = batch.slice(i, i + MAX_USERNAMES);
      const names = chunk.map(([username]) => username);
      const clientOptions: RevalidateClientOptions = {
        ...options,
        onRetry: (attempt, reason, delay) =>
          log(`revalidate: site not answering (${reason}); retry ${attempt} in ${delay} ms`),
      };
      const erased = chunk.filter(([, change]) => change.kind === 'erased').map(([u]) => u);
      const job = requestRevalidation(names, clientOptions)
        // An erased card must have left the CDN too before its tombstone goes: a recheck answers
        // 200 only once the CDN has accepted a purge made after the origin served it gone, and
        // 503 (retried as above, then again later) while a purge is refused.
        .then(() =>
          erased.length > 0
            ? requestRevalidation(erased, { ...clientOptions, recheck: true })
            : undefined,
        )
        .then(
          () => {
            const answered = now();
            for (const [username, change] of chunk) {
              log(
                `revalidated ${username} (${change.kind}) ${answered - change.at} ms after the change`,
              );
              change.confirmed?.forEach((confirm) => confirm());
            }
          },
          (error: Error) => {
            log(`revalidate failed for ${names.join(', ')}: ${error.message}`);
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
      earlier
        ? {
            // An erasure stays one (its purge is confirmed before its tombstone goes), whatever
            // the watcher saw of the card besides.
            kind: earlier.kind === 'erased' ? 'erased' : change.kind,
            at: Math.min(earlier.at, change.at),
            confirmed: [...(earlier.confirmed ?? []), ...(change.confirmed ?? [])],
          }
        : change,
    );
    timer ??= setTimeout(flush, windowMs);
  }

  const erasures = followErasures({
    db,
    log,
    retryLaterMs,
    revalidate: (username, at) =>
      new Promise((confirm) => note(username, { kind: 'erased', at, confirmed: [confirm] })),
    onRead: (docs, initial) => onRead?.({ listener: ERASURES_COLLECTION, docs, initial }),
  });

  /**
   * A template save reaches every card of the company: the server fans it out, and this recheck
   * of each card (MAX_USERNAMES a request; the site answers 200 once each is served as Firestore
   * holds it and has left the CDN, and redoes one that is not) finishes a fan-out it did not.
   */
  async function recheckCompany(companyId: string): Promise<void> {
    const cards = await companyCardsQuery(db, companyId).select().get();
    onRead?.({ listener: USERS_COLLECTION, docs: cards.size, initial: false });
    const usernames = cards.docs.map((doc) => doc.id);
    for (let i = 0; i < usernames.length; i += MAX_USERNAMES) {
      await requestRevalidation(usernames.slice(i, i + MAX_USERNAMES), {
        ...options,
        recheck: true,
        onRetry: (attempt, reason, delay) =>
          log(
            `revalidate company ${companyId}: not yet (${reason}); retry ${attempt} in ${delay} ms`,
          ),
      });
    }
  }

  const companies = followCompanies({
    db,
    log,
    delayMs: companyDelayMs,
    retryLaterMs,
    refreshMs,
    recheck: recheckCompany,
    onRead: (docs, initial) => onRead?.({ listener: COMPANIES_COLLECTION, docs, initial }),
  });

  /** Each card's stamp as the listener last delivered it; only the listener's own cards. */
  const stamps = new Map<string, number>();

  function onSnapshot({ snapshot, from }: CardsSnapshot, initial: boolean): void {
    const changes = snapshot.docChanges();
    const reads = changes.filter((change) => change.type !== 'removed').length;
    onRead?.({ listener: USERS_COLLECTION, docs: reads, initial });
    if (initial && lastReadTime) {
      log(`watch: listening from ${from.toDate().toISOString()}; ${reads} cards changed meanwhile`);
    }
    if (initial) stamps.clear();
    // In the first snapshot of a listener every card is one stamped after `from`: a change.
    for (const change of changes) {
      const username = change.doc.id;
      const stamp = change.doc.get(UPDATED_FIELD) as Timestamp | undefined;
      if (change.type !== 'removed' && stamp) {
        const seen = stamps.get(username);
        stamps.set(username, stamp.toMillis());
        // The same stamp: only the daemon's own mark moved (fan-out clearing hooksPending), not
        // the card, which would otherwise be regenerated and purged twice for every edit.
        if (change.type === 'modified' && seen === stamp.toMillis()) continue;
      }
      if (change.type === 'removed') {
        stamps.delete(username);
        // Deleted, or stamped back into the past: either way, revalidate and clean up.
        note(username, { kind: 'removed', at: snapshot.readTime.toMillis() });
        erasures.cardRemoved(username);
      } else {
        const created = change.doc.createTime.toMillis() > from.toMillis();
        const kind = change.type === 'added' && created ? 'added' : 'modified';
        note(username, { kind, at: change.doc.updateTime.toMillis() });
      }
    }
    held = snapshot.size;
    lastReadTime = snapshot.readTime;
    if (initial) markReady();
  }

  function listen(
    from: Timestamp,
    next: (cards: CardsSnapshot) => void,
    fail: (reason: string) => void,
  ): Unsubscribe {
    return db
      .collection(USERS_COLLECTION)
      .where(UPDATED_FIELD, '>', from)
      .onSnapshot(
        (snapshot) => next({ snapshot, from }),
        (error) => fail(`Firestore listener failed (${error.message})`),
      );
  }

  /** Listens from the last snapshot's read time, or from Firestore's present at the start. */
  function open(next: (cards: CardsSnapshot) => void, fail: (reason: string) => void): Unsubscribe {
    held = 0;
    since = lastReadTime ?? since;
    return listenSince(
      db.collection(USERS_COLLECTION),
      UPDATED_FIELD,
      since,
      (from) => listen(from, next, fail),
      (from) => (since = from),
      fail,
    );
  }

  const cards = keepListening({
    open,
    onSnapshot,
    log,
    name: 'watch',
    relisten: { everyMs: refreshMs, when: () => held > 0 },
  });

  return {
    ready: Promise.all([cardsReady, erasures.ready, companies.ready]).then(() => {}),
    async stop() {
      stopped = true;
      cards.stop();
      retries.forEach(clearTimeout);
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      await Promise.allSettled([...inFlight, erasures.stop(), companies.stop()]);
    },
  };
}
