// One POST to APNs over HTTP/2 (Apple's provider API accepts nothing else), on a connection kept
// open between pushes as Apple asks, and trusting, besides the system's certificates, the one the
// configuration names (a test stand-in's) for that connection only.
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { DELIVERY_TIMEOUT_MS } from '../../lib/deliveries';
import type { ApnsConfig } from '../../lib/wallet-env';

/** What APNs answered: its status and its body's `reason`, when it gave one. */
export interface ApnsAnswer {
  status: number;
  reason?: string;
}

const ANSWER_MAX_BYTES = 16_384;

let open: { origin: string; session: ClientHttp2Session } | undefined;

function session(config: ApnsConfig): ClientHttp2Session {
  if (open && open.origin === config.origin && !open.session.closed && !open.session.destroyed) {
    return open.session;
  }
  const ca = config.caFile ? [...rootCertificates, readFileSync(config.caFile, 'utf8')] : undefined;
  const made = connect(config.origin, ca ? { ca } : {});
  // An idle connection must not keep the daemon (or a test) alive.
  made.unref();
  made.on('error', () => made.destroy());
  made.on('close', () => {
    if (open?.session === made) open = undefined;
  });
  open = { origin: config.origin, session: made };
  return made;
}

function reasonOf(body: string): string | undefined {
  try {
    const reason: unknown = (JSON.parse(body) as { reason?: unknown }).reason;
    return typeof reason === 'string' ? reason.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

/** POSTs `body` to `path` with `headers`; rejects when no answer came within the timeout. */
export function apnsPost(
  config: ApnsConfig,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<ApnsAnswer> {
  return new Promise((resolve, reject) => {
    const request = session(config).request({
      [constants.HTTP2_HEADER_METHOD]: 'POST',
      [constants.HTTP2_HEADER_PATH]: path,
      'content-type': 'application/json',
      ...headers,
    });
    request.setTimeout(DELIVERY_TIMEOUT_MS, () => {
      request.close(constants.NGHTTP2_CANCEL);
      reject(new Error(`no answer from APNs within ${DELIVERY_TIMEOUT_MS} ms`));
    });
    let status = 0;
    const chunks: Buffer[] = [];
    request.on('response', (answer) => {
      status = Number(answer[constants.HTTP2_HEADER_STATUS]);
    });
    let kept = 0;
    request.on('data', (chunk: Buffer) => {
      // APNs' answers are a line of JSON; more is not read.
      if (kept < ANSWER_MAX_BYTES) chunks.push(chunk);
      kept += chunk.length;
    });
    request.on('end', () => {
      const reason = reasonOf(Buffer.concat(chunks).toString('utf8'));
      resolve({ status, ...(reason ? { reason } : {}) });
    });
    request.on('error', reject);
    request.end(body);
  });
}
