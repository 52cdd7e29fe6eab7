// The daemon's mailers as the environment configures them (SMTP_URL and MAIL_FROM), over one SMTP
// pool: the lead mailer (the owners' addresses from Firebase Auth) and the outbox mailer (what
// karta's server queues, the invitations). Started beside the change watcher (bin/watch.ts, the
// demo).
import { env } from '../../lib/env';
import { adminAuth, adminDb } from '../../server/firebase/admin-app';
import {
  MAILER_CONCURRENCY,
  startLeadMailer,
  type LeadMailer,
  type LeadMailerOptions,
  type OwnerAccount,
} from './lead-mailer';
import { startCompanyLeadAlerts } from './company-lead-alerts';
import { startOutboxMailer } from './outbox';
import { smtpSender } from './smtp';

/** The account `uid`'s address and whether its holder confirmed it; null if it no longer exists. */
export async function ownerAccount(uid: string): Promise<OwnerAccount | null> {
  try {
    const user = await adminAuth().getUser(uid);
    return { email: user.email ?? null, verified: user.emailVerified === true };
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Starts the mailers if SMTP_URL is set; without it nothing is mailed and nothing fails (the
 * outbox keeps what is queued until a daemon with SMTP_URL runs).
 */
export function startConfiguredMailers(
  options: Pick<LeadMailerOptions, 'log'> = {},
): LeadMailer | undefined {
  const smtpUrl = env.smtpUrl;
  if (!smtpUrl) return undefined;
  // As many connections as the lead mailer sends at once, and one for the outbox: a mail never
  // waits for one.
  const smtp = smtpSender(smtpUrl, env.mailFrom, MAILER_CONCURRENCY + 1);
  const db = adminDb();
  const mailer = startLeadMailer({ db, ownerAccount, send: smtp.send, ...options });
  const outbox = startOutboxMailer({ db, send: smtp.send, ...options });
  const alerts = startCompanyLeadAlerts({ db, ownerAccount, send: smtp.send, ...options });
  return {
    ready: Promise.all([mailer.ready, outbox.ready, alerts.ready]).then(() => {}),
    progress: () => mailer.progress(),
    async stop() {
      await Promise.all([mailer.stop(), outbox.stop(), alerts.stop()]);
      smtp.close();
    },
  };
}
