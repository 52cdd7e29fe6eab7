// A flood of contacts on one card: 10,000 written within a minute on an emulator of its own, the
// lead mailer (daemon/mail/lead-mailer.ts) mailing into a real SMTP server with an inbox (maildev)
// over its pooled connections. Measured: the mails the flooded card's owner gets in the hour (its
// single mails and its digest, once the hour is over), and how long another card's contact waits
// for its mail meanwhile. The hour is a real one, begun as the flood starts and ended once every
// contact is handled by moving the mailer's hours' clock (hoursAheadMs), never by waiting for it;
// owners' addresses come from a table (the Auth lookup is one request per turn, measured with the
// daemon in the e2e tests).
import { deleteApp, initializeApp } from 'firebase-admin/app';
import {
  FieldValue,
  getFirestore,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  MAILER_CONCURRENCY,
  SINGLE_MAILS_PER_HOUR,
  startLeadMailer,
  type OwnerAccount,
} from '../../daemon/mail/lead-mailer';
import { smtpSender } from '../../daemon/mail/smtp';
import { LEAD_MAIL_FIELD, OWNER_FIELD, contactsPath, ownerPath } from '../../lib/collections';
import { startEmulator } from '../../tools/lib/emulator';
import { startMailCatcher } from '../../tools/lib/mail-catcher';
import { mailerHours } from '../../tools/lib/mailer-hours';
import { notRunRow, partRow, type BudgetRow } from './budgets';
import { median, ms, whole } from './stats';

const PROJECT = 'demo-karta-bench-flood';
const FLOODED = 'flooded';
const FLOODED_OWNER: OwnerAccount = { email: 'flooded.owner@karta.test', verified: true };
/** Commits of 500 contacts (a batch's limit), spread over the flood's minute. */
const PER_COMMIT = 500;
const FLOOD_MS = 50_000;
/** Cards whose visitors come during the flood: one contact each, so each is a single mail. */
const OTHER_CARDS = 12;
const HANDLED_LIMIT_MS = 240_000;

/** Contacts left one at a time on calm cards once the flood is over, for the idle median. */
const IDLE_CONTACTS = 10;
const IDLE_SPACING_MS = 200;

export const FLOOD_BUDGETS = {
  /** Mails to the flooded owner in its hour: the single mails and one digest. */
  ownerMails: SINGLE_MAILS_PER_HOUR + 1,
  otherCardDelayMs: 10_000,
  /** A contact left → its mail accepted by the SMTP server, median, with no flood. */
  idleMedianMs: 10_000,
};

export interface FloodResult {
  contacts: number;
  /** From the first commit to the last. */
  writeMs: number;
  /** From the first commit until every contact was mailed alone or counted in a digest. */
  handledMs: number;
  /** From the hour's end (the clock moved on) to its digest accepted by the SMTP server. */
  digestMs: number;
  singles: number;
  digests: number;
  /** The contacts the digests say they count, summed. */
  digestCount: number;
  /** Contacts neither mailed alone nor counted, or both: 0 if none is lost or doubled. */
  unaccounted: number;
  /** Other cards' contacts during the flood: left → accepted by the SMTP server (server times). */
  otherDelaysMs: number[];
  /** The same once the flood is over, one contact at a time. */
  idleDelaysMs: number[];
}

async function until<T>(check: () => Promise<T | false>, limitMs: number, what: string) {
  const end = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > end) throw new Error(`flood: ${what} not seen in ${limitMs} ms`);
    await sleep(250);
  }
}

/** From a contact's creation to its mail's acceptance by the SMTP server, once it is sent. */
function mailDelayMs(ref: DocumentReference, what: string): Promise<number> {
  return until(
    async () => {
      const data = (await ref.get()).data();
      const sentAt = data?.[LEAD_MAIL_FIELD]?.sentAt;
      return sentAt ? sentAt.toMillis() - data?.createdAt.toMillis() : false;
    },
    HANDLED_LIMIT_MS,
    what,
  );
}

