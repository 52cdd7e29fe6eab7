// A company's template save on the production path (tools/lib/scale-stack.ts: Varnish, two
// origins, Redis, the daemon): a company of `members` cards, each cached by Varnish; the admin's
// save changes the locked address (the one write the server makes: template and templateAt, then
// the company's revalidation asked of one origin, as the server's fan-out does:
// server/revalidation/company-fan-out.ts). For each member card, the ms from the save until
// Varnish serves the new address; and Redis bytes per member card (page, vCard, QR code and their
// share of the tag index), against the 10 KB budget of every card. Then members switched off one
// at a time (the write the server makes when one is removed, then their revalidation on one
// origin): for each, the ms until every answer of the card (pages and vCards in both languages,
// QR code), each cached through Varnish first, is switched off through Varnish (410; the vCards
// the company's contact), against its 2 s.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { createClient } from 'redis';
import {
  COMPANY_FIELD,
  JOINED_FIELD,
  OFF_FIELD,
  OWNER_FIELD,
  TEMPLATE_AT_FIELD,
  cardPath,
  companyPath,
} from '../../lib/collections';
import { cardPaths } from '../../lib/routes';
import { cardChanged } from '../../server/card-stamp';
import { REVALIDATE_PATH } from '../../server/revalidation/request';
import { cacheKeyPrefix } from '../../server/cache/handler.mjs';
import { ROOT } from '../../tools/lib/paths';
import { BUDGETS, notRunRow, partRow, type BudgetRow } from './budgets';
import { rawGet } from './http';
import type { BuiltPartOptions } from './part-options';
import { startPartStack } from './part-stack';
import type { ScaleStack } from '../../tools/lib/scale-stack';
import { LIMIT_MS, untilEvery } from './cdn-poll';
import { pool } from './pool';
import { REDIS_BYTES_PER_CARD_BUDGET } from './redis-memory';
import { median, whole } from './stats';

export interface CompanyResult {
  members: number;
  /** Save → the member card showing the new address through Varnish, one sample per member. */
  shownMs: number[];
  p50Ms: number;
  maxMs: number;
  /** Save → the company's revalidation answered (the write, the list, the marks). */
  answeredMs: number;
  /** Redis bytes of a member card (its three entries and their share of the tag index), mean. */
  redisBytesPerCard: number;
  redisLargest: number;
  /** A member switched off → every answer of its card 410 through Varnish, one per member. */
  offMs: number[];
}

/** Switched off → 410 through the CDN, every sample (e2e/scale holds that it happens). */
export const COMPANY_OFF_BUDGET_MS = 2000;
/** Members switched off one after the other, each a sample. */
const SWITCHED_OFF = 5;

export interface CompanyOptions extends BuiltPartOptions {
  db: Firestore;
  members: number;
}

const COMPANY_ID = 'bench-company';
/** The members' first names, which the company's own contact (a switched-off card's vCard) lacks. */
const MEMBER_FIRST_NAME = 'Υπάλληλος';
const OLD_ADDRESS = 'Λεωφόρος Συγγρού 100, Αθήνα';
const NEW_ADDRESS = 'Λεωφόρος Κηφισίας 200, Μαρούσι';
/** Requests to Varnish at once while polling. */
const AT_ONCE = 20;
const TAG_INDEX = '__sharedTags__';

const memberName = (i: number) => `bench-member-${String(i).padStart(3, '0')}`;

