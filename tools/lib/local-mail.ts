// The new-contact mails of the local commands (npm run demo, npm run demo:scale): the lead mailer
// on the SMTP server given in SMTP_URL, or else on a mail catcher with a web inbox started here.
import { startConfiguredLeadMailer } from '../../daemon/mail/start';
import { startMailCatcher, type RunningMailCatcher } from './mail-catcher';

export interface LocalMail {
  /** What to print: the inbox (when started here) and SMTP_URL. */
  lines: string[];
  stop(): Promise<void>;
}

/** Needs the emulators' variables in process.env (startLocalStack sets them). */
export async function startLocalMail(log: (line: string) => void): Promise<LocalMail> {
  let catcher: RunningMailCatcher | undefined;
  if (!process.env.SMTP_URL) {
    catcher = await startMailCatcher();
    process.env.SMTP_URL = catcher.smtpUrl;
  }
  const mailer = startConfiguredLeadMailer({ log });
  if (!mailer) throw new Error('The lead mailer did not start although SMTP_URL is set.');
  await mailer.ready;
  return {
    lines: [
      catcher
        ? `mail: ${catcher.inboxUrl}`
        : 'mail: the SMTP server of SMTP_URL (no catcher started)',
      `SMTP_URL=${process.env.SMTP_URL}`,
    ],
    async stop() {
      await mailer.stop();
      await catcher?.stop();
    },
  };
}
