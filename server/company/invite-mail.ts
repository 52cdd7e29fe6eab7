// The invitation e-mail, in Greek, as an outbox document (lib/collections.ts OUTBOX_COLLECTION)
// that the daemon's mailer sends: the server never sends mail itself.
import 'server-only';
import { FieldValue } from 'firebase-admin/firestore';
import { INVITE_TTL_MS } from '../../lib/company';
import { inviteUrl } from '../../lib/routes';

const TTL_DAYS = INVITE_TTL_MS / (24 * 60 * 60 * 1000);

export interface InviteMail {
  to: string;
  /** Who invites: their name, or their address. */
  from: string;
  companyName: string;
  token: string;
  /** The invitee's first name, when the invitation has it. */
  firstName?: string;
}

export function inviteOutboxDoc(mail: InviteMail): Record<string, unknown> {
  const link = inviteUrl(mail.token);
  const greeting = mail.firstName ? `Γεια σας ${mail.firstName},` : 'Γεια σας,';
  const text = [
    greeting,
    '',
    `${mail.from} σας προσκαλεί στην εταιρεία «${mail.companyName}» στην karta, για να έχετε ψηφιακή επαγγελματική κάρτα με τα στοιχεία της εταιρείας.`,
    '',
    'Για να αποδεχτείτε την πρόσκληση, ανοίξτε τον σύνδεσμο και συνδεθείτε με αυτή τη διεύθυνση email:',
    link,
    '',
    `Ο σύνδεσμος ισχύει ${TTL_DAYS} ημέρες και μία μόνο φορά.`,
  ].join('\n');
  return {
    to: mail.to,
    subject: `Πρόσκληση στην εταιρεία «${mail.companyName}» στην karta`,
    text,
    createdAt: FieldValue.serverTimestamp(),
  };
}
