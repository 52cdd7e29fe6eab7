// A webhook endpoint as an owner or an admin registers it (`{ url, events }`), judged by the same
// rules in the console's form and on karta's server (server/webhooks/endpoints.ts), and what the
// console is shown of endpoints and their deliveries. The secret is never among them: it is
// answered once, when the endpoint is made.
import {
  WEBHOOK_EVENTS,
  isWebhookEvent,
  type HookEventType,
  type WebhookEvent,
} from './deliveries';
import { hostOf, refusedHost, type RefusedAddress } from './webhook-address';

export const WEBHOOK_LIMITS = {
  url: 2000,
  /** Endpoints per card and per company: enough for a CRM, Zapier and a test, far from a flood. */
  endpoints: 10,
} as const;

/** The test event «Δοκιμή» sends: the envelope of every event, its data saying what it is. */
export const WEBHOOK_TEST_EVENT = 'webhook.test' satisfies HookEventType;

/** What the console names each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'lead.created': 'Νέα επαφή',
  'lead.updated': 'Αλλαγή επαφής',
  'lead.deleted': 'Διαγραφή επαφής',
  'card.updated': 'Αλλαγή της κάρτας',
};

const ADDRESS_WORDS: Record<RefusedAddress, string> = {
  loopback: 'τον ίδιο τον διακομιστή (loopback)',
  private: 'ιδιωτικό δίκτυο',
  'link-local': 'τοπική σύνδεση (link-local)',
  metadata: 'υπηρεσία μεταδεδομένων του cloud',
  reserved: 'δεσμευμένη περιοχή διευθύνσεων',
  invalid: 'μη έγκυρη διεύθυνση',
};

export const WEBHOOK_MESSAGES = {
  url: 'Συμπληρώστε τη διεύθυνση (URL) που θα δέχεται τα γεγονότα, π.χ. https://crm.example.gr/hooks/karta',
  https: 'Η διεύθυνση πρέπει να ξεκινά με https://',
  tooLong: `Η διεύθυνση είναι πολύ μεγάλη (έως ${WEBHOOK_LIMITS.url} χαρακτήρες)`,
  credentials: 'Η διεύθυνση δεν μπορεί να περιέχει όνομα χρήστη ή κωδικό',
  address: (kind: RefusedAddress) =>
    `Η διεύθυνση οδηγεί σε ${ADDRESS_WORDS[kind]}· δεχόμαστε μόνο δημόσιες διευθύνσεις του διαδικτύου`,
  unresolved: 'Ο διακομιστής της διεύθυνσης δεν βρέθηκε (DNS). Ελέγξτε τη διεύθυνση.',
  events: 'Επιλέξτε τουλάχιστον ένα γεγονός',
  unknownEvent: (event: string) =>
    `Άγνωστο γεγονός «${event}»· τα γεγονότα είναι: ${WEBHOOK_EVENTS.join(', ')}`,
  tooMany: `Έως ${WEBHOOK_LIMITS.endpoints} διευθύνσεις webhook`,
  enabled: 'Το πεδίο enabled δέχεται μόνο την τιμή true (επανενεργοποίηση)',
  disabled: 'Το webhook είναι απενεργοποιημένο: ενεργοποιήστε το πρώτα.',
} as const;

export interface WebhookInput {
  url: string;
  events: WebhookEvent[];
}

export type WebhookParse = { input: WebhookInput } | { field: string; error: string };

/**
 * The URL's problem, or undefined: https (plain http only to loopback where `allowLoopback`), no
 * user name or password, and a host that is not a forbidden address (lib/webhook-address.ts).
 */
export function webhookUrlProblem(typed: string, allowLoopback: boolean): string | undefined {
  if (!typed) return WEBHOOK_MESSAGES.url;
  if (typed.length > WEBHOOK_LIMITS.url) return WEBHOOK_MESSAGES.tooLong;
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return WEBHOOK_MESSAGES.url;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_MESSAGES.url;
  if (url.username || url.password) return WEBHOOK_MESSAGES.credentials;
  const host = hostOf(url);
  const refused = refusedHost(host, allowLoopback);
  if (refused) return WEBHOOK_MESSAGES.address(refused);
  if (url.protocol === 'http:' && !(allowLoopback && refusedHost(host, false) === 'loopback')) {
    return WEBHOOK_MESSAGES.https;
  }
  return undefined;
}

/** The body of a registration judged as the server judges it (the console's form calls it too). */
export function parseWebhookInput(
  body: unknown,
  { allowLoopback }: { allowLoopback: boolean },
): WebhookParse {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const url = typeof fields.url === 'string' ? fields.url.trim() : '';
  const problem = webhookUrlProblem(url, allowLoopback);
  if (problem) return { field: 'url', error: problem };
  const events: unknown = fields.events;
  if (!Array.isArray(events) || events.length === 0) {
    return { field: 'events', error: WEBHOOK_MESSAGES.events };
  }
  const unknown = events.find((event) => !isWebhookEvent(event));
  if (unknown !== undefined) {
    return { field: 'events', error: WEBHOOK_MESSAGES.unknownEvent(String(unknown)) };
  }
  // In the order WEBHOOK_EVENTS lists them, once each.
  const chosen = WEBHOOK_EVENTS.filter((event) => (events as unknown[]).includes(event));
  return { input: { url: new URL(url).href, events: chosen } };
}

/** What the console is shown of an endpoint (GET): never its secret. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  /** Why it was disabled: the receiver answered 410, or it failed for three days. */
  disabledReason: 'gone' | 'failing' | null;
  /** ISO 8601. */
  createdAt: string | null;
  disabledAt: string | null;
  failingSince: string | null;
}

/** POST's answer: the secret, shown this once. */
export interface WebhookCreated {
  id: string;
  secret: string;
}

/** One delivery of the log (GET …/deliveries): the last DELIVERY_LOG_KEPT (lib/deliveries.ts), newest first. */
export interface WebhookDeliveryView {
  id: string;
  eventId: string;
  type: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The receiver's last HTTP status; null when none came. */
  status: number | null;
  error: string | null;
  /** ISO 8601. */
  createdAt: string | null;
  lastAttemptAt: string | null;
  nextAt: string | null;
}

/** What the console says of an endpoint's state. */
export function endpointStateText(endpoint: WebhookEndpointView): string {
  if (endpoint.enabled) return 'Ενεργό';
  return endpoint.disabledReason === 'gone'
    ? 'Απενεργοποιημένο: ο παραλήπτης απάντησε 410 (Gone)'
    : 'Απενεργοποιημένο: οι παραδόσεις αποτύγχαναν για τρεις ημέρες';
}
