// The lead mailer's memory over days of contacts (daemon/mail/lead-mailer.ts), on an emulator of
// its own: a day's contacts written on a few cards, the mailer handling them all (its mail handed
// to a sender that only counts), then its listener re-listening from where it got to, and the
// process's heap and resident memory after a full GC. Days are compressed into seconds: the
// re-listen interval and its margin are shortened in the same proportion, so a "day" is far
// longer than the margin, as a real one is beside RELISTEN_MARGIN_MS. A listener that never moved
// would hold every contact since the start: the heap would grow by the same amount each day.
import { setTimeout as sleep } from 'node:timers/promises';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { startLeadMailer, type OwnerAccount } from '../../daemon/mail/lead-mailer';
import {
  CONTACTS_COLLECTION,
  CREATED_FIELD,
  LEAD_MAIL_FIELD,
  OWNER_FIELD,
  contactsPath,
  ownerPath,
} from '../../lib/collections';
import { startEmulator } from '../../tools/lib/emulator';
import { notRunRow, partRow, type BudgetRow } from './budgets';

const PROJECT = 'demo-karta-bench-mailer-memory';
const CARDS = 20;
/** Commits of 500 contacts (a batch's limit). */
const PER_COMMIT = 500;
/** The compressed day's re-listen interval and margin. */
const REFRESH_MS = 1000;
const MARGIN_MS = 500;
const HANDLED_LIMIT_MS = 240_000;

export const MAILER_MEMORY_BUDGETS = {
  /** Heap growth from the end of the first day to the end of the last. */
  heapGrowthBytes: 5 * 1024 * 1024,
};

export interface MailerMemoryDay {
  /** Contacts written since the start, this day's included. */
  contacts: number;
  heapUsed: number;
  rss: number;
  /** Where the mailer listened from after the day, as it logged it. */
  listeningFrom: string;
}

export interface MailerMemoryResult {
  perDay: number;
  /** Before the first day, once the mailer was ready. */
  baseline: { heapUsed: number; rss: number };
  days: MailerMemoryDay[];
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** A full GC in this process, which runs without --expose-gc. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const end = Date.now() + HANDLED_LIMIT_MS;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`mailer memory: ${what} not seen in time`);
    await sleep(250);
  }
}

async function seedCards(db: Firestore, owners: Record<string, OwnerAccount>): Promise<string[]> {
  const batch = db.batch();
  const cards = Array.from({ length: CARDS }, (_, i) => `daily-${i}`);
  for (const username of cards) {
    const uid = `uid-${username}`;
    owners[uid] = { email: `${username}.owner@karta.test`, verified: true };
    batch.set(db.doc(`users/${username}`), { username, firstName: username, [OWNER_FIELD]: uid });
    batch.set(db.doc(ownerPath(uid)), { username });
  }
  await batch.commit();
  return cards;
}

/** Writes one day's contacts, spread over the cards; resolves with the last one's time (ms). */
async function writeDay(db: Firestore, cards: string[], day: number, perDay: number) {
  let last = 0;
  for (let start = 0; start < perDay; start += PER_COMMIT) {
    const batch = db.batch();
    for (let i = start; i < Math.min(perDay, start + PER_COMMIT); i++) {
      batch.set(db.collection(contactsPath(cards[i % cards.length])).doc(), {
        name: `Ημέρα ${day} Επαφή ${i}`,
        email: `d${day}c${i}@example.gr`,
        phone: `+30 697 ${String(i).padStart(7, '0')}`,
        createdAt: FieldValue.serverTimestamp(),
      });
    }
    last = (await batch.commit())[0].writeTime.toMillis();
  }
  return last;
}

export async function measureMailerMemory(options: {
  days: number;
  perDay: number;
  addCleanup: (cleanup: () => Promise<void>) => void;
}): Promise<MailerMemoryResult> {
  const { days, perDay, addCleanup } = options;
  const gc = collector();
  const emulator = await startEmulator({ projectId: PROJECT });
  addCleanup(() => emulator.stop());
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  const app = initializeApp({ projectId: PROJECT }, 'bench-mailer-memory');
  addCleanup(() => deleteApp(app));
  const db = getFirestore(app);
  const owners: Record<string, OwnerAccount> = {};
  const cards = await seedCards(db, owners);

  const listened: string[] = [];
  let sent = 0;
  const mailer = startLeadMailer({
    db,
    ownerAccount: async (uid) => owners[uid] ?? null,
    send: async () => {
      sent++;
    },
    refreshMs: REFRESH_MS,
    relistenMarginMs: MARGIN_MS,
    log: (line) => {
      const from = /^lead mail: listening from (\S+);/.exec(line)?.[1];
      if (from) listened.push(from);
    },
  });
  addCleanup(() => mailer.stop());
  await mailer.ready;

  const measure = () => {
    gc();
    const { heapUsed, rss } = process.memoryUsage();
    return { heapUsed, rss };
  };
  const baseline = measure();
  console.log(
    `  ${days} days of ${perDay} contacts on ${CARDS} cards; re-listening every ${REFRESH_MS} ms ` +
      `from ${MARGIN_MS} ms before where it got to (a day compressed into seconds)…`,
  );
  const result: MailerMemoryResult = { perDay, baseline, days: [] };
  for (let day = 1; day <= days; day++) {
    const dayStart = Timestamp.now();
    const lastCreated = await writeDay(db, cards, day, perDay);
    const today = db
      .collectionGroup(CONTACTS_COLLECTION)
      .where(CREATED_FIELD, '>=', Timestamp.fromMillis(dayStart.toMillis() - 1000));
    await until(async () => {
      const docs = (await today.get()).docs;
      return (
        docs.length >= perDay &&
        docs.every((doc) => {
          const state = doc.get(LEAD_MAIL_FIELD) ?? {};
          return Boolean(state.sentAt || state.digest || state.skipped);
        })
      );
    }, `day ${day}'s contacts handled`);
    // A re-listen from after the day's last contact: the listener then holds none of them.
    await until(
      () => Date.parse(listened.at(-1) ?? '') > lastCreated,
      `a re-listen from after day ${day}`,
    );
    const memory = measure();
    const entry = { contacts: day * perDay, ...memory, listeningFrom: listened.at(-1) ?? '' };
    result.days.push(entry);
    console.log(
      `    day ${day}: ${entry.contacts} contacts since the start; heap ${mib(memory.heapUsed)}, ` +
        `RSS ${mib(memory.rss)}; listening from ${entry.listeningFrom}; ${sent} single mails so far`,
    );
  }
  return result;
}

const row = partRow('Mailer memory');

/** The mailer's memory rows; without figures, the one row that says why. */
export function mailerMemoryRows(
  result: MailerMemoryResult | undefined,
  error?: string,
): BudgetRow[] {
  if (!result || result.days.length === 0)
    return [notRunRow('Mailer memory', 'mailer memory budget', error)];
  const first = result.days[0];
  const last = result.days[result.days.length - 1];
  const growth = last.heapUsed - first.heapUsed;
  const budget = MAILER_MEMORY_BUDGETS.heapGrowthBytes;
  return [
    row(
      `lead mailer's heap, day 1 → day ${result.days.length} ` +
        `(${result.perDay.toLocaleString('en')} contacts a day) ≤ +${mib(budget)}`,
      `${mib(first.heapUsed)} → ${mib(last.heapUsed)} (${growth >= 0 ? '+' : ''}${mib(growth)}); ` +
        `RSS ${mib(first.rss)} → ${mib(last.rss)}; ` +
        `heap per day: ${result.days.map((d) => mib(d.heapUsed)).join(', ')}`,
      growth <= budget,
    ),
  ];
}
