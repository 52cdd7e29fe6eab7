// What the delivery outbox (daemon/deliveries/) asks of each kind of destination: webhooks,
// Apple Wallet pushes (APNs) and Google Wallet object updates each provide one channel; fan-out
// asks every channel for an event's destinations, and the worker hands each delivery to its
// channel's `send`, with one retry policy and one log for all (lib/deliveries.ts).
import type { Firestore } from 'firebase-admin/firestore';
import type { DeliveryDoc, DeliveryKind, HookEventDoc } from '../../lib/deliveries';

/** One attempt's result. */
export type SendOutcome =
  | { ok: true; status: number | null }
  | {
      ok: false;
      /** The destination's HTTP status; null when none came (timeout, refused address). */
      status: number | null;
      /** Why, for the delivery log (no secret in it). */
      error: string;
      /**
       * The destination said it wants nothing more (a webhook's 410, APNs' 410 Unregistered): no
       * retry, and the channel's `gone` drops it.
       */
      gone?: boolean;
    };

/** One destination of an event, before it is a delivery. */
export interface Destination {
  destination: string;
  payload: Record<string, unknown>;
}

export interface DeliveryChannel {
  kind: DeliveryKind;
  /** The destinations of `event` in this channel (none when it does not concern it). */
  destinationsOf(db: Firestore, event: HookEventDoc & { id: string }): Promise<Destination[]>;
  /** One attempt; rejects only on a bug (an outcome says how the destination answered). */
  send(db: Firestore, delivery: DeliveryDoc & { id: string }): Promise<SendOutcome>;
  /** After a `gone` outcome: disables the endpoint, drops the registration. */
  gone?(db: Firestore, delivery: DeliveryDoc & { id: string }): Promise<void>;
}
