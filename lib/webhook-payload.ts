// The body every webhook carries, as Standard Webhooks recommends: `{ type, timestamp, data }`.
// One envelope for every event (fan-out's and the console's test), so that each JSON Schema under
// public/schemas/webhooks/ describes what a receiver really gets.
import type { HookEventType } from './deliveries';

export interface WebhookPayload {
  type: HookEventType;
  /** When it happened, ISO 8601. */
  timestamp: string;
  data: Record<string, unknown>;
}

export function webhookPayload(
  type: HookEventType,
  timestamp: string,
  data: Record<string, unknown>,
): WebhookPayload {
  return { type, timestamp, data };
}

/** The test event's data: which endpoint it was sent to, and a sentence saying it is a test. */
export function testEventData(endpointId: string): Record<string, unknown> {
  return { endpointId, message: 'Δοκιμαστικό γεγονός από την karta: το webhook σας λειτουργεί.' };
}