async function seed(db: Firestore, members: number): Promise<string[]> {
  const usernames = Array.from({ length: members }, (_, i) => memberName(i));
  const uids = usernames.map((u) => `uid-${u}`);
  const batch = db.batch();
  batch.set(db.doc(companyPath(COMPANY_ID)), {
    name: 'Μετρήσεις Α.Ε.',
    template: {
      companyName: { value: 'Μετρήσεις Α.Ε.', locked: true },
      address: { value: OLD_ADDRESS, locked: true },
      websiteLink: { value: 'https://metriseis.example.gr', locked: true },
      phoneNumber: { value: '+30 210 000 0000', locked: true },
    },
    admins: [uids[0]],
    memberUids: uids,
    [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
    createdAt: FieldValue.serverTimestamp(),
  });
  usernames.forEach((username, i) =>
    batch.set(db.doc(cardPath(username)), {
      firstName: `${MEMBER_FIRST_NAME} ${i}`,
      lastName: 'Μετρήσεων',
      jobTitle: 'Σύμβουλος πωλήσεων',
      email: `${username}@example.gr`,
      mobileNumber: '+30 691 234 5678',
      ownerUid: uids[i],
      [COMPANY_FIELD]: COMPANY_ID,
      [JOINED_FIELD]: FieldValue.serverTimestamp(),
    }),
  );
  await batch.commit();
  return usernames;
}

/** Redis bytes of each member card: its three entries, and their share of the tag index. */
async function redisBytes(redisUrl: string, distDir: string, usernames: string[]) {
  const buildId = readFileSync(path.join(ROOT, distDir, 'BUILD_ID'), 'utf8').trim();
  const prefix = cacheKeyPrefix(buildId);
  const client = createClient({ url: redisUrl });
  await client.connect();
  try {
    const keys = new Set<string>();
    for await (const key of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
      keys.add(key);
    }
    const usage = async (key: string) => Number(await client.memoryUsage(key, { SAMPLES: 0 }));
    const entries = Number(await client.hLen(prefix + TAG_INDEX));
    const indexShare = entries === 0 ? 0 : ((await usage(prefix + TAG_INDEX)) / entries) * 3;
    const perCard: number[] = [];
    for (const username of usernames) {
      let bytes = indexShare;
      for (const pathname of cardPaths(username)) {
        const key = [...keys].find((k) => k.endsWith(pathname));
        if (!key) throw new Error(`Redis holds no entry of ${pathname}`);
        bytes += await usage(key);
      }
      perCard.push(bytes);
    }
    return perCard;
  } finally {
    await client.quit();
  }
}

export async function measureCompany(options: CompanyOptions): Promise<CompanyResult> {
  const { db } = options;
  const usernames = await seed(db, options.members);
  const stack = await startPartStack(options, 'company-stack.log');
  const viaCdn = async (username: string) => {
    const res = await fetch(`${stack.cdnUrl}/${username}`, { signal: AbortSignal.timeout(10_000) });
    return { body: await res.text(), cache: res.headers.get('x-cache') };
  };

  // Every member card cached by Varnish (and its vCard and QR code by the origins), as visitors
  // would have left them.
  await pool(usernames, AT_ONCE, async (username) => {
    for (const pathname of cardPaths(username)) await rawGet(`${stack.cdnUrl}${pathname}`);
    const end = Date.now() + LIMIT_MS;
    for (;;) {
      const page = await viaCdn(username);
      if (page.body.includes(OLD_ADDRESS) && page.cache === 'HIT') break;
      if (Date.now() > end) throw new Error(`/${username} never cached with the old address`);
      await sleep(50);
    }
  });

  // The admin's save: the one write, then the company's revalidation on one origin.
  const since = Date.now();
  await db.doc(companyPath(COMPANY_ID)).update({
    'template.address': { value: NEW_ADDRESS, locked: true },
    [TEMPLATE_AT_FIELD]: FieldValue.serverTimestamp(),
  });
  const res = await fetch(new URL(REVALIDATE_PATH, stack.origins[0]), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stack.env.REVALIDATE_SECRET}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ companyId: COMPANY_ID }),
  });
  if (!res.ok) throw new Error(`The company's revalidation answered HTTP ${res.status}`);
  const answeredMs = Date.now() - since;

  const shownAt = new Map<string, number>();
  while (shownAt.size < usernames.length) {
    if (Date.now() - since > LIMIT_MS) {
      throw new Error(
        `${usernames.length - shownAt.size} member cards never showed the new address`,
      );
    }
    await pool(
      usernames.filter((u) => !shownAt.has(u)),
      AT_ONCE,
      async (username) => {
        const page = await viaCdn(username);
        if (page.body.includes(NEW_ADDRESS)) shownAt.set(username, Date.now() - since);
      },
    );
  }
  const shownMs = usernames.map((u) => shownAt.get(u) as number);
  const p50Ms = median(shownMs);
  const maxMs = Math.max(...shownMs);
  console.log(
    `  template save → ${usernames.length} member cards via Varnish: p50 ${p50Ms} ms, max ${maxMs} ms ` +
      `(the write and the revalidation's answer: ${answeredMs} ms)`,
  );

  const perCard = await redisBytes(stack.redis.url, options.builtDistDir, usernames);
  const redisBytesPerCard = perCard.reduce((a, b) => a + b, 0) / perCard.length;
  console.log(`  Redis bytes per member card: mean ${Math.round(redisBytesPerCard)} B`);

  const offMs: number[] = [];
  for (const username of usernames.slice(-SWITCHED_OFF)) {
    offMs.push(await switchOff(db, stack, username));
  }
  console.log(`  member switched off → 410 through Varnish: ${offMs.join(', ')} ms`);
  return {
    members: usernames.length,
    answeredMs,
    shownMs,
    p50Ms,
    maxMs,
    redisBytesPerCard,
    redisLargest: Math.max(...perCard),
    offMs,
  };
}

