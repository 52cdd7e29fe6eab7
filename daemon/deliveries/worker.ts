// The delivery outbox's worker: sends each pending delivery (deliveries/{key}, lib/deliveries.ts)
// through its channel once its `nextAt` has come, and writes what came of it: delivered, a retry
// at the schedule's next wait, or failed after the last attempt or a destination that is gone.
// Everything is in Firestore, so a daemon restarted mid-retry goes on where it was.
//
// Several daemons may run: a worker claims a delivery (`lease`: its id and until when) with an
// update conditioned on the version it read, so only one sends it while the lease holds; a lease
// not renewed (its daemon died) is taken over once it lapses. The lease outlasts a channel's own
// deadline (DELIVERY_TIMEOUT_MS), so a slow destination cannot make two workers send one
// delivery; a worker that dies after sending and before writing leaves it to be sent again (at
// least once: a receiver tells repeats by their `webhook-id`).
//
// The daemon that creates a delivery may create it holding this worker's lease (`lease()`) and
// hand it to `sendNow`: the first attempt then costs no claim and no wait for a snapshot.
import { randomUUID } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type QuerySnapshot,
} from 'firebase-admin/firestore';
import { DELIVERIES_COLLECTION } from '../../lib/collections';
import {
  DELIVERY_LOG_KEPT,
  DELIVERY_TIMEOUT_MS,
  retryDelayMs as scheduledRetryMs,
  type DeliveryDoc,
  type DeliveryKind,
} from '../../lib/deliveries';
import { keepListening } from '../listener';
import type { DeliveryChannel, SendOutcome } from './channel';
import { deleteUnchanged } from './delete-docs';

export interface DeliveriesOptions {
  db: Firestore;
  /** One per kind of destination; a delivery of a kind with none waits for a daemon that has it. */
  channels: DeliveryChannel[];
  log?: (line: string) => void;
  /** This worker's name in its leases; a random one unless set. */
  id?: string;
  /** How long a lease holds; 4 × DELIVERY_TIMEOUT_MS unless set. */
  leaseMs?: number;
  /** Attempts under way at once, at most. */
  concurrency?: number;
  /** The wait after `attempts` failed attempts (null: none left); lib/deliveries.ts's unless set. */
  retryDelayMs?: (attempts: number) => number | null;
  /** Deliveries kept per destination; DELIVERY_LOG_KEPT unless set. */
  logKept?: number;
}

export type Delivery = DeliveryDoc & { id: string };

export interface DeliveryWorker {
  /** Resolves once the pending deliveries' first snapshot has arrived. */
  ready: Promise<void>;
  /** True when no delivery is being sent, queued, or waiting for its time or another's lease. */
  idle(): boolean;
  /** Stops listening and waits for the attempts under way; the rest stay pending in Firestore. */
  stop(): Promise<void>;
  /** The lease a delivery created by this daemon holds, to be handed to `sendNow`. */
  lease(): { by: string; until: Timestamp };
  /**
   * Makes the first attempt of `delivery`, just created (committed) holding `lease()`, at once.
   * With every slot taken it does nothing: the listener finds it, and this worker's own lease
   * does not hold it back.
   */
  sendNow(delivery: Delivery): void;
}

const DEFAULT_CONCURRENCY = 16;
/** Past a lease's end before taking it over: the clocks of two daemons differ a little. */
const LEASE_MARGIN_MS = 200;
/** setTimeout's longest wait; a later time is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** Firestore's code for an update whose precondition (the version read) no longer holds. */
const FAILED_PRECONDITION = 9;
const NOT_FOUND = 5;
/** A destination's log is pruned at most this often. */
const PRUNE_EVERY_MS = 60_000;

const millis = (value: unknown): number =>
  value instanceof Timestamp ? value.toMillis() : Number.NEGATIVE_INFINITY;

interface Known {
  data: DeliveryDoc;
  updateTime: Timestamp;
}

