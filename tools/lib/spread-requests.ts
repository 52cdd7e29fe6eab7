// Requests spread evenly over a span, as visitors arrive, for the frozen-Redis test and its bench
// part: neither a burst nor one at a time.
import { setTimeout as sleep } from 'node:timers/promises';

/** At once, at most: more would overflow an origin's backlog on a loaded machine. */
const IN_FLIGHT = 16;

/** `total` requests spread evenly over `ms` (later if IN_FLIGHT are waiting); their answers. */
export async function spreadRequests<T>(
  total: number,
  ms: number,
  request: (i: number) => Promise<T>,
): Promise<T[]> {
  const started = Date.now();
  const answers: Array<Promise<T>> = [];
  const pending = new Set<Promise<unknown>>();
  for (let i = 0; i < total; i++) {
    await sleep(Math.max(0, started + (i * ms) / total - Date.now()));
    while (pending.size >= IN_FLIGHT) await Promise.race(pending);
    const answer = request(i);
    const settled: Promise<unknown> = answer.then(
      () => pending.delete(settled),
      () => pending.delete(settled),
    );
    pending.add(settled);
    answers.push(answer);
  }
  return Promise.all(answers);
}
