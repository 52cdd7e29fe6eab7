// The e-mail that tells a card's owner a visitor left their details: what it says, in Greek, and
// who it goes to. What the visitor typed appears only as labelled, quoted values (visitor-text.ts),
// never inside karta's own sentences. Pure, so every line of it is tested without a mail server.
import { CREATED_FIELD } from '../../lib/collections';
import { EMAIL_PATTERN } from '../../lib/email-pattern';
import { env } from '../../lib/env';
import { ACCOUNT_PATH, cardUrl } from '../../lib/routes';
import { oneLine, quoted } from './visitor-text';

/** A visitor's contact as the mail needs it; see parseLeadContact for what is accepted. */
export interface LeadContact {
  name: string;
  email: string;
  phone?: string;
  createdAt: Date;
}

export interface LeadMail {
  to: string;
  /** The visitor, for a single contact's mail; a digest has none. */
  replyTo?: string;
  subject: string;
  text: string;
}

/** The owner's days and hours, whatever the server's zone. */
const ATHENS_TIME = new Intl.DateTimeFormat('el-GR', {
  timeZone: 'Europe/Athens',
  dateStyle: 'full',
  timeStyle: 'short',
});

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

const accountLink = (label = 'Όλες οι επαφές σας') =>
  `${label}: ${new URL(ACCOUNT_PATH, env.siteUrl).href}`;
const SWITCH_OFF =
  'Δεν θέλετε αυτά τα μηνύματα; Απενεργοποιήστε τα στον λογαριασμό σας, στην ενότητα «Λογαριασμός».';

export function contactLines(contact: LeadContact): string[] {
  return [
    `Όνομα: ${quoted(contact.name)}`,
    `Email: ${quoted(contact.email)}`,
    ...(contact.phone ? [`Τηλέφωνο: ${quoted(contact.phone)}`] : []),
    `Πότε: ${athensTime(contact.createdAt)} (ώρα Ελλάδας)`,
  ];
}

/** The mail to `ownerEmail` about `contact`, left on the card `username`. */
export function leadMail(username: string, ownerEmail: string, contact: LeadContact): LeadMail {
  const lines = [
    `Ένας επισκέπτης άφησε τα στοιχεία του στην κάρτα σας ${cardUrl(username)}.`,
    '',
    ...contactLines(contact),
    '',
    'Απαντήστε σε αυτό το μήνυμα για να γράψετε απευθείας στο email που έδωσε.',
    accountLink(),
    '',
    SWITCH_OFF,
  ];
  return {
    to: ownerEmail,
    replyTo: contact.email,
    subject: `Νέα επαφή από την κάρτα σας: ${quoted(contact.name)}`,
    text: lines.join('\n'),
  };
}

/** The contacts of one card's hour beyond its single mails, as the digest tells of them. */
export interface LeadDigest {
  /** How many contacts it counts. */
  count: number;
  /** How many of the hour's contacts were mailed one by one before it. */
  singles: number;
  /** The newest few it counts, newest first. */
  newest: LeadContact[];
  start: Date;
  end: Date;
}

const contactsWord = (count: number) => (count === 1 ? 'νέα επαφή' : 'νέες επαφές');

/** The one mail to `ownerEmail` about the hour's contacts beyond the single mails. */
export function digestMail(username: string, ownerEmail: string, digest: LeadDigest): LeadMail {
  const { count, singles, newest } = digest;
  const lines = [
    `Από ${athensTime(digest.start)} έως ${athensTime(digest.end)} (ώρα Ελλάδας) ` +
      `αφέθηκαν στην κάρτα σας ${cardUrl(username)} ${count} ακόμη ${contactsWord(count)}.`,
    `Για τις πρώτες ${singles} της ώρας λάβατε χωριστό μήνυμα. Για τις υπόλοιπες στέλνουμε ` +
      'μόνο αυτή τη σύνοψη, μία την ώρα, ώστε να μη γεμίζει το γραμματοκιβώτιό σας.',
    '',
    newest.length === 1 ? 'Η πιο πρόσφατη:' : `Οι ${newest.length} πιο πρόσφατες:`,
    ...newest.flatMap((contact) => ['', ...contactLines(contact)]),
    '',
    accountLink('Όλες οι επαφές σας, και η λήψη τους σε CSV'),
    '',
    SWITCH_OFF,
  ];
  return {
    to: ownerEmail,
    subject: `Σύνοψη: ${count} ακόμη ${contactsWord(count)} από την κάρτα σας`,
    text: lines.join('\n'),
  };
}

// ---- The company's admins (daemon/mail/company-lead-alerts.ts): a member card's leads are the
// company's, and an admin may ask for a mail per lead or a daily digest (lib/lead-alert.ts).

const ADMIN_SWITCH_OFF =
  'Δεν θέλετε αυτά τα μηνύματα; Αλλάξτε την ειδοποίηση στον λογαριασμό σας, στην ενότητα ' +
  '«Εταιρεία», «Επαφές μελών».';

/** A lead of the company as an admin's mail tells of it: the contact and the card it came to. */
export interface CompanyLeadContact extends LeadContact {
  username: string;
}

/** The mail to the admin `adminEmail` about one lead left on the member card `username`. */
export function companyLeadMail(
  company: string,
  adminEmail: string,
  lead: CompanyLeadContact,
): LeadMail {
  const lines = [
    `Ένας επισκέπτης άφησε τα στοιχεία του στην κάρτα ${cardUrl(lead.username)}, ` +
      `μέλους της εταιρείας ${quoted(company)}.`,
    '',
    ...contactLines(lead),
    '',
    'Απαντήστε σε αυτό το μήνυμα για να γράψετε απευθείας στο email που έδωσε.',
    accountLink('Όλες οι επαφές των μελών'),
    '',
    ADMIN_SWITCH_OFF,
  ];
  return {
    to: adminEmail,
    replyTo: lead.email,
    subject: `Νέα επαφή στην κάρτα μέλους ${lead.username}: ${quoted(lead.name)}`,
    text: lines.join('\n'),
  };
}

/** The newest leads a daily digest shows in full, beside the count of all. */
export const COMPANY_DIGEST_NEWEST = 20;

/** The daily digest to `adminEmail` of the company's `leads` (newest first) on the Athens `day`. */
export function companyDigestMail(
  company: string,
  adminEmail: string,
  day: string,
  leads: readonly CompanyLeadContact[],
): LeadMail {
  const count = leads.length;
  const newest = leads.slice(0, COMPANY_DIGEST_NEWEST);
  const lines = [
    `Στις ${day.split('-').reverse().join('/')} (ώρα Ελλάδας) αφέθηκαν στις κάρτες των μελών της εταιρείας ${quoted(company)} ` +
      `${count} ${contactsWord(count)}.`,
    ...(newest.length < count ? [`Οι ${newest.length} πιο πρόσφατες:`] : []),
    ...newest.flatMap((lead) => ['', `Κάρτα: ${cardUrl(lead.username)}`, ...contactLines(lead)]),
    '',
    accountLink('Όλες οι επαφές των μελών, με αναζήτηση και λήψη σε αρχείο'),
    '',
    ADMIN_SWITCH_OFF,
  ];
  return {
    to: adminEmail,
    subject: `Σύνοψη ημέρας: ${count} ${contactsWord(count)} στις κάρτες των μελών`,
    text: lines.join('\n'),
  };
}
