// The company's statistics, for its admins: per member, the views, saves and exchanges of their
// card over 7 and 30 Athens days (none before the day it joined), and the company's totals.
import 'server-only';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { JOINED_FIELD, cardPath, statsPath } from '../../lib/collections';
import type { CompanyStats, StatCounts } from '../../lib/company-answers';
import { athensDay } from '../../lib/stats/day';
import { countOf, lastDays } from '../../lib/stats/days';
import { CARD_EVENTS } from '../../lib/stats/events';
import { adminDb } from '../firebase/admin-app';
import type { Owner } from '../owner/auth';
import { assertAdminReads } from './auth';
import { companyMembers } from './roster';

const COUNTED = {
  views: CARD_EVENTS.view,
  saves: CARD_EVENTS.save,
  exchanges: CARD_EVENTS.exchange,
};
type Counted = keyof typeof COUNTED;
type Sums = StatCounts;

const PERIOD = { d7: 7, d30: 30 } as const;

const zero = (): Sums => ({ views: 0, saves: 0, exchanges: 0 });

function add(into: Sums, from: Sums): void {
  for (const key of Object.keys(COUNTED) as Counted[]) into[key] += from[key];
}

/** The card's sums over the last 7 and 30 days that end `today`, from the day it joined. */
async function cardSums(
  db: Firestore,
  username: string,
  today: string,
): Promise<{ d7: Sums; d30: Sums }> {
  const sums = { d7: zero(), d30: zero() };
  const card = await db.doc(cardPath(username)).get();
  const joinedAt: unknown = card.get(JOINED_FIELD);
  if (!(joinedAt instanceof Timestamp)) return sums;
  const joinedDay = athensDay(joinedAt.toDate());
  const days = lastDays(today, PERIOD.d30);
  const counted = days.filter((day) => day >= joinedDay);
  if (counted.length === 0) return sums;
  const docs = await db.getAll(...counted.map((day) => db.doc(`${statsPath(username)}/${day}`)));
  const week = new Set(days.slice(-PERIOD.d7));
  for (const doc of docs) {
    for (const [key, counter] of Object.entries(COUNTED) as [Counted, string][]) {
      const count = countOf(doc.get(counter));
      sums.d30[key] += count;
      if (week.has(doc.id)) sums.d7[key] += count;
    }
  }
  return sums;
}

export async function companyStats(
  owner: Owner,
  id: string,
  now = Date.now(),
): Promise<CompanyStats> {
  await assertAdminReads(owner, id);
  const db = adminDb();
  const today = athensDay(now);
  const members = (await companyMembers(db, id)).filter((member) => member.username !== '');
  const stats = await Promise.all(
    members.map(async ({ uid, username, status }) => ({
      uid,
      username,
      status,
      ...(await cardSums(db, username, today)),
    })),
  );
  const company = { d7: zero(), d30: zero() };
  for (const member of stats) {
    add(company.d7, member.d7);
    add(company.d30, member.d30);
  }
  return { members: stats, company };
}