export function startDeliveries(options: DeliveriesOptions): DeliveryWorker {
  const {
    db,
    channels,
    log = console.log,
    id = randomUUID().slice(0, 8),
    leaseMs = 4 * DELIVERY_TIMEOUT_MS,
    concurrency = DEFAULT_CONCURRENCY,
    retryDelayMs = scheduledRetryMs,
    logKept = DELIVERY_LOG_KEPT,
  } = options;
  const byKind = new Map<DeliveryKind, DeliveryChannel>(channels.map((c) => [c.kind, c]));
  const deliveries = db.collection(DELIVERIES_COLLECTION);
  let stopped = false;
  /** The latest snapshot of each pending delivery. */
  const known = new Map<string, Known>();
  /** Deliveries whose claim found a newer version than `known`'s: tried again on its snapshot. */
  const stale = new Set<string>();
  const working = new Set<string>();
  const queued = new Set<string>();
  const waiting = new Map<string, NodeJS.Timeout>();
  const active = new Set<Promise<void>>();

  function wait(docId: string, ms: number): void {
    clearTimeout(waiting.get(docId));
    const timer = setTimeout(
      () => {
        waiting.delete(docId);
        consider(docId);
      },
      Math.min(ms, LONGEST_TIMER_MS),
    );
    waiting.set(docId, timer);
  }

  function forget(docId: string): void {
    clearTimeout(waiting.get(docId));
    waiting.delete(docId);
    queued.delete(docId);
    stale.delete(docId);
    known.delete(docId);
  }

  /** Starts, queues or times the attempt of `docId` as its latest snapshot says. */
  function consider(docId: string): void {
    if (stopped || working.has(docId) || stale.has(docId)) return;
    const current = known.get(docId);
    if (!current || current.data.state !== 'pending' || !byKind.has(current.data.kind)) return;
    const lease = current.data.lease;
    const heldUntil = lease && lease.by !== id ? millis(lease.until) + LEASE_MARGIN_MS : 0;
    const due = Math.max(millis(current.data.nextAt), heldUntil);
    const now = Date.now();
    if (due > now) {
      queued.delete(docId);
      wait(docId, due - now);
      return;
    }
    clearTimeout(waiting.get(docId));
    waiting.delete(docId);
    if (working.size >= concurrency) {
      queued.add(docId);
      return;
    }
    queued.delete(docId);
    run(docId, () => claimAndSend(docId, current));
  }

  function run(docId: string, attempt: () => Promise<void>): void {
    working.add(docId);
    const work = attempt()
      .catch((error: Error) => {
        log(`deliveries: ${docId}: ${error.message}`);
      })
      .finally(() => {
        working.delete(docId);
        active.delete(work);
        consider(docId);
        for (const next of queued) {
          if (working.size >= concurrency) break;
          consider(next);
        }
      });
    active.add(work);
  }

  function lease() {
    return { by: id, until: Timestamp.fromMillis(Date.now() + leaseMs) };
  }

  async function claimAndSend(docId: string, current: Known): Promise<void> {
    const held = lease();
    try {
      await deliveries.doc(docId).update({ lease: held }, { lastUpdateTime: current.updateTime });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === FAILED_PRECONDITION || code === NOT_FOUND) {
        // Changed since (another worker's lease, an outcome) or gone: its snapshot tells.
        if (known.get(docId) === current) stale.add(docId);
        return;
      }
      throw error;
    }
    await attempt({ ...current.data, lease: held, id: docId });
  }

  /** One attempt of a delivery this worker holds, and its outcome written. */
  async function attempt(delivery: Delivery): Promise<void> {
    const channel = byKind.get(delivery.kind);
    if (!channel) return;
    let outcome: SendOutcome;
    try {
      outcome = await channel.send(db, delivery);
    } catch (error) {
      // A channel's bug: counted as a failed attempt, so that it is not tried in a loop.
      outcome = { ok: false, status: null, error: `send threw: ${(error as Error).message}` };
    }
    const attempts = delivery.attempts + 1;
    const now = FieldValue.serverTimestamp();
    const ref = deliveries.doc(delivery.id);
    if (outcome.ok) {
      const written = await ref.update({
        state: 'delivered',
        attempts,
        deliveredAt: now,
        lastAttemptAt: now,
        lastStatus: outcome.status,
        lastError: null,
        lease: null,
      });
      settled(delivery.id, written.writeTime, null);
      prune(delivery);
      return;
    }
    const next = outcome.gone ? null : retryDelayMs(attempts);
    const nextAt = next === null ? null : Timestamp.fromMillis(Date.now() + next);
    const written = await ref.update({
      attempts,
      lastAttemptAt: now,
      lastStatus: outcome.status,
      lastError: outcome.error,
      lease: null,
      ...(nextAt ? { nextAt } : { state: 'failed' }),
    });
    settled(
      delivery.id,
      written.writeTime,
      nextAt && { ...delivery, attempts, nextAt, lease: null, lastStatus: outcome.status },
    );
    log(
      `deliveries: ${delivery.id} (${delivery.kind} ${delivery.type}) attempt ${attempts}: ` +
        `${outcome.error}; ${next === null ? 'failed' : `retry in ${next} ms`}`,
    );
    if (outcome.gone && channel.gone) await channel.gone(db, delivery);
    if (next === null) prune(delivery);
  }

  /**
   * What this worker wrote becomes what it knows (unless a newer snapshot came first), so that it
   * neither claims an outdated version nor waits for the snapshot to time the next attempt.
   */
  function settled(docId: string, writeTime: Timestamp, pending: DeliveryDoc | null): void {
    const current = known.get(docId);
    if (current && current.updateTime.valueOf() >= writeTime.valueOf()) return;
    if (pending) known.set(docId, { data: pending, updateTime: writeTime });
    else forget(docId);
  }

  /** Per destination: when its log was last pruned, and the prune to come if one is due. */
  const pruned = new Map<string, number>();
  const pruneTimers = new Map<string, NodeJS.Timeout>();

  /**
   * Deletes the finished deliveries of `delivery`'s destination beyond the newest `logKept`: at
   * once, or PRUNE_EVERY_MS after the last time (the query reads the `logKept` it skips, so one
   * busy endpoint must not pay that for every delivery).
   */
  function prune(delivery: Delivery): void {
    const key = `${delivery.kind}\n${delivery.destination}`;
    if (pruneTimers.has(key) || stopped) return;
    const delay = Math.max((pruned.get(key) ?? -Infinity) + PRUNE_EVERY_MS - Date.now(), 0);
    const timer = setTimeout(() => {
      pruned.set(key, Date.now());
      const work = pruneNow(delivery)
        .catch((error: Error) =>
          log(`deliveries: pruning ${delivery.destination}: ${error.message}`),
        )
        .finally(() => {
          pruneTimers.delete(key);
          active.delete(work);
        });
      active.add(work);
    }, delay);
    pruneTimers.set(key, timer);
  }

  async function pruneNow(delivery: Delivery): Promise<void> {
    const older = await deliveries
      .where('kind', '==', delivery.kind)
      .where('destination', '==', delivery.destination)
      .orderBy('createdAt', 'desc')
      .offset(logKept)
      .select('state')
      .get();
    const finished = older.docs.filter((doc) => doc.get('state') !== 'pending');
    const failed = await deleteUnchanged(db, finished);
    if (failed > 0)
      log(`deliveries: pruning ${delivery.destination}: ${failed} kept for next time`);
  }

  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const listener = keepListening<QuerySnapshot>({
    open: (next, fail) =>
      deliveries
        .where('state', '==', 'pending')
        .onSnapshot(next, (error) => fail(`Firestore listener failed (${error.message})`)),
    onSnapshot: (snapshot) => {
      for (const change of snapshot.docChanges()) {
        const doc = change.doc as DocumentSnapshot;
        if (change.type === 'removed') {
          forget(doc.id);
          continue;
        }
        known.set(doc.id, { data: doc.data() as DeliveryDoc, updateTime: doc.updateTime! });
        stale.delete(doc.id);
        consider(doc.id);
      }
      markReady();
    },
    log,
    name: 'deliveries',
  });

  return {
    ready,
    idle: () => working.size === 0 && queued.size === 0 && waiting.size === 0,
    lease,
    sendNow(delivery) {
      if (stopped || working.has(delivery.id) || working.size >= concurrency) return;
      if (delivery.lease?.by !== id || !byKind.has(delivery.kind)) return;
      clearTimeout(waiting.get(delivery.id));
      waiting.delete(delivery.id);
      queued.delete(delivery.id);
      run(delivery.id, () => attempt(delivery));
    },
    async stop() {
      stopped = true;
      listener.stop();
      waiting.forEach((timer) => clearTimeout(timer));
      waiting.clear();
      pruneTimers.forEach((timer) => clearTimeout(timer));
      pruneTimers.clear();
      queued.clear();
      while (active.size > 0) await Promise.allSettled([...active]);
    },
  };
}
