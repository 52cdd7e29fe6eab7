// The SMTP side of the new-contact mails: nodemailer, configured by SMTP_URL and MAIL_FROM.
import { createTransport } from 'nodemailer';
import type { LeadMail } from './new-contact-mail';

/** A send that hangs (a server that accepts the connection and never answers) fails instead. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Sends each mail through the server at `smtpUrl` (smtp:// or smtps://, credentials in it). */
export function smtpSender(smtpUrl: string, from: string): (mail: LeadMail) => Promise<void> {
  const transport = createTransport({ url: smtpUrl, ...TIMEOUTS }, { from });
  return async (mail) => {
    await transport.sendMail(mail);
  };
}