/**
 * One member switched off as the server does it (server/company/members.ts: off, no owner, the
 * change stamp, then the card's revalidation): the ms from the write until every answer of its
 * card, each cached by Varnish before, is switched off through Varnish.
 */
async function switchOff(db: Firestore, stack: ScaleStack, username: string): Promise<number> {
  const paths = cardPaths(username);
  await untilEvery(stack, paths, (res) => res.headers.get('x-cache') === 'HIT', 'cached');
  const since = Date.now();
  await db.doc(cardPath(username)).update({
    [OFF_FIELD]: FieldValue.serverTimestamp(),
    [OWNER_FIELD]: FieldValue.delete(),
    ...cardChanged(),
  });
  const res = await fetch(new URL(REVALIDATE_PATH, stack.origins[0]), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stack.env.REVALIDATE_SECRET}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ usernames: [username] }),
  });
  if (!res.ok) throw new Error(`/${username}'s revalidation answered HTTP ${res.status}`);
  // «Αποθήκευση επαφής εταιρείας»: its vCards stay, the company's contact, no member's name.
  await untilEvery(
    stack,
    paths,
    (answer, body, pathname) =>
      pathname.endsWith('/vcard')
        ? answer.status === 200 && body.includes('ORG:') && !body.includes(MEMBER_FIRST_NAME)
        : answer.status === 410,
    'switched off (410, the vCards the company’s contact)',
  );
  return Date.now() - since;
}

/** The part's budget rows; without figures, the one row that says why. */
export function companyRows(result: CompanyResult | undefined, error?: string): BudgetRow[] {
  const part = 'Company';
  const budget =
    `template save → every member card via Varnish, p50 ≤ ${BUDGETS.companyFanOutP50Ms} ms, ` +
    `max ≤ ${BUDGETS.companyFanOutMaxMs} ms`;
  if (!result) return [notRunRow(part, budget, error)];
  const row = partRow(part);
  return [
    row(
      budget,
      `${result.members} members: p50 ${whole(result.p50Ms)} ms, max ${whole(result.maxMs)} ms ` +
        `(the save answered in ${whole(result.answeredMs)} ms)`,
      result.p50Ms <= BUDGETS.companyFanOutP50Ms && result.maxMs <= BUDGETS.companyFanOutMaxMs,
    ),
    row(
      `Redis bytes per member card, mean ≤ ${whole(REDIS_BYTES_PER_CARD_BUDGET)}`,
      `mean ${whole(result.redisBytesPerCard)} B over ${result.members} (largest ${whole(result.redisLargest)} B)`,
      result.redisBytesPerCard <= REDIS_BYTES_PER_CARD_BUDGET,
    ),
    row(
      `a member switched off → its page, vCard and QR code 410 through Varnish, every one ` +
        `≤ ${whole(COMPANY_OFF_BUDGET_MS)} ms`,
      `${result.offMs.length} members: ${result.offMs.map(whole).join(', ')} ms ` +
        `(p50 ${whole(median(result.offMs))} ms)`,
      Math.max(...result.offMs) <= COMPANY_OFF_BUDGET_MS,
    ),
  ];
}
