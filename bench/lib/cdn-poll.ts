// Polling the CDN until each of a card's answers is what a change should make it.
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a change may take before the part gives up on it. */
export const LIMIT_MS = 60_000;

/** Polls the CDN, 25 ms apart, until `done` holds for every path; throws after LIMIT_MS. */
export async function untilEvery(
  stack: { cdnUrl: string },
  paths: string[],
  done: (res: Response, body: string, pathname: string) => boolean,
  what: string,
): Promise<void> {
  const end = Date.now() + LIMIT_MS;
  for (;;) {
    const answers = await Promise.all(
      paths.map(async (pathname) => {
        const res = await fetch(`${stack.cdnUrl}${pathname}`, {
          signal: AbortSignal.timeout(10_000),
        });
        return done(res, await res.text(), pathname);
      }),
    );
    if (answers.every(Boolean)) return;
    if (Date.now() > end) throw new Error(`${paths.join(', ')} never ${what}`);
    await sleep(25);
  }
}
