// Follows the three sources of events and fans each out (fan-out.ts): the events the server
// records (hookEvents, fan-out-events.ts), the contacts visitors leave (lead.created,
// fan-out-leads.ts) and the cards written since their last fan-out (card.updated and card.voided,
// fan-out-cards.ts). Work goes through one queue, a job per document and each document once at a
// time; a job that fails (Firestore unreachable) is tried again later, and everything it had not
// done is still marked undone in Firestore for the next daemon.
//
// The contacts' listener asks for contacts created since a point in time, as the lead mailer's
// does (daemon/mail/lead-mailer.ts): `lookbackMs` before the start, then, on each re-listen, the
// last snapshot's read time or the oldest contact not yet fanned out, whichever is earlier, less a
// margin; the SDK keeps a listen's whole result set, and this keeps it to the last few minutes.
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type QuerySnapshot,
} from 'firebase-admin/firestore';
import {
  CONTACTS_COLLECTION,
  CREATED_FIELD,
  HOOK_EVENTS_COLLECTION,
  HOOKS_PENDING_FIELD,
  LEAD_HOOKS_FIELD,
  USERS_COLLECTION,
} from '../../lib/collections';
import { RELISTEN_MARGIN_MS, RELISTEN_MS } from '../mail/lead-mailer';
import { keepListening, type Listener } from '../listener';
import type { DeliveryChannel } from './channel';
import type { Handover } from './fan-out';
import { fanOutCard } from './fan-out-cards';
import { fanOutRecorded } from './fan-out-events';
import { fanOutLead } from './fan-out-leads';

export interface FanOutOptions {
  db: Firestore;
  channels: readonly DeliveryChannel[];
  /** This daemon's worker, which sends each new delivery at once. */
  handover?: Handover;
  log?: (line: string) => void;
  /** Contacts created longer ago than this when it starts are not looked at; 7 days unless set. */
  lookbackMs?: number;
  /** A failed job is tried again this much later; 5 s unless set. */
  retryMs?: number;
  /** Jobs at once. */
  concurrency?: number;
  /** The contacts' listener is replaced this often, from where it got to. */
  refreshMs?: number;
}

export interface FanOut {
  /** Resolves once the three listeners have their first snapshots. */
  ready: Promise<void>;
  /** True when no job runs, waits or is due to be tried again. */
  idle(): boolean;
  stop(): Promise<void>;
}

const DAY_MS = 24 * 3_600_000;