async function seedCards(db: Firestore, owners: Record<string, OwnerAccount>): Promise<void> {
  const batch = db.batch();
  const cards = [FLOODED, ...Array.from({ length: OTHER_CARDS }, (_, i) => `calm-${i}`)];
  for (const username of cards) {
    const uid = `uid-${username}`;
    owners[uid] =
      username === FLOODED
        ? FLOODED_OWNER
        : { email: `${username}.owner@karta.test`, verified: true };
    batch.set(db.doc(`users/${username}`), { username, firstName: username, [OWNER_FIELD]: uid });
    batch.set(db.doc(ownerPath(uid)), { username });
  }
  await batch.commit();
}

export async function measureFlood(options: {
  contacts: number;
  addCleanup: (cleanup: () => Promise<void>) => void;
}): Promise<FloodResult> {
  const { contacts, addCleanup } = options;
  const [emulator, catcher] = await Promise.all([
    startEmulator({ projectId: PROJECT }),
    startMailCatcher(),
  ]);
  addCleanup(() => Promise.all([emulator.stop(), catcher.stop()]).then(() => undefined));
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort;
  const app = initializeApp({ projectId: PROJECT }, 'bench-flood');
  addCleanup(() => deleteApp(app));
  const db = getFirestore(app);
  const owners: Record<string, OwnerAccount> = {};
  await seedCards(db, owners);

  const smtp = smtpSender(catcher.smtpUrl, 'karta <no-reply@karta.test>', MAILER_CONCURRENCY);
  const clock = mailerHours();
  const mailer = startLeadMailer({
    db,
    ownerAccount: async (uid) => owners[uid] ?? null,
    send: smtp.send,
    hoursAheadMs: clock.aheadMs,
    log: () => {},
  });
  addCleanup(async () => {
    await mailer.stop();
    smtp.close();
  });
  await mailer.ready;
  clock.fresh();

  console.log(
    `  ${contacts} contacts on /${FLOODED} in commits of ${PER_COMMIT} over ` +
      `${FLOOD_MS / 1000} s; a contact on another card every ` +
      `${(FLOOD_MS / OTHER_CARDS / 1000).toFixed(1)} s, in an hour begun now…`,
  );
  const started = Date.now();
  const commits = Math.ceil(contacts / PER_COMMIT);
  const flood = (async () => {
    for (let c = 0; c < commits; c++) {
      await sleep(Math.max(0, started + (c * FLOOD_MS) / commits - Date.now()));
      const batch = db.batch();
      for (let i = c * PER_COMMIT; i < Math.min(contacts, (c + 1) * PER_COMMIT); i++) {
        batch.set(db.collection(contactsPath(FLOODED)).doc(), {
          name: `Πλημμύρα ${i}`,
          email: `flood${i}@example.gr`,
          phone: `+30 697 ${String(i).padStart(7, '0')}`,
          createdAt: FieldValue.serverTimestamp(),
        });
      }
      await batch.commit();
    }
    return Date.now() - started;
  })();
  const others = (async () => {
    const refs = [];
    for (let i = 0; i < OTHER_CARDS; i++) {
      await sleep(Math.max(0, started + ((i + 0.5) * FLOOD_MS) / OTHER_CARDS - Date.now()));
      refs.push(
        await db.collection(contactsPath(`calm-${i}`)).add({
          name: `Ήρεμη ${i}`,
          email: `calm${i}@example.gr`,
          createdAt: FieldValue.serverTimestamp(),
        }),
      );
    }
    return refs;
  })();
  const [writeMs, otherRefs] = await Promise.all([flood, others]);

  const floodedContacts = db.collection(contactsPath(FLOODED));
  await until(
    async () => {
      const all = (await floodedContacts.get()).docs;
      return (
        (all.length === contacts &&
          all.every((doc) => {
            const state = doc.get(LEAD_MAIL_FIELD) ?? {};
            return state.sentAt || state.digest || state.skipped;
          })) ||
        false
      );
    },
    HANDLED_LIMIT_MS,
    'every contact handled',
  );
  const handledMs = Date.now() - started;
  console.log(
    `  flood written in ${ms(writeMs)}, every contact handled ${ms(handledMs)} after the first`,
  );

  const otherDelaysMs = await Promise.all(
    otherRefs.map((ref) => mailDelayMs(ref, 'another card’s mail')),
  );

  // The digests are mailed once their hour is over: it ends now.
  console.log(`  the hour ended; waiting for its digest…`);
  const docs = (await floodedContacts.get()).docs;
  const hours = new Set(
    docs.map((doc) => doc.get(`${LEAD_MAIL_FIELD}.digest`)).filter((id): id is string => !!id),
  );
  const toOwner = async () =>
    (await catcher.mails()).filter((mail) =>
      mail.to.some((to) => to.address === FLOODED_OWNER.email),
    );
  const ended = Date.now();
  clock.end();
  await until(
    async () =>
      (await toOwner()).filter((mail) => mail.subject.startsWith('Σύνοψη')).length >= hours.size,
    HANDLED_LIMIT_MS,
    'the digest',
  );
  const digestMs = Date.now() - ended;
  console.log(`  the digest mailed ${ms(digestMs)} after the hour's end`);
  // Anything else (a second digest, a duplicate) would come now.
  await sleep(3000);
  const final = await toOwner();
  const digests = final.filter((mail) => mail.subject.startsWith('Σύνοψη'));
  const singles = final.filter((mail) => mail.subject.startsWith('Νέα επαφή'));
  const digestCount = digests.reduce(
    (sum, mail) => sum + Number(/(\d+) ακόμη/.exec(mail.subject)?.[1] ?? 0),
    0,
  );
  const unaccounted = docs.filter((doc) => {
    const state = doc.get(LEAD_MAIL_FIELD) ?? {};
    return Boolean(state.sentAt) === Boolean(state.digest);
  }).length;
  const idleDelaysMs = await idleDelays(db);
  console.log(`  contact → mail accepted, no flood: median ${ms(median(idleDelaysMs))}`);
  return {
    contacts,
    writeMs,
    handledMs,
    digestMs,
    singles: singles.length,
    digests: digests.length,
    digestCount,
    unaccounted: unaccounted + Math.abs(contacts - singles.length - digestCount),
    otherDelaysMs,
    idleDelaysMs,
  };
}

