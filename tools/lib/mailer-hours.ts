// The lead mailer's hours, moved on by a test or the benchmark through its `hoursAheadMs` option
// (daemon/mail/lead-mailer.ts) rather than waited through: `fresh()` begins a new hour now and
// `end()` ends it.
const HOUR_MS = 60 * 60_000;

export interface MailerHours {
  /** What to give the mailer as `hoursAheadMs`. */
  aheadMs(): number;
  fresh(): void;
  end(): void;
}

export function mailerHours(): MailerHours {
  let ahead = 0;
  return {
    aheadMs: () => ahead,
    fresh() {
      const now = Date.now() + ahead;
      // Just past the next hour's start: a new hour, with all of it ahead.
      ahead += HOUR_MS - (now % HOUR_MS) + 100;
    },
    end() {
      ahead += HOUR_MS;
    },
  };
}
