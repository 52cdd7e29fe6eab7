// A lead's changes as the owner's and the admins' routes write them: the workflow's fields
// (lib/lead-workflow.ts), or the lead deleted, each with its event for the receivers (lead.updated,
// lead.deleted) recorded in the same transaction, so that an event exists exactly when its write
// does.
import 'server-only';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  COMPANY_FIELD,
  CREATED_FIELD,
  JOINED_FIELD,
  LEAD_STATUS_FIELD,
} from '../../lib/collections';
import { isCompanyLead } from '../../lib/company-lead';
import type { HookEventType } from '../../lib/deliveries';
import { leadPayload } from '../../lib/lead-payload';
import {
  LEAD_NOTE_FIELD,
  LEAD_TAGS_FIELD,
  leadWorkflowOf,
  parseLeadChanges,
  type LeadChanges,
  type LeadWorkflow,
} from '../../lib/lead-workflow';
import { recordHookEvent } from '../deliveries/events';
import { adminDb } from '../firebase/admin-app';
import { badField } from './respond';

const millis = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : undefined);

/** The company whose lead `contact` on `card` is, or null when it is no company's. */
export function leadCompany(card: DocumentSnapshot, contact: DocumentSnapshot): string | null {
  const id: unknown = card.get(COMPANY_FIELD);
  const joinedAt = millis(card.get(JOINED_FIELD));
  if (typeof id !== 'string' || id === '') return null;
  return isCompanyLead(joinedAt, millis(contact.get(CREATED_FIELD))) ? id : null;
}

/** A request's `{ status?, note?, tags? }`, or a 400 naming the first field that is wrong. */
export function leadChangesParam(body: unknown): LeadChanges {
  const parsed = parseLeadChanges(body);
  if (!parsed.ok) throw badField(parsed.error.field, parsed.error.message);
  return parsed.changes;
}

function recordLeadEvent(
  tx: Transaction,
  type: HookEventType,
  card: DocumentSnapshot,
  contact: DocumentSnapshot,
  data: Record<string, unknown>,
): void {
  recordHookEvent(adminDb(), tx, {
    type,
    username: card.id,
    // A lead left before the card joined stays its owner's: the company's receivers never get it.
    companyId: leadCompany(card, contact),
    data: leadPayload(card.id, contact.id, data),
  });
}

/** Writes `changes` to `contact` on `card` with its lead.updated; returns the lead's workflow after them. */
export function writeLeadChanges(
  tx: Transaction,
  card: DocumentSnapshot,
  contact: DocumentSnapshot,
  changes: LeadChanges,
): LeadWorkflow {
  const fields: Record<string, unknown> = {};
  if (changes.status !== undefined) fields[LEAD_STATUS_FIELD] = changes.status;
  if (changes.note !== undefined) fields[LEAD_NOTE_FIELD] = changes.note;
  if (changes.tags !== undefined) fields[LEAD_TAGS_FIELD] = changes.tags;
  tx.update(contact.ref, fields);
  const data = { ...contact.data(), ...fields };
  recordLeadEvent(tx, 'lead.updated', card, contact, data);
  return leadWorkflowOf(data);
}

/** Deletes `contact` on `card` with its lead.deleted, which carries the lead as it last was. */
export function deleteLead(
  tx: Transaction,
  card: DocumentSnapshot,
  contact: DocumentSnapshot,
): void {
  tx.delete(contact.ref);
  recordLeadEvent(tx, 'lead.deleted', card, contact, contact.data() ?? {});
}
