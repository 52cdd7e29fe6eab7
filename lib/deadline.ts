// Browsers (the visitor's contact write) have no setImmediate: there a zero timeout is the pass of
// reading, as it runs after the tasks already queued.
function afterPendingAnswers(run: () => void): void {
  if (typeof setImmediate === 'function') setImmediate(run);
  else setTimeout(run, 0);
}

/**
 * Settles like `promise`, or rejects with `timeoutError()` once `ms` have passed. A failure of
 * `promise` after the deadline has answered is already reported, so it is swallowed rather than
 * left as an unhandled rejection.
 *
 * An answer that arrived while the event loop was busy (a render, a collection on a loaded
 * machine) still wins: Node runs due timers before it reads what arrived, so the deadline waits
 * for one pass of reading (setImmediate) before it rejects, and measures the answer's lateness
 * rather than the process's.
 */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  timeoutError: () => Error,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => afterPendingAnswers(() => reject(timeoutError())), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
