// The SMTP side of karta's mail (the new-contact mails, the outbox): nodemailer, configured by
// SMTP_URL and MAIL_FROM.
import { createTransport } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import type { LeadMail } from './new-contact-mail';

/** An inline image of an outbox mail, referred to from its HTML as `cid:…`. */
export interface InlineAttachment {
  filename: string;
  contentType: string;
  cid: string;
  content: Buffer;
}

/**
 * A mail as the server takes it: a lead mail, or an outbox mail (an HTML part beside its text,
 * with its inline images).
 */
export type OutgoingMail = LeadMail & { html?: string; attachments?: InlineAttachment[] };

/** A send that hangs (a server that accepts the connection and never answers) fails instead. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export interface SmtpSender {
  /** Hands one mail to the server; rejects when it is not accepted. */
  send(mail: OutgoingMail): Promise<void>;
  /** Closes the pool's connections. */
  close(): void;
}

/**
 * Sends each mail through the server at `smtpUrl` (smtp:// or smtps://, credentials in it) over a
 * pool of at most `maxConnections` connections, each reused for many mails: a burst of mails opens
 * no burst of connections, which providers count against an account.
 */
export function smtpSender(smtpUrl: string, from: string, maxConnections: number): SmtpSender {
  // The pool itself, not `createTransport({ url, pool: true, … })`: given a `url`, createTransport
  // reads the URL alone and drops every other option, the pool and the timeouts with them.
  const pool = new SMTPPool({ pool: true, url: smtpUrl, maxConnections, ...TIMEOUTS });
  const transport = createTransport(pool, { from });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
