// The Greek mail that tells an endpoint's owner (a card's owner, or each admin of a company) that
// karta disabled it, as an outbox document (lib/collections.ts OUTBOX_COLLECTION) that the daemon's
// mailer sends. The subject is karta's words alone; the URL, the owner's own, is in the body.
import { FieldValue } from 'firebase-admin/firestore';
import { ENDPOINT_FAILING_LIMIT_MS } from '../../lib/deliveries';
import { env } from '../../lib/env';
import { ACCOUNT_PATH } from '../../lib/routes';

export const ENDPOINT_DISABLED_SUBJECT = 'Ένα webhook σας απενεργοποιήθηκε';

const DAY_MS = 24 * 3_600_000;

export interface DisabledEndpoint {
  url: string;
  reason: 'gone' | 'failing';
  /** Whose receiver it was: «της κάρτας maria», «της εταιρείας Studio Φως». */
  whose: string;
}

function why(reason: DisabledEndpoint['reason']): string {
  return reason === 'gone'
    ? 'ο παραλήπτης απάντησε 410 (Gone): δήλωσε ότι δεν θέλει άλλες ειδοποιήσεις.'
    : `καμία αποστολή σε αυτό δεν πέτυχε επί ${ENDPOINT_FAILING_LIMIT_MS / DAY_MS} ημέρες.`;
}

export function endpointDisabledOutboxDoc(
  to: string,
  endpoint: DisabledEndpoint,
): Record<string, unknown> {
  const account = new URL(ACCOUNT_PATH, env.siteUrl).href;
  const text = [
    'Γεια σας,',
    '',
    `η karta απενεργοποίησε το webhook ${endpoint.whose}, που έστελνε στη διεύθυνση`,
    endpoint.url,
    `γιατί ${why(endpoint.reason)}`,
    '',
    'Όσο είναι απενεργοποιημένο, δεν του στέλνουμε τίποτα. Όταν ο παραλήπτης είναι ξανά έτοιμος, ' +
      'μπορείτε να το ενεργοποιήσετε από τον λογαριασμό σας:',
    account,
    '',
    'karta',
  ].join('\n');
  return { to, subject: ENDPOINT_DISABLED_SUBJECT, text, createdAt: FieldValue.serverTimestamp() };
}
