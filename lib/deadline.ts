/**
 * Settles like `promise`, or rejects with `timeoutError()` once `ms` have passed. A failure of
 * `promise` after the deadline has answered is already reported, so it is swallowed rather than
 * left as an unhandled rejection.
 */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  timeoutError: () => Error,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