/** Left → accepted by the SMTP server (server times) for contacts left one at a time. */
async function idleDelays(db: Firestore): Promise<number[]> {
  const refs = [];
  for (let i = 0; i < IDLE_CONTACTS; i++) {
    refs.push(
      await db.collection(contactsPath(`calm-${i % OTHER_CARDS}`)).add({
        name: `Μία μία ${i}`,
        email: `idle${i}@example.gr`,
        createdAt: FieldValue.serverTimestamp(),
      }),
    );
    await sleep(IDLE_SPACING_MS);
  }
  return Promise.all(refs.map((ref) => mailDelayMs(ref, 'a contact’s mail')));
}

const row = partRow('Flood');

/** The flood's budget rows; without figures, the one row that says why. */
export function floodRows(result: FloodResult | undefined, error?: string): BudgetRow[] {
  if (!result) return [notRunRow('Flood', 'flood budgets', error)];
  const n = result.contacts.toLocaleString('en');
  const mails = result.singles + result.digests;
  const slowest = Math.max(...result.otherDelaysMs);
  const msText = (value: number) => `${whole(value)} ms`;
  return [
    row(
      `${n} contacts on one card: owner's mails in the hour ≤ ${SINGLE_MAILS_PER_HOUR} + 1`,
      `${mails}: ${result.singles} single + ${result.digests} digest of ` +
        `${result.digestCount.toLocaleString('en')}; ${result.unaccounted} lost or doubled`,
      mails <= FLOOD_BUDGETS.ownerMails && result.unaccounted === 0,
    ),
    row(
      `another card's contact during the flood → its mail ≤ ${msText(FLOOD_BUDGETS.otherCardDelayMs)}`,
      `max ${msText(slowest)}, median ${msText(median(result.otherDelaysMs))} ` +
        `(${result.otherDelaysMs.length} cards)`,
      slowest <= FLOOD_BUDGETS.otherCardDelayMs,
    ),
    row(
      `contact → mail accepted by the SMTP server, no flood: median ≤ ${msText(FLOOD_BUDGETS.idleMedianMs)}`,
      `median ${msText(median(result.idleDelaysMs))}, max ` +
        `${msText(Math.max(...result.idleDelaysMs))} (${result.idleDelaysMs.length} contacts)`,
      median(result.idleDelaysMs) <= FLOOD_BUDGETS.idleMedianMs,
    ),
  ];
}
