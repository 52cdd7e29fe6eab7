// One webhook's HTTP request, to the address checked and nowhere else. The host is resolved here,
// at send time, and every address it resolves to must be one a webhook may reach
// (lib/webhook-address.ts: no private, loopback, link-local, CGNAT, unique-local, multicast,
// reserved or metadata address); the connection then goes to exactly the address checked (the
// agent's `lookup` answers it), so a name that resolves otherwise a moment later (DNS rebinding)
// reaches nothing else. No redirect is followed (a 3xx is the answer), the deadline covers the
// answer's body too, and an answer longer than MAX_ANSWER_BYTES is cut there, a failed attempt.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { Agent, request } from 'undici';
import { hostOf, refusedAddress, refusedHost } from '../../lib/webhook-address';

/** Resolves a host name to its addresses (the system's resolver unless a test says otherwise). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The most of an answer's body read (for the delivery log); a longer answer is cut, and failed. */
export const MAX_ANSWER_BYTES = 4096;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Plain http and loopback addresses allowed: the demo and the tests only. */
  allowLoopback: boolean;
  timeoutMs: number;
  resolve?: Resolve;
}

/** The answer (its status, and the start of its body), or why none came (refused, timed out). */
export type WebhookAnswer = { status: number; excerpt: string } | { status: null; error: string };

/** The address `url` may be sent to, or why it may not. */
async function checkedAddress(
  url: URL,
  allowLoopback: boolean,
  resolve: Resolve,
): Promise<LookupAddress | string> {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLoopback)) {
    return 'refused: not https';
  }
  const host = hostOf(url);
  const refusedName = refusedHost(host, allowLoopback);
  if (refusedName) return `refused: ${refusedName} address`;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    return `the host did not resolve (${(error as { code?: string }).code ?? 'error'})`;
  }
  if (addresses.length === 0) return 'the host did not resolve';
  for (const { address } of addresses) {
    const refused = refusedAddress(address, allowLoopback);
    if (refused) return `refused: ${refused} address`;
  }
  const [first] = addresses;
  // Plain http only to this machine, in the demo: never over a network.
  if (url.protocol === 'http:' && refusedAddress(first.address, false) !== 'loopback') {
    return 'refused: not https';
  }
  return first;
}

/** An agent whose every connection goes to `checked`, whatever the name resolves to by then. */
function pinnedAgent(checked: LookupAddress, timeoutMs: number): Agent {
  return new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 1,
    connect: {
      timeout: timeoutMs,
      lookup: (_host, options, callback) => {
        if ((options as { all?: boolean }).all) callback(null, [checked]);
        else callback(null, checked.address, checked.family);
      },
    } as Agent.Options['connect'],
  });
}

/** Sends one webhook; never rejects. */
export async function sendWebhookRequest(input: WebhookRequest): Promise<WebhookAnswer> {
  const url = new URL(input.url);
  const checked = await checkedAddress(url, input.allowLoopback, input.resolve ?? systemResolve);
  if (typeof checked === 'string') return { status: null, error: checked };
  const agent = pinnedAgent(checked, input.timeoutMs);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), input.timeoutMs);
  let status: number | null = null;
  try {
    const answer = await request(url, {
      method: 'POST',
      headers: input.headers,
      body: input.body,
      dispatcher: agent,
      signal: deadline.signal,
      maxRedirections: 0,
    });
    status = answer.statusCode;
    const kept: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      const part = chunk as Buffer;
      size += part.length;
      if (size > MAX_ANSWER_BYTES) {
        answer.body.destroy();
        // Not a delivery: the receiver misbehaves, and the attempt is tried again as a failure.
        return {
          status: null,
          error: `HTTP ${status}, then an answer over ${MAX_ANSWER_BYTES} bytes: cut`,
        };
      }
      kept.push(part);
    }
    return { status, excerpt: Buffer.concat(kept).toString('utf8') };
  } catch (error) {
    const reason = deadline.signal.aborted
      ? `timed out after ${input.timeoutMs} ms`
      : `${(error as { code?: string }).code ?? 'error'}: ${(error as Error).message}`;
    return { status: null, error: status === null ? reason : `HTTP ${status}, then ${reason}` };
  } finally {
    clearTimeout(timer);
    void agent.destroy().catch(() => {});
  }
}
