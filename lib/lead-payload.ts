// A lead as every receiver gets it (the `data` of lead.created, lead.updated and lead.deleted,
// lib/deliveries.ts): what the visitor typed, when, and its workflow (lib/lead-workflow.ts). Built
// here only, from the contact's document as either SDK reads it, so that the events agree and
// nothing else of the document (the lead mailer's state, a future internal field) leaves karta.
import { CREATED_FIELD } from './collections';
import { leadWorkflowOf } from './lead-workflow';

/** A Firestore Timestamp of either SDK, or a Date, as ISO 8601; null for anything else. */
function isoTime(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const toDate = (value as { toDate?: unknown } | null)?.toDate;
  if (typeof toDate !== 'function') return null;
  const date: unknown = toDate.call(value);
  return date instanceof Date ? date.toISOString() : null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The lead `contactId` left on card `username`, its document's `data`: `{ id, card, name, email,
 * phone?, createdAt, status, note, tags }`, createdAt ISO 8601 (null while the server's time is
 * pending). Never the owner's uid or any field of karta's own.
 */
export function leadPayload(
  username: string,
  contactId: string,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const phone = text(data.phone);
  return {
    id: contactId,
    card: username,
    name: text(data.name),
    email: text(data.email),
    ...(phone ? { phone } : {}),
    createdAt: isoTime(data[CREATED_FIELD]),
    ...leadWorkflowOf(data),
  };
}
