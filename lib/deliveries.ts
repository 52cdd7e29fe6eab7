// One outbox for everything karta delivers to other systems: Standard Webhooks to the receivers
// owners and admins register, Apple Wallet pushes (APNs) to the devices that hold a card's pass,
// and Google Wallet object updates. The server and the daemon record events; the daemon fans each
// out into one delivery per destination (deliveries/{key}, its key the idempotency key of that
// event and destination) and delivers it at least once, with one retry policy and one log.
// Pure: the server, the daemon, the console and the tests read the same names and limits here.
/** What a receiver may subscribe to. */
export const WEBHOOK_EVENTS = [
  'lead.created',
  'lead.updated',
  'lead.deleted',
  'card.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Every event: the webhooks', `card.voided` (a card removed, deprovisioned or erased: its passes
 * voided) and `webhook.test` (the console's «Δοκιμή», to one endpoint only).
 */
export type HookEventType = WebhookEvent | 'card.voided' | 'webhook.test';

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** hookEvents/{eventId}, and what fan-out reads of an event wherever it came from. */
export interface HookEventDoc {
  type: HookEventType;
  /** The card it is about. */
  username: string;
  /** The card's company when it happened, so a company's receivers get it; null for none. */
  companyId: string | null;
  /** The event's `data` as receivers get it (lead.*: the lead; card.*: the card's summary). */
  data: Record<string, unknown>;
  /** When it happened (ISO 8601), the payload's `timestamp`. */
  at: string;
}

export const DELIVERY_KINDS = ['webhook', 'apns', 'google'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export type DeliveryState = 'pending' | 'delivered' | 'failed';

/** deliveries/{key}: one event to one destination. */
export interface DeliveryDoc {
  kind: DeliveryKind;
  /** webhook: the endpoint's id; apns: the device's push token; google: the object's id. */
  destination: string;
  /** The event's id (a webhook's `webhook-id`): the same on every attempt. */
  eventId: string;
  type: HookEventType;
  username: string;
  companyId: string | null;
  /** What the sender needs beyond the card's current state (a webhook: the JSON body). */
  payload: Record<string, unknown>;
  state: DeliveryState;
  /** Attempts made so far. */
  attempts: number;
  /** Not tried before this time (a Timestamp in Firestore). */
  nextAt: unknown;
  createdAt: unknown;
  lastAttemptAt?: unknown;
  /** The destination's last HTTP status, null when none came (timeout, refused address). */
  lastStatus?: number | null;
  lastError?: string | null;
  deliveredAt?: unknown;
  /** A daemon's claim while it sends: { by, until }. */
  lease?: { by: string; until: unknown } | null;
}

/**
 * The waits before each retry after a failed attempt (Standard Webhooks' schedule): about 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; after the last, the delivery has failed.
 */
export const DELIVERY_RETRY_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** How long one attempt may take, answer and body included. */
export const DELIVERY_TIMEOUT_MS = 15_000;

/** An endpoint failing (no delivery succeeding) this long is disabled. */
export const ENDPOINT_FAILING_LIMIT_MS = 3 * 24 * 3_600_000;

/** Deliveries kept per destination as its log; the console shows them. */
export const DELIVERY_LOG_KEPT = 100;

/** The wait before attempt `attempts + 1` after `attempts` failed ones; null when none is left. */
export function retryDelayMs(attempts: number): number | null {
  if (attempts < 1) return 0;
  return DELIVERY_RETRY_MS[attempts - 1] ?? null;
}

/** Whose receiver an endpoint is: a card's owner's, or a company's (for every member card). */
export type WebhookScope =
  { scope: 'card'; username: string } | { scope: 'company'; companyId: string };

/** webhookEndpoints/{id}. */
export type WebhookEndpointDoc = WebhookScope & {
  /** https (http to loopback in the demo only). */
  url: string;
  events: WebhookEvent[];
  /**
   * The `whsec_` signing secret, sealed at rest (AES-GCM, server/sso/secret-box.ts's way): shown
   * once when made, opened only by the daemon to sign.
   */
  secret: { iv: string; tag: string; data: string };
  createdAt: unknown;
  /** The account that registered it. */
  createdBy: string;
  /** Set when it was disabled: by a 410, or after ENDPOINT_FAILING_LIMIT_MS of failures. */
  disabledAt?: unknown;
  disabledReason?: 'gone' | 'failing' | null;
  /** The first failure since its last success; null while it succeeds. */
  failingSince?: unknown;
};
