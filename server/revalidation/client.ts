// Calls POST /api/revalidate of a running site, with retries and back-off while it is down.
import { setTimeout as sleep } from 'node:timers/promises';
import { REVALIDATE_PATH, type RevalidateBody } from './request';

export interface RevalidateClientOptions {
  siteUrl: string;
  secret: string;
  /** Attempts after the first; the waits double from `firstDelayMs`, up to 30 s. */
  retries?: number;
  firstDelayMs?: number;
  fetchImpl?: typeof fetch;
  onRetry?: (attempt: number, reason: string, delayMs: number) => void;
  /** Sent by the endpoint itself only: see RevalidateBody. */
  recheck?: boolean;
}

export class RevalidateError extends Error {
  override name = 'RevalidateError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export function requestRevalidation(
  usernames: string[],
  options: RevalidateClientOptions,
): Promise<string[]> {
  return post(options.recheck ? { usernames, recheck: true } : { usernames }, options);
}

/** Revalidates every card of a company (server/revalidation/company-fan-out.ts). */
export async function requestCompanyRevalidation(
  companyId: string,
  options: RevalidateClientOptions,
): Promise<void> {
  await post(options.recheck ? { companyId, recheck: true } : { companyId }, options);
}

async function post(body: RevalidateBody, options: RevalidateClientOptions): Promise<string[]> {
  const { retries = 6, firstDelayMs = 500, fetchImpl = fetch } = options;
  const url = new URL(REVALIDATE_PATH, options.siteUrl).href;
  for (let attempt = 0; ; attempt++) {
    let reason: string;
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await res.json().catch(() => ({}))) as {
        revalidated?: string[];
        error?: string;
      };
      if (res.ok) return answer.revalidated ?? [];
      reason = `HTTP ${res.status}${answer.error ? `: ${answer.error}` : ''}`;
      // A client error will not mend itself by waiting.
      if (res.status < 500 && res.status !== 429) throw new RevalidateError(reason, res.status);
    } catch (error) {
      if (error instanceof RevalidateError) throw error;
      reason = (error as Error).message;
    }
    if (attempt >= retries) throw new RevalidateError(`${url}: ${reason}`);
    const delay = Math.min(firstDelayMs * 2 ** attempt, 30_000);
    options.onRetry?.(attempt + 1, reason, delay);
    await sleep(delay);
  }
}
