// Who may manage the webhooks of what: a card's endpoints are its owner's, a company's its admins'
// (docs/companies.md). Writes need a verified address too, as every other owner write does: an
// endpoint carries leads' personal data to another system. Checked inside each write's own
// transaction, so a demotion or a card changing hands committed meanwhile is seen.
import 'server-only';
import type { Firestore, Query, Transaction } from 'firebase-admin/firestore';
import { WEBHOOK_ENDPOINTS_COLLECTION, cardPath } from '../../lib/collections';
import type { WebhookScope } from '../../lib/deliveries';
import { assertAdmin, assertAdminReads, assertVerified, readCompany } from '../company/auth';
import { adminDb } from '../firebase/admin-app';
import { assertOwns, type Owner } from '../owner/auth';
import { OwnerError } from '../owner/respond';

export const cardScope = (username: string): WebhookScope => ({ scope: 'card', username });
export const companyScope = (companyId: string): WebhookScope => ({
  scope: 'company',
  companyId,
});

/** The endpoints of `scope`. */
export function scopeEndpoints(db: Firestore, scope: WebhookScope): Query {
  const endpoints = db.collection(WEBHOOK_ENDPOINTS_COLLECTION).where('scope', '==', scope.scope);
  return scope.scope === 'card'
    ? endpoints.where('username', '==', scope.username)
    : endpoints.where('companyId', '==', scope.companyId);
}

/** Whether a stored endpoint is `scope`'s: an id of another card's or company's is a 404. */
export function isInScope(data: Record<string, unknown> | undefined, scope: WebhookScope): boolean {
  if (!data || data.scope !== scope.scope) return false;
  return scope.scope === 'card'
    ? data.username === scope.username
    : data.companyId === scope.companyId;
}

/**
 * Refuses `owner` unless they manage `scope`'s webhooks, as `tx` reads it (a read outside any
 * write: no transaction). `write`: a change, which also needs a verified address.
 */
export async function assertManages(
  owner: Owner,
  scope: WebhookScope,
  { tx, write }: { tx?: Transaction; write: boolean },
): Promise<void> {
  if (write) assertVerified(owner);
  const db = adminDb();
  if (scope.scope === 'card') {
    const ref = db.doc(cardPath(scope.username));
    assertOwns(tx ? await tx.get(ref) : await ref.get(), owner);
    return;
  }
  if (tx) assertAdmin(await readCompany(tx, scope.companyId), owner);
  else await assertAdminReads(owner, scope.companyId);
}

export const NO_ENDPOINT = () => new OwnerError(404, { error: 'no-webhook' });
