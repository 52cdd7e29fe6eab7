// The lead mailer as the environment configures it: SMTP_URL and MAIL_FROM, the owners' addresses
// from Firebase Auth. Started beside the change watcher (bin/watch.ts, the demo).
import { env } from '../../lib/env';
import { adminAuth, adminDb } from '../../server/firebase/admin-app';
import { startLeadMailer, type LeadMailer, type LeadMailerOptions } from './lead-mailer';
import { smtpSender } from './smtp';

/** The e-mail address of the account `uid`, or null if it has none or no longer exists. */
export async function accountEmail(uid: string): Promise<string | null> {
  try {
    return (await adminAuth().getUser(uid)).email ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/** Starts the mailer if SMTP_URL is set; without it nothing is mailed and nothing fails. */
export function startConfiguredLeadMailer(
  options: Pick<LeadMailerOptions, 'log'> = {},
): LeadMailer | undefined {
  const smtpUrl = env.smtpUrl;
  if (!smtpUrl) return undefined;
  return startLeadMailer({
    db: adminDb(),
    ownerEmail: accountEmail,
    send: smtpSender(smtpUrl, env.mailFrom),
    ...options,
  });
}
