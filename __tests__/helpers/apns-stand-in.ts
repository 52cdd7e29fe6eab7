// A local stand-in for Apple's push service (APNs' provider API, which cannot be reached from
// here): an HTTP/2 server over TLS with a certificate made for it (openssl, CN and SAN 127.0.0.1),
// which the daemon trusts through APPLE_APNS_CA_FILE and nothing else, and an APNs auth key (.p8,
// P-256) whose public half checks the provider token of each request. It records every request
// and answers as APNs does: 200, or the status and `{ reason }` a test set for a device token.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPLE_APNS_CA_FILE, APPLE_APNS_ORIGIN, APPLE_APNS_VARS } from '@/lib/wallet-env';
import { ensureCommand } from '@/tools/lib/system-packages';

export const TEST_APNS_KEY_ID = 'APNSKEY001';

/** One request as the stand-in received it. */
export interface ApnsRequest {
  method: string;
  path: string;
  authority: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface ApnsStandIn {
  /** The variables that point the daemon at it (lib/wallet-env.ts). */
  env: Record<string, string>;
  /** The APNs key's public half (PEM), which verifies the provider tokens. */
  publicKey: string;
  requests: ApnsRequest[];
  /** What it answers for `deviceToken` from now on (200 by default). */
  answer(deviceToken: string, status: number, reason?: string): void;
  close(): Promise<void>;
}

export async function startApnsStandIn(): Promise<ApnsStandIn> {
  const dir = mkdtempSync(path.join(tmpdir(), 'karta-apns-'));
  const file = (name: string) => path.join(dir, name);
  execFileSync(
    ensureCommand('openssl', 'openssl'),
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
      .concat(['-keyout', file('tls.key'), '-out', file('tls.pem'), '-days', '2'])
      .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']),
    { stdio: 'pipe' },
  );
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  writeFileSync(file(`AuthKey_${TEST_APNS_KEY_ID}.p8`), privateKey);

  const requests: ApnsRequest[] = [];
  const answers = new Map<string, { status: number; reason?: string }>();
  const server: Http2SecureServer = createSecureServer({
    key: readFileSync(file('tls.key')),
    cert: readFileSync(file('tls.pem')),
  });
  // The daemon keeps its connection open between pushes; closing the stand-in ends it.
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const requestPath = String(headers[':path']);
      requests.push({
        method: String(headers[':method']),
        path: requestPath,
        authority: String(headers[':authority']),
        headers: { ...headers },
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const token = decodeURIComponent(requestPath.split('/').pop() ?? '');
      const { status, reason } = answers.get(token) ?? { status: 200 };
      stream.respond({ ':status': status, 'apns-id': `stand-in-${requests.length}` });
      stream.end(reason ? JSON.stringify({ reason }) : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      [APPLE_APNS_VARS.keyId]: TEST_APNS_KEY_ID,
      [APPLE_APNS_VARS.keyFile]: file(`AuthKey_${TEST_APNS_KEY_ID}.p8`),
      [APPLE_APNS_ORIGIN]: `https://127.0.0.1:${port}`,
      [APPLE_APNS_CA_FILE]: file('tls.pem'),
    },
    publicKey,
    requests,
    answer: (deviceToken, status, reason) => answers.set(deviceToken, { status, reason }),
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.destroy();
      await closed;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
