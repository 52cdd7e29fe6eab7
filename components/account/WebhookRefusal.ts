// What the webhooks' screens say, in Greek, when karta's server refuses a request: the server's
// own Greek when it gave one (a 400 beside its field, a 409 `disabled`), the webhook codes, and
// every other owner or company refusal as the company screens say it.
import { OwnerRequestError } from '@/browser/owner/owner-api';
import { refusalOf } from './company/messages';

const WEBHOOK_REFUSALS: Record<string, string> = {
  'no-webhook': 'Το webhook δεν βρέθηκε: ίσως διαγράφηκε.',
  'not-owner': 'Η κάρτα δεν είναι δική σας.',
  'no-delivery': 'Η παράδοση δεν βρέθηκε.',
  pending: 'Η παράδοση περιμένει ήδη να σταλεί.',
};

/** A refusal in Greek, and the field it names. */
export function webhookRefusal(caught: unknown): { message: string; field?: string } {
  if (caught instanceof OwnerRequestError) {
    if (caught.shown) return { message: caught.shown, field: caught.field };
    const known = WEBHOOK_REFUSALS[caught.error];
    if (known) return { message: known };
  }
  return refusalOf(caught);
}
