// Mails a company's admins its new leads, as each admin chose (lib/lead-alert.ts): one mail per
// lead, or one digest per Athens day. The lead mailer (lead-mailer.ts) mails the card's owner;
// this mails the admins, with the same texts (new-contact-mail.ts), the same kind of claims and
// the same listener (../listener.ts).
//
// Only admins: right before each send the company and the admin's membership are read again, and
// a mail goes only to someone who is then an admin of that company and still asks for it, at their
// account's address once its holder confirmed it. A lead counts only on a card of the company since
// it joined (the rules' reading of the company's leads).
//
// Once each, with several daemons: `companyLeadAlerts/{id}` (server-only) records each lead's mail
// to each admin, and each day's digest to each admin, claimed in a transaction before the send
// and marked sent (or skipped, with the reason) after it. A claim not renewed within the lease
// is taken over; one mailer that dies after the SMTP server accepted a mail leaves that mail to be
// sent again, as the lead mailer does.
//
// A flood: an admin gets at most `singlesPerHour` single mails an hour (the lead mailer's
// SINGLE_MAILS_PER_HOUR); the rest are skipped (`quota`) and are in the console's list.
//
// A record is kept RECORD_KEPT_MS (`expireAt`): the mailers delete those past it every
// `forgetEveryMs`, and a Firestore TTL policy on `expireAt` may do the same (docs/deployment.md).
import { randomUUID } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type QuerySnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  ADMINS_FIELD,
  COMPANY_FIELD,
  CONTACTS_COLLECTION,
  CREATED_FIELD,
  JOINED_FIELD,
  MEMBERS_COLLECTION,
  USERS_COLLECTION,
  companyPath,
  contactsPath,
  memberPath,
  companyCardsQuery,
} from '../../lib/collections';
import { LEAD_ALERT_FIELD, leadAlertOf, type LeadAlert } from '../../lib/lead-alert';
import { secondsToAthensMidnight } from '../../lib/invite-quota';
import { athensDay } from '../../lib/stats/day';
import { keepListening } from '../listener';
import {
  RELISTEN_MARGIN_MS,
  RELISTEN_MS,
  SINGLE_MAILS_PER_HOUR,
  type LeadMailerOptions,
} from './lead-mailer';
import {
  companyDigestMail,
  companyLeadMail,
  parseLeadContact,
  type CompanyLeadContact,
  type LeadMail,
} from './new-contact-mail';

