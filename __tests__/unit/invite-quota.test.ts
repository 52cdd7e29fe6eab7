// The daily invitation ceilings (lib/invite-quota.ts): counted per Athens day, all or none, and
// told in Greek.
import {
  INVITES_PER_ACCOUNT_DAY,
  INVITES_PER_COMPANY_DAY,
  chargeInvites,
  inviteQuotaMessage,
  secondsToAthensMidnight,
} from '@/lib/invite-quota';

// 28 November 2026, 10:00 in Athens (UTC+2).
const NOW = Date.parse('2026-11-28T08:00:00Z');

test('a count starts on the first invitation of the Athens day and adds each', () => {
  expect(chargeInvites(undefined, 3, 100, NOW)).toEqual({
    allowed: true,
    count: { day: '2026-11-28', count: 3 },
  });
  expect(chargeInvites({ day: '2026-11-28', count: 3 }, 97, 100, NOW)).toEqual({
    allowed: true,
    count: { day: '2026-11-28', count: 100 },
  });
});

test('a request over the ceiling is refused whole, saying how many are left', () => {
  expect(chargeInvites({ day: '2026-11-28', count: 70 }, 31, 100, NOW)).toEqual({
    allowed: false,
    left: 30,
  });
  expect(chargeInvites({ day: '2026-11-28', count: 100 }, 1, 100, NOW)).toEqual({
    allowed: false,
    left: 0,
  });
});

test('yesterday’s count, or one of another Athens day, is no count', () => {
  expect(chargeInvites({ day: '2026-11-27', count: 100 }, 100, 100, NOW)).toEqual({
    allowed: true,
    count: { day: '2026-11-28', count: 100 },
  });
  // 23:30 UTC on the 27th is already the 28th in Athens.
  const athensMorning = Date.parse('2026-11-27T23:30:00Z');
  expect(chargeInvites({ day: '2026-11-27', count: 100 }, 1, 100, athensMorning)).toMatchObject({
    allowed: true,
  });
});

test('Retry-After runs to the Athens midnight', () => {
  expect(secondsToAthensMidnight(NOW)).toBe(14 * 3600);
  expect(secondsToAthensMidnight(Date.parse('2026-11-28T21:59:30Z'))).toBe(30);
});

test('the ceilings: the company’s above the account’s', () => {
  expect(INVITES_PER_COMPANY_DAY).toBeGreaterThan(INVITES_PER_ACCOUNT_DAY);
});

test('the messages', () => {
  expect(inviteQuotaMessage('account', 30)).toBe(
    `Κάθε λογαριασμός στέλνει έως ${INVITES_PER_ACCOUNT_DAY} προσκλήσεις την ημέρα· για σήμερα απομένουν 30. Στείλτε έως 30 τώρα και τις υπόλοιπες αύριο. Δεν στάλθηκε καμία πρόσκληση.`,
  );
  expect(inviteQuotaMessage('company', 1)).toBe(
    `Κάθε εταιρεία στέλνει έως ${INVITES_PER_COMPANY_DAY} προσκλήσεις την ημέρα· για σήμερα απομένει μία. Στείλτε μία τώρα και τις υπόλοιπες αύριο. Δεν στάλθηκε καμία πρόσκληση.`,
  );
  expect(inviteQuotaMessage('company', 0)).toBe(
    `Κάθε εταιρεία στέλνει έως ${INVITES_PER_COMPANY_DAY} προσκλήσεις την ημέρα και οι σημερινές εξαντλήθηκαν. Δοκιμάστε ξανά αύριο. Δεν στάλθηκε καμία πρόσκληση.`,
  );
});
