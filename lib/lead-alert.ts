// An admin's alert of the company's new leads (issue 46): a mail per lead, a daily digest, or
// none. Stored on the admin's membership, companies/{id}/members/{uid} (server/company/
// lead-alert.ts writes it); the daemon mails by it (daemon/mail/company-lead-alerts.ts), to
// admins only.

/** The membership's field. */
export const LEAD_ALERT_FIELD = 'leadAlert';

export const LEAD_ALERTS = ['each', 'daily', 'none'] as const;
export type LeadAlert = (typeof LEAD_ALERTS)[number];

/** An admin who never chose gets none: the leads were never mailed to admins before. */
export const DEFAULT_LEAD_ALERT: LeadAlert = 'none';

/** The console's words for each choice. */
export const LEAD_ALERT_LABELS: Readonly<Record<LeadAlert, string>> = {
  each: 'Ένα email για κάθε νέα επαφή',
  daily: 'Μία σύνοψη την ημέρα',
  none: 'Καμία ειδοποίηση',
};

export const isLeadAlert = (value: unknown): value is LeadAlert =>
  LEAD_ALERTS.includes(value as LeadAlert);

/** The stored value as the mailer and the console read it. */
export const leadAlertOf = (value: unknown): LeadAlert =>
  isLeadAlert(value) ? value : DEFAULT_LEAD_ALERT;

/** The refusal of a value that is none of the choices. */
export const LEAD_ALERT_MESSAGE = 'Η ειδοποίηση είναι each, daily ή none';