/** Server-only: one document per mail (a lead to an admin, a day to an admin) and per hour's count. */
export const COMPANY_LEAD_ALERTS_COLLECTION = 'companyLeadAlerts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a record of `companyLeadAlerts` is kept: a lead is looked at again at most a day after
 * it was left (the listener's lookback) and a day's digest a day after the day ended, so three
 * days outlive both, and an hour's count long before.
 */
export const RECORD_KEPT_MS = 3 * DAY_MS;
/** When a record may go (a Firestore TTL policy's field). */
const EXPIRE_FIELD = 'expireAt';
/** Records deleted per batch of a clean-up. */
const FORGET_BATCH = 500;

const expireAt = () => ({ [EXPIRE_FIELD]: Timestamp.fromMillis(Date.now() + RECORD_KEPT_MS) });

/** As the lead mailer's; `ownerAccount` is here the admin's account. */
export interface CompanyLeadAlertsOptions extends Pick<
  LeadMailerOptions,
  'db' | 'ownerAccount' | 'send' | 'log' | 'leaseMs' | 'id'
> {
  /** Leads older than this when the mailer starts are not mailed one by one; a day unless set. */
  lookbackMs?: number;
  /** How often leads not yet mailed (another mailer's claim, a mail server down) are looked at again. */
  sweepMs?: number;
  /** How often the digests due are looked for; 10 minutes unless set. */
  digestEveryMs?: number;
  /** How often records past their `expireAt` are deleted; an hour unless set. */
  forgetEveryMs?: number;
  /** The clock of the days (ms); Date.now unless set. Tests move it on a day instead of waiting. */
  now?: () => number;
  singlesPerHour?: number;
}

export interface CompanyLeadAlerts {
  ready: Promise<void>;
  /** Nothing in hand: no lead or digest being mailed or waiting. */
  idle(): boolean;
  /** Looks for the digests due now (also done every `sweepMs`). */
  digestsDue(): Promise<void>;
  /** Deletes the records past their `expireAt`; how many (also done every `forgetEveryMs`). */
  forgetExpired(): Promise<number>;
  stop(): Promise<void>;
}

type Outcome = { send: LeadMail } | { skip: string };

/** Where the company's mail to `uid` goes now, or why none does. */
async function adminAddress(
  db: Firestore,
  companyId: string,
  uid: string,
  wanted: LeadAlert,
  ownerAccount: CompanyLeadAlertsOptions['ownerAccount'],
): Promise<{ to: string; company: string } | { skip: string }> {
  const [company, member] = await Promise.all([
    db.doc(companyPath(companyId)).get(),
    db.doc(memberPath(companyId, uid)).get(),
  ]);
  const admins: unknown = company.get(ADMINS_FIELD);
  if (!Array.isArray(admins) || !admins.includes(uid)) return { skip: 'not-admin' };
  if (leadAlertOf(member.get(LEAD_ALERT_FIELD)) !== wanted) return { skip: 'switched-off' };
  const account = await ownerAccount(uid);
  if (!account?.email) return { skip: 'no-email' };
  if (!account.verified) return { skip: 'unverified' };
  const name: unknown = company.get('name');
  return { to: account.email, company: typeof name === 'string' ? name : '' };
}

export function startCompanyLeadAlerts(options: CompanyLeadAlertsOptions): CompanyLeadAlerts {
  const {
    db,
    ownerAccount,
    send,
    log = console.log,
    lookbackMs = DAY_MS,
    leaseMs = 60_000,
    sweepMs = 60_000,
    digestEveryMs = 10 * 60_000,
    forgetEveryMs = HOUR_MS,
    now = Date.now,
    singlesPerHour = SINGLE_MAILS_PER_HOUR,
    id = randomUUID().slice(0, 8),
  } = options;
  const alerts = db.collection(COMPANY_LEAD_ALERTS_COLLECTION);
  /** Leads seen and not yet handled: path → the contact's document. */
  const pending = new Map<string, DocumentSnapshot>();
  const active = new Set<Promise<void>>();
  let stopped = false;

  /**
   * Claims `ref` for this mailer: false when it is done (sent or skipped). Throws while another
   * mailer's live claim holds it, so that it is looked at again. `extra` runs in the same
   * transaction (the hour's quota) and may skip it.
   */
  async function claim(
    ref: DocumentReference,
    fields: Record<string, unknown>,
    extra?: (tx: Transaction) => Promise<string | null>,
  ): Promise<boolean> {
    return db.runTransaction(async (tx) => {
      const doc = await tx.get(ref);
      if (doc.get('sentAt') || doc.get('skipped')) return false;
      const claimedAt: unknown = doc.get('claimedAt');
      const by: unknown = doc.get('claimedBy');
      if (
        by !== id &&
        claimedAt instanceof Timestamp &&
        Date.now() - claimedAt.toMillis() < leaseMs
      ) {
        throw new Error(`${ref.id} is held by mailer ${String(by)}`);
      }
      const skip = extra && !doc.exists ? await extra(tx) : null;
      tx.set(
        ref,
        skip
          ? { ...fields, ...expireAt(), skipped: skip, skippedAt: FieldValue.serverTimestamp() }
          : { ...fields, ...expireAt(), claimedBy: id, claimedAt: FieldValue.serverTimestamp() },
        { merge: true },
      );
      return !skip;
    });
  }

  /** Sends what `outcome` says under the claim on `ref`, and records it. */
  async function finish(ref: DocumentReference, outcome: Outcome, what: string): Promise<void> {
    if ('skip' in outcome) {
      await ref.update({ skipped: outcome.skip, skippedAt: FieldValue.serverTimestamp() });
      log(`company lead alert: ${what} not mailed (${outcome.skip})`);
      return;
    }
    await send(outcome.send);
    await ref.update({ sentAt: FieldValue.serverTimestamp() });
    log(`company lead alert: ${what} mailed`);
  }

  /** One lead: a mail to each admin of its card's company who asks for each lead. */
  async function handleLead(contact: DocumentSnapshot): Promise<void> {
    const lead = parseLeadContact(contact.data());
    const username = contact.ref.parent.parent?.id;
    if (!lead || !username) return;
    const card = await db.doc(`${USERS_COLLECTION}/${username}`).get();
    const companyId: unknown = card.get(COMPANY_FIELD);
    const joinedAt: unknown = card.get(JOINED_FIELD);
    if (typeof companyId !== 'string' || !(joinedAt instanceof Timestamp)) return;
    if (lead.createdAt.getTime() < joinedAt.toMillis()) return;
    const company = await db.doc(companyPath(companyId)).get();
    const admins: unknown = company.get(ADMINS_FIELD);
    if (!Array.isArray(admins)) return;
    const members = await Promise.all(
      admins
        .filter((uid): uid is string => typeof uid === 'string')
        .map((uid) => db.doc(memberPath(companyId, uid)).get()),
    );
    const wanting = members.filter((m) => leadAlertOf(m.get(LEAD_ALERT_FIELD)) === 'each');
    for (const member of wanting) {
      const uid = member.id;
      const ref = alerts.doc(`lead_${companyId}_${uid}_${username}_${contact.id}`);
      const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
      const hourRef = alerts.doc(`hour_${companyId}_${uid}_${hour}`);
      const claimed = await claim(ref, { companyId, uid }, async (tx) => {
        const count = Number((await tx.get(hourRef)).get('singles') ?? 0);
        if (count >= singlesPerHour) return 'quota';
        tx.set(hourRef, { singles: count + 1, companyId, uid, ...expireAt() }, { merge: true });
        return null;
      });
      if (!claimed) continue;
      const target = await adminAddress(db, companyId, uid, 'each', ownerAccount);
      const outcome: Outcome =
        'skip' in target
          ? target
          : { send: companyLeadMail(target.company, target.to, { ...lead, username }) };
      await finish(ref, outcome, ref.id);
    }
  }

  /** The company's leads of the Athens `day`, newest first, from its cards since each joined. */
  async function leadsOfDay(companyId: string, day: string, dayEnd: number) {
    const cards = await companyCardsQuery(db, companyId).get();
    const perCard = await Promise.all(
      cards.docs.map(async (card) => {
        const joinedAt: unknown = card.get(JOINED_FIELD);
        if (!(joinedAt instanceof Timestamp)) return [];
        // A day is at most 25 hours long (the clocks going back).
        const from = Math.max(joinedAt.toMillis(), dayEnd - 25 * HOUR_MS);
        const contacts = await db
          .collection(contactsPath(card.id))
          .where(CREATED_FIELD, '>=', Timestamp.fromMillis(from))
          .where(CREATED_FIELD, '<', Timestamp.fromMillis(dayEnd))
          .get();
        return contacts.docs.flatMap((doc): CompanyLeadContact[] => {
          const lead = parseLeadContact(doc.data());
          return lead && athensDay(lead.createdAt) === day ? [{ ...lead, username: card.id }] : [];
        });
      }),
    );
    return perCard.flat().sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** Yesterday's digest (Athens days) to each admin who asks for one, once. */
  async function mailDigests(): Promise<void> {
    const at = now();
    // The end of yesterday: today's Athens midnight (the clock's seconds are whole).
    const dayEnd = at - (at % 1000) - (DAY_MS - secondsToAthensMidnight(at) * 1000);
    const day = athensDay(dayEnd - 1);
    const asking = await db
      .collectionGroup(MEMBERS_COLLECTION)
      .where(LEAD_ALERT_FIELD, '==', 'daily')
      .get();
    for (const member of asking.docs) {
      const companyId = member.ref.parent.parent?.id;
      if (!companyId || stopped) continue;
      const uid = member.id;
      const ref = alerts.doc(`day_${companyId}_${uid}_${day}`);
      // One admin's digest failing (held by another mailer, a mail server down) holds up no other's:
      // the next sweep takes it again.
      await (async () => {
        if (!(await claim(ref, { companyId, uid, day }))) return;
        const target = await adminAddress(db, companyId, uid, 'daily', ownerAccount);
        let outcome: Outcome;
        if ('skip' in target) outcome = target;
        else {
          const leads = await leadsOfDay(companyId, day, dayEnd);
          outcome =
            leads.length === 0
              ? { skip: 'no-leads' }
              : { send: companyDigestMail(target.company, target.to, day, leads) };
        }
        await finish(ref, outcome, ref.id);
      })().catch((error: Error) =>
        log(`company lead alert: ${ref.id}: ${error.message}; tried again later`),
      );
    }
  }

  /** Deletes records past their expireAt, a batch at a time; several mailers may do it at once. */
  async function forgetExpired(): Promise<number> {
    let forgotten = 0;
    for (;;) {
      const expired = await alerts
        .where(EXPIRE_FIELD, '<', Timestamp.now())
        .limit(FORGET_BATCH)
        .select()
        .get();
      if (expired.empty) return forgotten;
      const batch = db.batch();
      for (const record of expired.docs) batch.delete(record.ref);
      await batch.commit();
      forgotten += expired.size;
      if (expired.size < FORGET_BATCH || stopped) return forgotten;
    }
  }

  // One look at a time: looks that overlapped fought over the same claims.
  let digesting: Promise<void> | undefined;
  const digestsDue = () =>
    (digesting ??= mailDigests().finally(() => {
      digesting = undefined;
    }));

  function track(work: Promise<void>, what: string): void {
    const running = work
      .catch((error: Error) =>
        log(`company lead alert: ${what}: ${error.message}; tried again later`),
      )
      .finally(() => active.delete(running));
    active.add(running);
  }

  function work(): void {
    for (const [path, contact] of pending) {
      if (stopped) return;
      pending.delete(path);
      track(
        handleLead(contact).catch((error: unknown) => {
          // Kept for the sweep: a claim another mailer holds, a mail server down.
          pending.set(path, contact);
          throw error;
        }),
        path,
      );
    }
  }

  // The SDK keeps every document of a listen's result set: the listener is replaced now and then,
  // from a little before the last snapshot (a lead seen twice is found done by its claim).
  let since = Timestamp.fromMillis(Date.now() - lookbackMs);
  let lastReadTime: Timestamp | undefined;
  let contactsReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (contactsReady = resolve));
  const contacts = keepListening<QuerySnapshot>({
    open: (next, fail) => {
      if (lastReadTime) {
        since = Timestamp.fromMillis(
          Math.max(since.toMillis(), lastReadTime.toMillis() - RELISTEN_MARGIN_MS),
        );
      }
      return db
        .collectionGroup(CONTACTS_COLLECTION)
        .where(CREATED_FIELD, '>=', since)
        .onSnapshot(next, (error) => fail(`Firestore listener failed (${error.message})`));
    },
    onSnapshot: (snapshot) => {
      lastReadTime = snapshot.readTime;
      for (const change of snapshot.docChanges()) {
        if (change.type === 'added') pending.set(change.doc.ref.path, change.doc);
      }
      work();
      contactsReady();
    },
    log,
    name: 'company lead alerts',
    relisten: { everyMs: RELISTEN_MS, when: () => true },
  });
  const sweep = setInterval(work, sweepMs);
  sweep.unref();
  const digestTimer = setInterval(() => track(digestsDue(), 'digests'), digestEveryMs);
  digestTimer.unref();
  const forgetTimer = setInterval(
    () =>
      track(
        forgetExpired().then((count) => {
          if (count > 0) log(`company lead alert: ${count} expired records deleted`);
        }),
        'expired records',
      ),
    forgetEveryMs,
  );
  forgetTimer.unref();
  void ready.then(() => track(digestsDue(), 'digests'));

  return {
    ready,
    idle: () => active.size === 0 && pending.size === 0 && digesting === undefined,
    digestsDue,
    forgetExpired,
    async stop() {
      stopped = true;
      contacts.stop();
      clearInterval(sweep);
      clearInterval(digestTimer);
      clearInterval(forgetTimer);
      await Promise.allSettled([...active]);
    },
  };
}
