// The lead mailer as the environment configures it: SMTP_URL and MAIL_FROM, the owners' addresses
// from Firebase Auth. Started beside the change watcher (bin/watch.ts, the demo).
import { env } from '../../lib/env';
import { adminAuth, adminDb } from '../../server/firebase/admin-app';
import {
  MAILER_CONCURRENCY,
  startLeadMailer,
  type LeadMailer,
  type LeadMailerOptions,
  type OwnerAccount,
} from './lead-mailer';
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

/** Starts the mailer if SMTP_URL is set; without it nothing is mailed and nothing fails. */
export function startConfiguredLeadMailer(
  options: Pick<LeadMailerOptions, 'log'> = {},
): LeadMailer | undefined {
  const smtpUrl = env.smtpUrl;
  if (!smtpUrl) return undefined;
  // As many connections as the mailer sends at once: a mail never waits for one.
  const smtp = smtpSender(smtpUrl, env.mailFrom, MAILER_CONCURRENCY);
  const mailer = startLeadMailer({
    db: adminDb(),
    ownerAccount,
    send: smtp.send,
    ...options,
  });
  return {
    ready: mailer.ready,
    progress: () => mailer.progress(),
    async stop() {
      await mailer.stop();
      smtp.close();
    },
  };
}
