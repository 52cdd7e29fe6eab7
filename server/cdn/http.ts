// The one way a purge talks to a CDN: a request per batch of keys, with bounded retries on 429,
// 5xx and network errors, honouring Retry-After, all within a deadline shared by every request of
// one purge, so a purge never holds up the revalidation that calls it for more than that.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CdnConfig, CdnProvider } from '../../lib/env';

const MAX_ATTEMPTS = 4;
const FIRST_BACKOFF_MS = 250;
const BODY_EXCERPT_CHARS = 300;

/** A purge the CDN did not accept; the message names the CDN, what failed and why. */
export class PurgeError extends Error {
  override name = 'PurgeError';
}

/**
 * Milliseconds a Retry-After header asks for (delta-seconds or an HTTP-date, RFC 9110 §10.2.3),
 * or undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isRetryable(status: number): boolean {
  return status === 429 || status >= 500;
}

async function excerpt(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim();
  return text.length > BODY_EXCERPT_CHARS ? `${text.slice(0, BODY_EXCERPT_CHARS)}…` : text;
}

/**
 * Sends `request` until the CDN answers 2xx, and returns that response. A 429 or 5xx, or no
 * answer at all, is retried (at most MAX_ATTEMPTS tries, waiting Retry-After or else a doubling
 * backoff) unless the wait would pass `deadline` (epoch ms); any other status is final.
 */
export async function sendWithRetry(
  what: string,
  request: (signal: AbortSignal) => Promise<Response>,
  deadline: number,
): Promise<Response> {
  let failure = 'no attempt made';
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    let waitMs = FIRST_BACKOFF_MS * 2 ** (attempt - 1);
    try {
      const response = await request(AbortSignal.timeout(remaining));
      if (response.ok) return response;
      failure = `HTTP ${response.status}${await excerpt(response).then((b) => (b ? `: ${b}` : ''))}`;
      if (!isRetryable(response.status)) {
        throw new PurgeError(`${what} was refused (${failure}).`);
      }
      const asked = retryAfterMs(response.headers.get('retry-after'));
      if (asked !== undefined) {
        if (Date.now() + asked >= deadline) {
          throw new PurgeError(
            `${what} failed: ${failure}; the CDN asked to retry after ${Math.ceil(asked / 1000)} s, ` +
              `past this purge's time budget.`,
          );
        }
        waitMs = asked;
      }
    } catch (error) {
      if (error instanceof PurgeError) throw error;
      failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    if (attempt === MAX_ATTEMPTS || Date.now() + waitMs >= deadline) break;
    await sleep(waitMs);
  }
  throw new PurgeError(`${what} failed after retries (last: ${failure}).`);
}

/** One request of a purge: what its errors call it, and what is sent. */
export interface PurgeRequest {
  what: string;
  url: string;
  method: 'POST' | 'PURGE';
  headers: Record<string, string>;
  body?: string;
}

/** Reads an answer to the end, so that its connection goes back to the pool. */
async function drain(response: Response): Promise<void> {
  await response.arrayBuffer();
}

/**
 * Sends `request(batch)` for each batch in turn, each with sendWithRetry's retries and all within
 * `deadline`; `accept` checks each 2xx answer, which by default is only read to the end.
 */
export async function sendBatches(
  batches: readonly string[][],
  request: (batch: string[]) => PurgeRequest,
  deadline: number,
  accept: (response: Response, what: string) => Promise<void> = drain,
): Promise<void> {
  for (const batch of batches) {
    const { what, url, ...init } = request(batch);
    const response = await sendWithRetry(
      what,
      (signal) => fetch(url, { ...init, signal }),
      deadline,
    );
    await accept(response, what);
  }
}

/** A provider's purge of `keys` (card tags) with its `config`, all within `deadline` (epoch ms). */
export type CdnPurge<P extends CdnProvider> = (
  config: Extract<CdnConfig, { provider: P }>,
  keys: readonly string[],
  deadline: number,
) => Promise<void>;
