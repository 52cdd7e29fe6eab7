// A receiver of karta's webhooks as a customer would write one: a node http server on loopback
// that checks each request with `standardwebhooks`' `verify` (the signature over webhook-id,
// webhook-timestamp and the body, with the endpoint's secret) and records what it accepted; and
// the endpoint documents that point at it, as the owner API registers them (the secret sealed).
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_ENDPOINTS_COLLECTION } from '../../lib/collections';
import type { WebhookEndpointDoc, WebhookEvent, WebhookScope } from '../../lib/deliveries';
import { sealSecret } from '../../server/sso/secret-box';

export interface Accepted {
  /** webhook-id: the event's id, the same on every attempt. */
  id: string;
  type: string;
  data: Record<string, unknown>;
  /** Date.now() when it arrived. */
  at: number;
}

export interface Receiver {
  url: string;
  /** Every request that verified, in order of arrival (repeats included). */
  accepted: Accepted[];
  /** Requests whose signature did not verify. */
  refused: number;
  /** Starts answering (a receiver made `down` is not listening until then). */
  up(): Promise<void>;
  close(): Promise<void>;
}

/** A loopback port free now, for a receiver that comes up later. */
export async function freeLoopbackPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A `whsec_` secret as the owner API makes one. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * A receiver verifying with `secret`, at `port` (any free one unless set); listening at once
 * unless `down`.
 */
export async function startReceiver(
  secret: string,
  { port, down = false }: { port?: number; down?: boolean } = {},
): Promise<Receiver> {
  const webhook = new Webhook(secret);
  let server: Server | undefined;
  const receiver: Receiver = {
    url: '',
    accepted: [],
    refused: 0,
    async up() {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          try {
            const message = webhook.verify(body, req.headers as Record<string, string>) as {
              type: string;
              data: Record<string, unknown>;
            };
            receiver.accepted.push({
              id: String(req.headers['webhook-id']),
              type: message.type,
              data: message.data,
              at: Date.now(),
            });
            res.statusCode = 204;
          } catch {
            receiver.refused++;
            res.statusCode = 400;
          }
          res.end();
        });
      });
      await new Promise<void>((resolve) => server!.listen(chosen, '127.0.0.1', resolve));
    },
    async close() {
      server?.closeAllConnections();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    },
  };
  const chosen = port ?? (await freeLoopbackPort());
  receiver.url = `http://127.0.0.1:${chosen}/hooks`;
  if (!down) await receiver.up();
  return receiver;
}

/** Registers `url` for `scope`'s `events` with `secret`, as the owner API does; its id. */
export async function registerEndpoint(
  db: Firestore,
  scope: WebhookScope,
  url: string,
  secret: string,
  events: WebhookEvent[],
): Promise<string> {
  const ref = db.collection(WEBHOOK_ENDPOINTS_COLLECTION).doc();
  const doc = {
    ...scope,
    url,
    events,
    secret: sealSecret(secret, ref.id, 'webhook'),
    createdAt: Timestamp.now(),
    createdBy: 'uid-test',
  } as WebhookEndpointDoc;
  await ref.create(doc);
  return ref.id;
}

/**
 * A receiver with a secret of its own (options as startReceiver's), and the endpoint registered
 * for it: `scope`'s `events`.
 */
export async function registeredReceiver(
  db: Firestore,
  scope: WebhookScope,
  events: WebhookEvent[],
  options?: { port?: number; down?: boolean },
): Promise<Receiver & { endpoint: string }> {
  const secret = newWebhookSecret();
  const receiver = await startReceiver(secret, options);
  try {
    const endpoint = await registerEndpoint(db, scope, receiver.url, secret, events);
    return Object.assign(receiver, { endpoint });
  } catch (error) {
    // The caller never gets this receiver to close: left open, it would hold the process.
    await receiver.close();
    throw error;
  }
}
