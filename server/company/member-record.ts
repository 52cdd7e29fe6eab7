// companies/{id}/members/{uid} as the server writes it (lib/collections.ts): who joined, with
// which card, in which role.
import 'server-only';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { MemberRole } from '../../lib/company';

export interface MemberFields {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The record of a member joining with the card `username` now. One who was a member before (left,
 * or was removed) keeps the list of their earlier cards in the company: those stay the company's.
 */
export function joiningRecord(
  fields: MemberFields,
  role: MemberRole,
  earlier?: DocumentSnapshot,
): Record<string, unknown> {
  const former: unknown = earlier?.get('formerCards');
  const formerCards = Array.isArray(former) ? former.filter((u) => typeof u === 'string') : [];
  const previous = text(earlier?.get('username'));
  if (previous && previous !== fields.username && !formerCards.includes(previous)) {
    formerCards.push(previous);
  }
  return {
    ...fields,
    role,
    status: 'active',
    joinedAt: FieldValue.serverTimestamp(),
    ...(formerCards.length > 0 ? { formerCards } : {}),
  };
}

/** The card's names as the member record keeps them. */
export function namesOf(card: DocumentSnapshot): { firstName: string; lastName: string } {
  return { firstName: text(card.get('firstName')), lastName: text(card.get('lastName')) };
}
