// The delivery outbox's channels as the daemon runs them, one per kind of destination: webhooks
// always, Apple Wallet pushes and Google Wallet updates when configured (a channel without its
// settings names no destination). The daemon (daemon/start.ts) hands the same ones to fan-out and
// to the worker.
import { ownerAccount } from '../mail/start';
import { apnsChannel } from './apns-channel';
import type { DeliveryChannel } from './channel';
import { googleChannel } from './google-channel';
import { webhookChannel } from './webhook-channel';

export function deliveryChannels(): DeliveryChannel[] {
  return [
    webhookChannel({ accountEmail: async (uid) => (await ownerAccount(uid))?.email ?? null }),
    apnsChannel,
    googleChannel(),
  ];
}
