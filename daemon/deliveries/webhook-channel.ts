// The webhook channel of the delivery outbox: an event's destinations are the enabled endpoints
// (webhookEndpoints/{id}) of its card and of the card's company that subscribe to its type; each
// delivery is POSTed as Standard Webhooks specifies (`standardwebhooks`: webhook-id, the event's
// id on every attempt; webhook-timestamp; webhook-signature over both and the body), through the
// address guard (webhook-request.ts). A 2xx is delivered, a 410 disables the endpoint (`gone`), and
// an endpoint that has only failed for ENDPOINT_FAILING_LIMIT_MS is disabled (`failing`); either
// way its owner (or the company's admins) gets a Greek mail through the outbox.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { Webhook } from 'standardwebhooks';
import {
  ADMINS_FIELD,
  COMPANY_NAME_FIELD,
  OUTBOX_COLLECTION,
  OWNER_FIELD,
  WEBHOOK_ENDPOINTS_COLLECTION,
  cardPath,
  companyPath,
  webhookEndpointPath,
} from '../../lib/collections';
import {
  DELIVERY_TIMEOUT_MS,
  ENDPOINT_FAILING_LIMIT_MS,
  isWebhookEvent,
  type WebhookEndpointDoc,
} from '../../lib/deliveries';
import { env } from '../../lib/env';
import { webhookPayload } from '../../lib/webhook-payload';
import { openSecret } from '../../server/sso/secret-box';
import type { DeliveryChannel, Destination, SendOutcome } from './channel';
import { endpointDisabledOutboxDoc, type DisabledEndpoint } from './endpoint-disabled-mail';
import { sendWebhookRequest, type Resolve } from './webhook-request';

export interface WebhookChannelOptions {
  /** An account's address (Firebase Auth), for the mail that an endpoint was disabled. */
  accountEmail: (uid: string) => Promise<string | null>;
  /** Plain http and loopback receivers: env.webhooksAllowLoopback unless set. */
  allowLoopback?: boolean;
  /** DELIVERY_TIMEOUT_MS unless set. */
  timeoutMs?: number;
  resolve?: Resolve;
  /** The clock of the endpoint's failing time; Date.now unless set. */
  now?: () => number;
  log?: (line: string) => void;
}

/** The start of a receiver's answer kept in the delivery log. */
const LOGGED_ANSWER_CHARS = 200;

const millis = (value: unknown): number | null =>
  value instanceof Timestamp ? value.toMillis() : null;

