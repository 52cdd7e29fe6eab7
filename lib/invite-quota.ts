// How many invitation e-mails may go out a day. Each one is sent from karta's own address to
// someone who never asked for it, so without a daily ceiling an account with one verified address
// could use invitations as a mail relay (500 rows a request, 30 writes a minute: about 15,000 mails
// a minute), and the sending domain's reputation is every customer's.
//
// The ceilings: one account is in at most one company, so the account's ceiling binds a lone
// sender (the abuse: a fresh account, a fresh company), and the company's ceiling binds a company
// whose several admins invite. 100 and 200 a day hold an office's first day (most have fewer than
// 100 people) and let a larger one be invited over a few days; a spammer gets 100 mails a day per
// verified address, not 15,000 a minute. Counted per Athens day, in Firestore, inside the sending
// transaction (server/company/invites.ts): every origin counts the same mails.
import { athensDay } from './stats/day';

/** Invitations one account may send in an Athens day, across requests and companies. */
export const INVITES_PER_ACCOUNT_DAY = 100;
/** Invitations one company may send in an Athens day, all its admins together. */
export const INVITES_PER_COMPANY_DAY = 200;

/** A stored count: the Athens day (YYYY-MM-DD) it counts and the invitations in it. */
export interface InviteCount {
  day: string;
  count: number;
}

export type InviteQuotaCharge =
  { allowed: true; count: InviteCount } | { allowed: false; left: number };

/**
 * `sending` more invitations at `now` against `limit`, given the stored count (undefined when
 * none): the count to store, or how many are left today. All or none: a request over the ceiling
 * sends nothing, so the admin knows exactly who was invited.
 */
export function chargeInvites(
  stored: InviteCount | undefined,
  sending: number,
  limit: number,
  now: number,
): InviteQuotaCharge {
  const day = athensDay(now);
  const sent = stored?.day === day ? stored.count : 0;
  if (sent + sending > limit) return { allowed: false, left: Math.max(0, limit - sent) };
  return { allowed: true, count: { day, count: sent + sending } };
}

const ATHENS_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Athens',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Seconds from `now` to the next Athens midnight (an hour off on the two days clocks change). */
export function secondsToAthensMidnight(now: number): number {
  const [hours = 0, minutes = 0, seconds = 0] = ATHENS_CLOCK.format(now).split(':').map(Number);
  return 24 * 3600 - (hours * 3600 + minutes * 60 + seconds);
}

/** What the admin reads when a request goes over a ceiling. */
export function inviteQuotaMessage(who: 'account' | 'company', left: number): string {
  const ceiling =
    who === 'account'
      ? `Κάθε λογαριασμός στέλνει έως ${INVITES_PER_ACCOUNT_DAY} προσκλήσεις την ημέρα`
      : `Κάθε εταιρεία στέλνει έως ${INVITES_PER_COMPANY_DAY} προσκλήσεις την ημέρα`;
  const today =
    left === 0
      ? ' και οι σημερινές εξαντλήθηκαν. Δοκιμάστε ξανά αύριο.'
      : left === 1
        ? '· για σήμερα απομένει μία. Στείλτε μία τώρα και τις υπόλοιπες αύριο.'
        : `· για σήμερα απομένουν ${left}. Στείλτε έως ${left} τώρα και τις υπόλοιπες αύριο.`;
  return `${ceiling}${today} Δεν στάλθηκε καμία πρόσκληση.`;
}
