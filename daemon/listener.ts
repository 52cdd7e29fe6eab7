// Keeps one Firestore listener of the daemon alive. The daemon runs for weeks, and a listener that
// fails (Firestore restarted, the network gone) delivers nothing more: it is subscribed again after
// a wait that doubles from 1 s up to 30 s, so a Firestore that stays down costs one attempt every
// 30 s, and the wait starts again from 1 s once a snapshot has arrived. A subscription whose first
// snapshot has not come within `firstSnapshotMs` (longer after each failure) counts as failed: a
// listener stalled without an error would otherwise leave the daemon deaf, with nothing in its log.

/** Closes one subscription. */
export type Unsubscribe = () => void;

export interface ListenerOptions<T> {
  /**
   * Opens one subscription: each snapshot goes to `next`; a failure goes to `fail` (with the reason
   * the log names), after which the subscription delivers nothing more. It may read first and
   * subscribe later; the function it returns must then also cancel that.
   */
  open(next: (snapshot: T) => void, fail: (reason: string) => void): Unsubscribe;
  /** Each snapshot; `initial` is true for the first one of each subscription. */
  onSnapshot(snapshot: T, initial: boolean): void;
  log: (line: string) => void;
  /** Begins each log line: `${name}: ${reason}; reconnecting in ${ms} ms`. */
  name: string;
  /**
   * Replaces the subscription every `everyMs` when `when()` says so (the SDK keeps every document
   * of a listen's result set, so a long-lived one grows); never while waiting to subscribe again.
   */
  relisten?: { everyMs: number; when: () => boolean };
  /** How long a subscription may take to deliver its first snapshot; 10 s unless set. */
  firstSnapshotMs?: number;
}

export interface Listener {
  /** Closes the subscription and cancels any subscription still to come. */
  stop(): void;
}

const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30_000;
const FIRST_SNAPSHOT_MS = 10_000;

export function keepListening<T>(options: ListenerOptions<T>): Listener {
  const { open, onSnapshot, log, name, relisten, firstSnapshotMs = FIRST_SNAPSHOT_MS } = options;
  let stopped = false;
  let failures = 0;
  /** The open subscription's; undefined while waiting to subscribe again. */
  let close: Unsubscribe | undefined;
  let retry: NodeJS.Timeout | undefined;
  // Each subscription's calls carry its number: one that failed or was replaced is ignored, even
  // if the SDK still calls it.
  let current = 0;

  let deadline: NodeJS.Timeout | undefined;

  function failed(reason: string): void {
    current++;
    clearTimeout(deadline);
    close = undefined;
    failures++;
    const wait = Math.min(FIRST_WAIT_MS * 2 ** (failures - 1), LONGEST_WAIT_MS);
    log(`${name}: ${reason}; reconnecting in ${wait} ms`);
    retry = setTimeout(subscribe, wait);
  }

  function subscribe(): void {
    retry = undefined;
    if (stopped) return;
    const id = ++current;
    let initial = true;
    // Longer after each failure, so a first snapshot that is merely slow (a large result set)
    // still arrives in the end.
    const allowed = firstSnapshotMs * (failures + 1);
    clearTimeout(deadline);
    deadline = setTimeout(() => {
      if (id !== current) return;
      const stalled = close;
      failed(`no snapshot within ${allowed / 1000} s`);
      stalled?.();
    }, allowed);
    const unsubscribe = open(
      (snapshot) => {
        if (id !== current) return;
        if (initial) clearTimeout(deadline);
        failures = 0;
        onSnapshot(snapshot, initial);
        initial = false;
      },
      (reason) => {
        if (id === current) failed(reason);
      },
    );
    // Failed or stopped before `open` returned: nothing is listening.
    if (id === current) close = unsubscribe;
    else unsubscribe();
  }

  const relistening =
    relisten &&
    setInterval(() => {
      if (!close || !relisten.when()) return;
      const previous = close;
      close = undefined;
      current++;
      previous();
      subscribe();
    }, relisten.everyMs);

  subscribe();
  return {
    stop() {
      stopped = true;
      current++;
      clearTimeout(retry);
      clearTimeout(deadline);
      clearInterval(relistening);
      close?.();
      close = undefined;
    },
  };
}