export function webhookChannel(options: WebhookChannelOptions): DeliveryChannel {
  const {
    accountEmail,
    allowLoopback = env.webhooksAllowLoopback,
    timeoutMs = DELIVERY_TIMEOUT_MS,
    resolve,
    now = Date.now,
    log = console.log,
  } = options;

  /** Who is told an endpoint was disabled, and how the mail names whose it was. */
  async function ownersOf(
    db: Firestore,
    endpoint: WebhookEndpointDoc,
  ): Promise<{ uids: string[]; whose: string }> {
    if (endpoint.scope === 'card') {
      const card = await db.doc(cardPath(endpoint.username)).get();
      const owner: unknown = card.get(OWNER_FIELD);
      return {
        uids: typeof owner === 'string' ? [owner] : [endpoint.createdBy],
        whose: `της κάρτας «${endpoint.username}»`,
      };
    }
    const company = await db.doc(companyPath(endpoint.companyId)).get();
    const admins: unknown = company.get(ADMINS_FIELD);
    const name: unknown = company.get(COMPANY_NAME_FIELD);
    return {
      uids: Array.isArray(admins) ? admins.filter((uid) => typeof uid === 'string') : [],
      whose: `της εταιρείας «${typeof name === 'string' && name ? name : endpoint.companyId}»`,
    };
  }

  /** Disables endpoint `id` (unless it is already) and mails its owners, in one transaction. */
  async function disable(db: Firestore, id: string, reason: DisabledEndpoint['reason']) {
    const ref = db.doc(webhookEndpointPath(id));
    const before = (await ref.get()).data() as WebhookEndpointDoc | undefined;
    if (!before || before.disabledAt) return;
    const { uids, whose } = await ownersOf(db, before);
    const addresses = (await Promise.all(uids.map(accountEmail))).filter(
      (email): email is string => !!email,
    );
    const disabled = await db.runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data() as WebhookEndpointDoc | undefined;
      if (!current || current.disabledAt) return false;
      tx.update(ref, { disabledAt: Timestamp.fromMillis(now()), disabledReason: reason });
      for (const to of new Set(addresses)) {
        const mail = endpointDisabledOutboxDoc(to, { url: current.url, reason, whose });
        tx.create(db.collection(OUTBOX_COLLECTION).doc(), mail);
      }
      return true;
    });
    if (disabled) log(`deliveries: webhook endpoint ${id} disabled (${reason})`);
  }

  /** Notes a failure; disables the endpoint once it has failed for ENDPOINT_FAILING_LIMIT_MS. */
  async function failed(db: Firestore, id: string, endpoint: WebhookEndpointDoc): Promise<boolean> {
    const since = millis(endpoint.failingSince);
    if (since === null) {
      await db.doc(webhookEndpointPath(id)).update({ failingSince: Timestamp.fromMillis(now()) });
      return false;
    }
    if (now() - since < ENDPOINT_FAILING_LIMIT_MS) return false;
    await disable(db, id, 'failing');
    return true;
  }

  return {
    kind: 'webhook',

    async destinationsOf(db, event): Promise<Destination[]> {
      const type = event.type;
      if (!isWebhookEvent(type)) return [];
      const endpoints = db.collection(WEBHOOK_ENDPOINTS_COLLECTION);
      const [mine, company] = await Promise.all([
        endpoints.where('username', '==', event.username).get(),
        event.companyId
          ? endpoints.where('companyId', '==', event.companyId).get()
          : Promise.resolve(null),
      ]);
      const payload = { ...webhookPayload(type, event.at, event.data) };
      return [...mine.docs, ...(company?.docs ?? [])]
        .filter((doc) => {
          const endpoint = doc.data() as WebhookEndpointDoc;
          const inScope =
            endpoint.scope === 'card'
              ? endpoint.username === event.username
              : endpoint.companyId === event.companyId;
          return inScope && !endpoint.disabledAt && endpoint.events?.includes(type);
        })
        .map((doc) => ({ destination: doc.id, payload }));
    },

    async send(db, delivery): Promise<SendOutcome> {
      const id = delivery.destination;
      const endpoint = (await db.doc(webhookEndpointPath(id)).get()).data() as
        WebhookEndpointDoc | undefined;
      if (!endpoint)
        return { ok: false, status: null, error: 'the endpoint was removed', gone: true };
      if (endpoint.disabledAt) {
        return { ok: false, status: null, error: 'the endpoint is disabled', gone: true };
      }
      let secret: string;
      try {
        secret = openSecret(endpoint.secret, id, 'webhook');
      } catch {
        return { ok: false, status: null, error: 'the signing secret could not be opened' };
      }
      const body = JSON.stringify(delivery.payload);
      const at = new Date(now());
      const answer = await sendWebhookRequest({
        url: endpoint.url,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'karta-webhooks',
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(delivery.eventId, at, body),
        },
        body,
        allowLoopback,
        timeoutMs,
        resolve,
      });
      if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
        if (endpoint.failingSince) {
          await db.doc(webhookEndpointPath(id)).update({ failingSince: null });
        }
        return { ok: true, status: answer.status };
      }
      if (answer.status === 410) {
        return { ok: false, status: 410, error: 'HTTP 410: the receiver is gone', gone: true };
      }
      const error =
        answer.status === null
          ? answer.error
          : `HTTP ${answer.status}${answer.excerpt ? `: ${answer.excerpt.slice(0, LOGGED_ANSWER_CHARS)}` : ''}`;
      if (await failed(db, id, endpoint)) {
        return {
          ok: false,
          status: answer.status,
          error: `${error}; endpoint disabled`,
          gone: true,
        };
      }
      return { ok: false, status: answer.status, error };
    },

    async gone(db, delivery) {
      await disable(db, delivery.destination, 'gone');
    },
  };
}