export function startFanOut(options: FanOutOptions): FanOut {
  const {
    db,
    channels,
    handover,
    log = console.log,
    lookbackMs = 7 * DAY_MS,
    retryMs = 5_000,
    concurrency = 16,
    refreshMs = RELISTEN_MS,
  } = options;
  type Job = () => Promise<string[]>;
  let stopped = false;
  const waiting = new Map<string, Job>();
  const running = new Set<string>();
  /** Documents that changed again while their job ran: their newest job, run after it. */
  const again = new Map<string, Job>();
  const retries = new Map<string, NodeJS.Timeout>();
  const active = new Set<Promise<void>>();

  function enqueue(key: string, job: Job): void {
    if (stopped) return;
    clearTimeout(retries.get(key));
    retries.delete(key);
    if (running.has(key)) again.set(key, job);
    else {
      waiting.set(key, job);
      pump();
    }
  }

  function pump(): void {
    while (!stopped && running.size < concurrency) {
      const next = waiting.entries().next();
      if (next.done) return;
      const [key, job] = next.value;
      waiting.delete(key);
      running.add(key);
      const work = job()
        .then(
          () => undefined,
          (error: Error) => {
            if (stopped) return;
            log(`fan-out: ${key}: ${error.message}; tried again in ${retryMs} ms`);
            retries.set(
              key,
              setTimeout(() => {
                retries.delete(key);
                if (!again.has(key) && !waiting.has(key)) enqueue(key, job);
              }, retryMs),
            );
          },
        )
        .finally(() => {
          running.delete(key);
          active.delete(work);
          const newer = again.get(key);
          again.delete(key);
          if (newer) enqueue(key, newer);
          pump();
        });
      active.add(work);
    }
  }

  const readies: Array<Promise<void>> = [];
  const listeners: Listener[] = [];
  function follow(
    name: string,
    open: Parameters<typeof keepListening<QuerySnapshot>>[0]['open'],
    onSnapshot: (snapshot: QuerySnapshot) => void,
  ): void {
    let markReady: () => void = () => {};
    readies.push(new Promise<void>((resolve) => (markReady = resolve)));
    listeners.push(
      keepListening<QuerySnapshot>({
        open,
        onSnapshot: (snapshot) => {
          onSnapshot(snapshot);
          markReady();
        },
        log,
        name,
      }),
    );
  }
  const failed = (fail: (reason: string) => void) => (error: Error) =>
    fail(`Firestore listener failed (${error.message})`);

  follow(
    'fan-out events',
    (next, fail) => db.collection(HOOK_EVENTS_COLLECTION).onSnapshot(next, failed(fail)),
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type !== 'added') continue;
        const doc = change.doc;
        enqueue(`event:${doc.id}`, () => fanOutRecorded(db, channels, doc, handover));
      }
    },
  );

  follow(
    'fan-out cards',
    (next, fail) =>
      db
        .collection(USERS_COLLECTION)
        .where(HOOKS_PENDING_FIELD, '==', true)
        .onSnapshot(next, failed(fail)),
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type === 'removed') continue;
        const doc = change.doc;
        enqueue(`card:${doc.id}`, () => fanOutCard(db, channels, doc, handover));
      }
    },
  );

  // ---- contacts: see the top of the file.
  /** Contacts seen and not yet fanned out: path → createdAt (ms). */
  const unfinished = new Map<string, number>();
  let listeningFrom = Timestamp.fromMillis(Date.now() - lookbackMs);
  let lastReadTime: Timestamp | undefined;
  let holds = 0;
  function resumeFrom(): Timestamp {
    if (!lastReadTime) return listeningFrom;
    let upTo = lastReadTime.toMillis();
    for (const createdAt of unfinished.values()) upTo = Math.min(upTo, createdAt);
    return Timestamp.fromMillis(Math.max(listeningFrom.toMillis(), upTo - RELISTEN_MARGIN_MS));
  }
  const leadJob = (ref: DocumentReference) => async () => {
    const made = await fanOutLead(db, channels, ref, handover);
    unfinished.delete(ref.path);
    return made;
  };
  let contactsReady: () => void = () => {};
  readies.push(new Promise<void>((resolve) => (contactsReady = resolve)));
  listeners.push(
    keepListening<QuerySnapshot>({
      open: (next, fail) => {
        listeningFrom = resumeFrom();
        holds = 0;
        return db
          .collectionGroup(CONTACTS_COLLECTION)
          .where(CREATED_FIELD, '>=', listeningFrom)
          .onSnapshot(next, failed(fail));
      },
      onSnapshot: (snapshot) => {
        lastReadTime = snapshot.readTime;
        holds = snapshot.size;
        for (const change of snapshot.docChanges()) {
          const { ref } = change.doc;
          if (change.type === 'removed' || change.doc.get(LEAD_HOOKS_FIELD) !== undefined) {
            unfinished.delete(ref.path);
            continue;
          }
          const createdAt: unknown = change.doc.get(CREATED_FIELD);
          if (createdAt instanceof Timestamp) unfinished.set(ref.path, createdAt.toMillis());
          enqueue(`lead:${ref.path}`, leadJob(ref));
        }
        contactsReady();
      },
      log,
      name: 'fan-out leads',
      relisten: {
        everyMs: refreshMs,
        when: () => holds > 0 && resumeFrom().toMillis() > listeningFrom.toMillis(),
      },
    }),
  );

  return {
    ready: Promise.all(readies).then(() => undefined),
    idle: () => waiting.size === 0 && running.size === 0 && again.size === 0 && retries.size === 0,
    async stop() {
      stopped = true;
      listeners.forEach((listener) => listener.stop());
      retries.forEach((timer) => clearTimeout(timer));
      retries.clear();
      waiting.clear();
      again.clear();
      while (active.size > 0) await Promise.allSettled([...active]);
    },
  };
}
