// The e-mail that tells a card's owner a visitor left their details: what it says, in Greek, and
// who it goes to. Pure, so every line of it is tested without a mail server.
import { CREATED_FIELD } from '../../lib/collections';
import { EMAIL_PATTERN } from '../../lib/email-pattern';
import { env } from '../../lib/env';
import { ACCOUNT_PATH, cardUrl } from '../../lib/routes';

/** A visitor's contact as the mail needs it; see parseLeadContact for what is accepted. */
export interface LeadContact {
  name: string;
  email: string;
  phone?: string;
  createdAt: Date;
}

export interface LeadMail {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
}

/** The owner's days and hours, whatever the server's zone. */
const ATHENS_TIME = new Intl.DateTimeFormat('el-GR', {
  timeZone: 'Europe/Athens',
  dateStyle: 'full',
  timeStyle: 'short',
});

/** Control characters (a line break in a name) would break a header or the mail's layout. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/**
 * The contact as a visitor's write leaves it (firestore.rules: name, email, optional phone, the
 * server's createdAt), or null for anything else: a document made by hand is skipped, not mailed.
 */
export function parseLeadContact(data: Record<string, unknown> | undefined): LeadContact | null {
  if (!data) return null;
  const { name, email, phone, [CREATED_FIELD]: createdAt } = data;
  if (typeof name !== 'string' || !oneLine(name)) return null;
  if (typeof email !== 'string' || !EMAIL_PATTERN.test(email)) return null;
  if (phone !== undefined && typeof phone !== 'string') return null;
  const toDate = (createdAt as { toDate?: () => Date } | null)?.toDate;
  if (typeof toDate !== 'function') return null;
  return {
    name: oneLine(name),
    email,
    ...(phone && oneLine(phone) ? { phone: oneLine(phone) } : {}),
    createdAt: toDate.call(createdAt),
  };
}

export function athensTime(date: Date): string {
  return ATHENS_TIME.format(date);
}

/** The mail to `ownerEmail` about `contact`, left on the card `username`. */
export function leadMail(username: string, ownerEmail: string, contact: LeadContact): LeadMail {
  const lines = [
    `Ο/Η ${contact.name} άφησε τα στοιχεία του/της στην κάρτα σας ${cardUrl(username)}.`,
    '',
    `Όνομα: ${contact.name}`,
    `Email: ${contact.email}`,
    ...(contact.phone ? [`Τηλέφωνο: ${contact.phone}`] : []),
    `Πότε: ${athensTime(contact.createdAt)} (ώρα Ελλάδας)`,
    '',
    `Απαντήστε σε αυτό το μήνυμα για να γράψετε απευθείας στον/στην ${contact.name}.`,
    `Όλες οι επαφές σας: ${new URL(ACCOUNT_PATH, env.siteUrl).href}`,
    '',
    'Δεν θέλετε αυτά τα μηνύματα; Απενεργοποιήστε τα στον λογαριασμό σας, στην ενότητα «Λογαριασμός».',
  ];
  return {
    to: ownerEmail,
    replyTo: contact.email,
    subject: `Νέα επαφή από την κάρτα σας: ${contact.name}`,
    text: lines.join('\n'),
  };
}
