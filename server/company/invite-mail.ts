// The invitation e-mail, in Greek, as an outbox document (lib/collections.ts OUTBOX_COLLECTION)
// that the daemon's mailer sends: the server never sends mail itself.
//
// It goes from karta's address to someone who never asked for it, so the subject is karta's own
// words alone: the company's and the names' free text stays in the body, where they have been
// checked for links (lib/link-text.ts) and read as what they are, names. Replies go to the admin
// who invited (Reply-To), not to karta.
import 'server-only';
import { FieldValue } from 'firebase-admin/firestore';
import { INVITE_TTL_MS } from '../../lib/company';
import { greekArticle, greekVocative } from '../../lib/greek-first-name';
import { linkIn } from '../../lib/link-text';
import { inviteUrl } from '../../lib/routes';

const TTL_DAYS = INVITE_TTL_MS / (24 * 60 * 60 * 1000);

export const INVITE_SUBJECT = 'Πρόσκληση για ψηφιακή κάρτα στην karta';

/** Who invites: the admin's names on their card, and their (verified) address. */
export interface Inviter {
  firstName?: string;
  lastName?: string;
  email?: string;
}

export interface InviteMail {
  to: string;
  inviter: Inviter;
  companyName: string;
  token: string;
  /** The invitee's first name, when the invitation has it. */
  firstName?: string;
  /** Whether the invited address has a karta account already: they sign in, or sign up. */
  hasAccount: boolean;
}

/**
 * «Η Μαρία Παπαδοπούλου σας προσκαλεί», «Ο Γιώργος …», or, when the first name does not tell
 * the article (or the card has no name, or one that holds a link), the invitation's sender on a
 * line of its own.
 */
function whoInvites({ firstName, lastName, email }: Inviter, where: string): string[] {
  const name = [firstName, lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const shown = name && linkIn(name) === null ? name : '';
  const article = shown && firstName ? greekArticle(firstName) : null;
  if (article) return [`${article} ${shown} σας προσκαλεί ${where}`];
  const from = shown || email;
  return from
    ? [`Πρόσκληση από: ${from}`, '', `Σας προσκαλεί ${where}`]
    : [`Σας προσκαλούν ${where}`];
}

export function inviteOutboxDoc(mail: InviteMail): Record<string, unknown> {
  const link = inviteUrl(mail.token);
  const name = mail.firstName ? greekVocative(mail.firstName) : null;
  const replyTo = mail.inviter.email;
  const text = [
    name ? `Γεια σας, ${name},` : 'Γεια σας,',
    '',
    ...whoInvites(
      mail.inviter,
      `στην εταιρεία «${mail.companyName}» στην karta, για να έχετε ψηφιακή επαγγελματική κάρτα με τα στοιχεία της εταιρείας.`,
    ),
    '',
    mail.hasAccount
      ? 'Για να αποδεχτείτε την πρόσκληση, ανοίξτε τον σύνδεσμο και συνδεθείτε με αυτή τη διεύθυνση email:'
      : 'Για να αποδεχτείτε την πρόσκληση, ανοίξτε τον σύνδεσμο και εγγραφείτε με αυτή τη διεύθυνση email:',
    link,
    '',
    `Ο σύνδεσμος ισχύει ${TTL_DAYS} ημέρες και μία μόνο φορά.`,
    ...(replyTo
      ? [
          '',
          'Για ερωτήσεις, απαντήστε σε αυτό το μήνυμα: η απάντησή σας πηγαίνει σε όποιον σας προσκάλεσε.',
        ]
      : []),
  ].join('\n');
  return {
    to: mail.to,
    ...(replyTo ? { replyTo } : {}),
    subject: INVITE_SUBJECT,
    text,
    createdAt: FieldValue.serverTimestamp(),
  };
}
