// Where the follow-up of a lead stands: set by the card's owner (server/owner/contacts.ts) or, on
// a member card, by the company's admins (server/company/lead-delete.ts), always through karta's
// server. A visitor's write cannot set it: firestore.rules let a contact hold only what they typed.

export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;

export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'Νέα',
  contacted: 'Σε επικοινωνία',
  won: 'Κερδισμένη',
  lost: 'Χαμένη',
};

/** The exports' column of the status. */
export const LEAD_STATUS_HEADER = 'Κατάσταση';

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

/** A stored status as the console shows it: a lead never set, or set to what no longer exists, is new. */
export function leadStatusOf(value: unknown): LeadStatus {
  return isLeadStatus(value) ? value : 'new';
}

/** What the owner's and the admins' status requests answer when the status is unknown. */
export const LEAD_STATUS_REFUSED = 'Άγνωστη κατάσταση επαφής';
