// Mails a card's owner the contacts visitors leave on it: the first few of each hour one by one,
// the rest counted in one digest mailed when the hour ends. Each contact is mailed alone or counted
// in one digest, once, even with several mailers running (one beside each origin's watcher) or one
// stopped half-way; and a flood on one card neither fills its owner's inbox nor holds up another
// card's mail.
//
// The hour: `leadDigests/{username}_{start}` (server-only) holds how many of the card's contacts
// were mailed alone in it (`singles`, at most SINGLE_MAILS_PER_HOUR) and how many are counted for
// its digest (`count`, with the newest few). The hour a contact falls in is the server's time when
// a mailer takes it, read in the transaction that takes it: a backlog found at a restart is one
// hour's worth, not a mail each.
//
// The claim: each hour's document records the card's claim its contacts were counted under (its
// owner and claimedAt, card-claim.ts). A turn reads the card again in its transaction, so a
// contact is mailed or counted only under the claim it was left for; an hour whose claim is not
// the card's (erased or removed, perhaps claimed again since) is started afresh by the next
// contact and never mailed: its digest is deleted. The owner's erasure and the clean-up after it
// (daemon/cleanup/) delete the card's digests too; nothing an earlier owner's visitors left
// reaches a later owner.
//
// A contact's state is `leadMail` on it, written only by the server, in the same transaction as
// the hour's counts: `single` (the hour whose quota it used) with `claimedBy/claimedAt` until its
// mail went out (`sentAt`), `digest` (the hour that counts it), or why it is never mailed
// (`skipped`). A claim not renewed within the lease is taken to be abandoned and another mailer
// takes it over; the digest is claimed the same way once its hour is over. A mailer that dies after
// the SMTP server accepted a mail and before `sentAt` is written leaves that one mail to be sent
// again: no mail server offers exactly-once across a crash, and a second mail beats a lost lead.
//
// The listener asks for contacts created since a point in time: `lookbackMs` before the start, then,
// on each re-listen (every `refreshMs` and after a failure), the last snapshot's read time or the
// oldest contact not yet mailed, counted or skipped, whichever is earlier, less a margin
// (`relistenMarginMs`, RELISTEN_MARGIN_MS).
// The SDK keeps every document of a listen's result set, so a listener that never moved would hold
// every contact since the start and read them all again at each reconnect; this one holds those of
// the last few minutes and the backlog. A contact's createdAt is the time of its write (the rules
// ask for serverTimestamp()), so every one the read time could miss is after it; the margin covers
// a contact written by hand with a time of its own. Reading a few twice is harmless: a contact
// already handled says so (`leadMail`).
//
// Work goes through a fair queue with a few workers: a card's turn handles up to a batch of its
// contacts in one transaction (the ones over the quota only counted, a write each), mails its few
// singles, and the card goes to the back of the queue. Another card's contact waits for at most a
// turn per worker, whatever the flood's size.
import { randomUUID } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type QuerySnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  CONTACTS_COLLECTION,
  CREATED_FIELD,
  DIGEST_OPEN_FIELD,
  DIGEST_USERNAME_FIELD,
  LEAD_DIGESTS_COLLECTION,
  LEAD_MAIL_FIELD,
  NEW_CONTACT_MAIL_FIELD,
  cardPath,
  leadDigestPath,
  ownerPath,
} from '../../lib/collections';
import { keepListening } from '../listener';
import { claimOf, countsFor, sameClaim, type CardClaim } from './card-claim';
import {
  digestMail,
  leadMail,
  parseLeadContact,
  type LeadContact,
  type LeadMail,
} from './new-contact-mail';

export type SkipReason =
  'malformed' | 'no-owner' | 'before-claim' | 'switched-off' | 'no-email' | 'unverified';

/** Contacts of one card mailed one by one in an hour; the rest of the hour's go in its digest. */
export const SINGLE_MAILS_PER_HOUR = 5;
/** The newest contacts a digest shows in full, beside the count of all it holds. */
export const DIGEST_NEWEST = 5;
/** Turns worked at once, hence also the most mails handed to the SMTP server at once. */
export const MAILER_CONCURRENCY = 4;
/** Contacts one turn takes in one transaction (a transaction writes at most 500 documents). */
const BATCH = 200;
/** How often the contacts' listener is replaced, from where the mailer got to (`refreshMs`). */
export const RELISTEN_MS = 10 * 60_000;
/** How far before where it got to a re-listen starts (see the top of the file). */
export const RELISTEN_MARGIN_MS = 5 * 60_000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** What the mailer needs of the owner's Firebase Auth account. */
export interface OwnerAccount {
  email: string | null;
  verified: boolean;
}

export interface LeadMailerOptions {
  db: Firestore;
  /** The owner's account (Firebase Auth), not the public address on the card; null if none. */
  ownerAccount: (uid: string) => Promise<OwnerAccount | null>;
  /** Hands one mail to the SMTP server; rejects when it is not accepted. */
  send: (mail: LeadMail) => Promise<void>;
  log?: (line: string) => void;
  /** A claim not renewed for this long (server time) is taken over; its holder renews it at a quarter of it. */
  leaseMs?: number;
  /** The first wait after a failed send; it doubles up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Contacts older than this when the mailer starts are not looked at. */
  lookbackMs?: number;
  /** The contacts' listener is replaced this often, from where it got to; RELISTEN_MS unless set. */
  refreshMs?: number;
  /** How far before where it got to a re-listen starts; RELISTEN_MARGIN_MS unless set. */
  relistenMarginMs?: number;
  /** The digest's period: an hour, shorter in tests. Windows start at multiples of it. */
  windowMs?: number;
  /**
   * How far ahead of the server's time the hours run (ms); 0 in production. Tests move it on to
   * begin a fresh hour or end one, instead of waiting for the clock; leases stay on server time.
   */
  hoursAheadMs?: () => number;
  singlesPerWindow?: number;
  concurrency?: number;
  /** For the logs and the claims; random by default. */
  id?: string;
}

export interface LeadMailer {
  /** Resolves when the first snapshots (the contacts and open digests at start) have arrived. */
  ready: Promise<void>;
  /**
   * Whether it has nothing in hand (no turn running or waiting, no claim held, no contact seen and
   * not yet handled, no digest due), and the read time of its contacts listener's last snapshot:
   * a test waits for every mailer to have seen its contacts' last change and be idle, rather than
   * for a while, before it says that nothing more is sent.
   */
  progress(): { idle: boolean; contactsReadAt: Timestamp | undefined };
  stop(): Promise<void>;
}

interface MailState {
  claimedBy?: string;
  claimedAt?: Timestamp;
  single?: string;
  sentAt?: Timestamp;
  skipped?: SkipReason;
  digest?: string;
}

interface StoredContact {
  name: string;
  email: string;
  phone?: string;
  createdAt: Timestamp;
}

/** leadDigests/{id} as the mailer writes it. */
interface HourDoc {
  [DIGEST_USERNAME_FIELD]: string;
  /** The card's claim its contacts were counted under. */
  cardClaim: CardClaim;
  start: Timestamp;
  end: Timestamp;
  singles: number;
  count: number;
  newest: StoredContact[];
  [DIGEST_OPEN_FIELD]: boolean;
  claimedBy?: string;
  claimedAt?: Timestamp;
  sentAt?: Timestamp;
  skipped?: SkipReason;
}

/** Where the card's mail goes, or why none does; with the card's claim as it was read. */
type Recipient = { to: string; claim: CardClaim } | { skip: SkipReason; claim: CardClaim | null };

/** A turn that found its hour's digest already taken for mailing: it starts again in the next. */
class HourOver extends Error {}
/** A turn that found the card claimed anew (or gone) since it looked: it starts again. */
class ClaimChanged extends Error {}

function stateOf(data: DocumentData | undefined): MailState {
  const state = data?.[LEAD_MAIL_FIELD];
  return state && typeof state === 'object' ? (state as MailState) : {};
}

const done = (state: MailState) => Boolean(state.sentAt || state.skipped || state.digest);

const stored = (contact: LeadContact): StoredContact => ({
  name: contact.name,
  email: contact.email,
  ...(contact.phone ? { phone: contact.phone } : {}),
  createdAt: Timestamp.fromDate(contact.createdAt),
});

const unstored = (contact: StoredContact): LeadContact => ({
  ...contact,
  createdAt: contact.createdAt.toDate(),
});

/** A card's contacts waiting for a turn, oldest first, and those another mailer holds. */
interface CardQueue {
  pending: Map<string, DocumentReference>;
  parked: Map<string, DocumentReference>;
}

export function startLeadMailer(options: LeadMailerOptions): LeadMailer {
  const {
    db,
    ownerAccount,
    send,
    log = console.log,
    leaseMs = 60_000,
    firstRetryMs = 1000,
    lookbackMs = 7 * DAY_MS,
    refreshMs = RELISTEN_MS,
    relistenMarginMs = RELISTEN_MARGIN_MS,
    windowMs = HOUR_MS,
    hoursAheadMs = () => 0,
    singlesPerWindow = SINGLE_MAILS_PER_HOUR,
    concurrency = MAILER_CONCURRENCY,
    id = randomUUID().slice(0, 8),
  } = options;
  // Renewed before each wait, so the claim outlives the longest one.
  const maxRetryMs = Math.min(options.maxRetryMs ?? 30_000, leaseMs / 2);
  const cards = new Map<string, CardQueue>();
  /**
   * Every contact seen and not yet done (mailed, counted or skipped), wherever it is (waiting, in a
   * turn, held by another mailer, or dropped by a failed turn): path → createdAt (ms). A re-listen
   * starts no later than the oldest, so the new listener delivers each of them again.
   */
  const unfinished = new Map<string, number>();
  /** Where the contacts' listener listens from, and the read time of its last snapshot. */
  let listeningFrom = Timestamp.fromMillis(Date.now() - lookbackMs);
  let lastReadTime: Timestamp | undefined;
  /** Documents the contacts' listener holds (the SDK keeps its whole result set). */
  let listenerHolds = 0;
  /** Open digests: their hour's end (ms), and the timer that queues them then. */
  const digests = new Map<string, { end: number; timer?: NodeJS.Timeout }>();
  /** Claims this mailer holds, renewed by the heartbeat: document path → claimedAt's field. */
  const held = new Map<string, { ref: DocumentReference; field: string }>();
  const waits = new Set<() => void>();
  const active = new Set<Promise<void>>();
  let stopped = false;
  /** Now on the hours' clock (ms): the server's time read at `readTime`, or this machine's. */
  const hourNow = (readTime?: Timestamp) => (readTime?.toMillis() ?? Date.now()) + hoursAheadMs();

  // ---- the fair queue: a key per card ("card:anna") or digest ("digest:anna_…"), each once.
  const order: string[] = [];
  const queued = new Set<string>();
  const running = new Set<string>();
  const askedAgain = new Set<string>();
  /** Cards whose last turn counted contacts for a digest (their hour's quota is used): key → hour. */
  const counting = new Map<string, string>();

  function enqueue(key: string): void {
    if (stopped) return;
    if (running.has(key)) askedAgain.add(key);
    else if (!queued.has(key)) {
      queued.add(key);
      order.push(key);
      pump();
    }
  }

  const hasWork = (key: string) =>
    key.startsWith('card:') && (cards.get(key.slice(5))?.pending.size ?? 0) > 0;

  /**
   * The next key to run: the first in line that may still have a mail to send; a card whose hour is
   * over its quota (`counting`) only once nothing else runs or waits, one at a time. Counting can
   * wait; a mail should not, and the database is shared: another card's first mail would otherwise
   * queue behind the flood's batches there too.
   */
  function next(): string | undefined {
    const index = order.findIndex((key) => !counting.has(key));
    if (index >= 0) return order.splice(index, 1)[0];
    return running.size === 0 ? order.shift() : undefined;
  }

  function pump(): void {
    while (!stopped && running.size < concurrency) {
      const key = next();
      if (key === undefined) return;
      queued.delete(key);
      running.add(key);
      const turn = (key.startsWith('card:') ? cardTurn(key.slice(5)) : digestTurn(key.slice(7)))
        .catch((error: Error) => log(`lead mail: ${key}: ${error.message}; tried again later`))
        .finally(() => {
          running.delete(key);
          active.delete(turn);
          if (askedAgain.delete(key) || hasWork(key)) enqueue(key);
          pump();
        });
      active.add(turn);
    }
  }

  /** Waits `ms`, or less if the mailer stops; true if it stopped. */
  function wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waits.delete(wake);
        resolve(stopped);
      };
      const timer = setTimeout(wake, ms);
      waits.add(wake);
    });
  }

  const alive = (claimedBy: unknown, claimedAt: Timestamp | undefined, now: Timestamp) =>
    typeof claimedBy === 'string' &&
    claimedBy !== id &&
    claimedAt !== undefined &&
    now.toMillis() - claimedAt.toMillis() < leaseMs;

  /** The owner's address, or why there is none to mail. */
  async function recipient(username: string): Promise<Recipient> {
    const claim = claimOf((await db.doc(cardPath(username)).get()).data());
    if (!claim) return { skip: 'no-owner', claim };
    const preferences = await db.doc(ownerPath(claim.ownerUid)).get();
    if (preferences.get(NEW_CONTACT_MAIL_FIELD) === false) return { skip: 'switched-off', claim };
    const account = await ownerAccount(claim.ownerUid);
    if (!account?.email) return { skip: 'no-email', claim };
    // Anyone can sign up with anyone's address: only one its holder confirmed gets mail.
    if (!account.verified) return { skip: 'unverified', claim };
    return { to: account.email, claim };
  }

  /** Hands `mail` to the SMTP server, retrying; false if the mailer stopped or lost the claim. */
  async function sendHeld(ref: DocumentReference, field: string, mail: LeadMail, what: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        await send(mail);
        return true;
      } catch (error) {
        const delay = Math.min(firstRetryMs * 2 ** (attempt - 1), maxRetryMs);
        log(
          `lead mail: ${what}: the mail server refused or did not answer ` +
            `(${(error as Error).message}); retry ${attempt} in ${delay} ms`,
        );
        // Stopped, or taken over: the claim lapses or is another's, and it is mailed there.
        if (!(await renew(ref, field)) || (await wait(delay))) return false;
      }
    }
  }

  /** Renews the claim if it is still this mailer's; false if another took it over. */
  function renew(ref: DocumentReference, field: string): Promise<boolean> {
    const prefix = field.slice(0, -'claimedAt'.length);
    return db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      const claimedBy: unknown = snapshot.get(`${prefix}claimedBy`);
      const finished = prefix
        ? done(stateOf(snapshot.data()))
        : snapshot.get(DIGEST_OPEN_FIELD) !== true;
      if (!snapshot.exists || claimedBy !== id || finished) return false;
      tx.update(ref, { [field]: FieldValue.serverTimestamp() });
      return true;
    });
  }

  // ---- a card's turn
  interface TurnResult {
    singles: Array<{ ref: DocumentReference; contact: LeadContact }>;
    parked: DocumentReference[];
    counted: number;
    skipped: Map<SkipReason, string[]>;
    hour: string;
  }

  async function cardTurn(username: string): Promise<void> {
    const queue = cards.get(username);
    if (!queue) return;
    const refs = [...queue.pending.values()].slice(0, BATCH);
    if (refs.length === 0) return;
    refs.forEach((ref) => queue.pending.delete(ref.path));
    let result: TurnResult;
    let target: Recipient;
    try {
      target = await recipient(username);
      const owner = target;
      result = await db.runTransaction((tx) => takeBatch(tx, username, refs, owner));
    } catch (error) {
      if (error instanceof HourOver || error instanceof ClaimChanged) {
        // Back at the head of the card's queue: in the new hour, or for the card as it is now.
        const rest = [...queue.pending.entries()];
        queue.pending.clear();
        refs.forEach((ref) => queue.pending.set(ref.path, ref));
        rest.forEach(([path, ref]) => queue.pending.set(path, ref));
        return;
      }
      // Looked at again with the parked ones, after a pause.
      refs.forEach((ref) => queue.parked.set(ref.path, ref));
      throw error;
    }
    result.parked.forEach((ref) => queue.parked.set(ref.path, ref));
    for (const [reason, paths] of result.skipped) {
      const which = paths.length === 1 ? paths[0] : `users/${username}: ${paths.length} contacts`;
      log(
        reason === 'malformed'
          ? `lead mail: ${which} skipped: not a visitor's contact (malformed)`
          : `lead mail: ${which} not mailed (${reason})`,
      );
    }
    if (result.counted > 0) {
      log(`lead mail: users/${username}: ${result.counted} counted in the digest ${result.hour}`);
      const key = `card:${username}`;
      if (counting.get(key) !== result.hour) {
        counting.set(key, result.hour);
        // Its next hour starts with single mails again.
        setTimeout(
          () => counting.get(key) === result.hour && counting.delete(key),
          windowMs - (hourNow() % windowMs),
        ).unref();
      }
    } else if (result.singles.length > 0) counting.delete(`card:${username}`);
    // Renewed from now on: the last of them waits for the others' mails.
    result.singles.forEach(({ ref }) =>
      held.set(ref.path, { ref, field: `${LEAD_MAIL_FIELD}.claimedAt` }),
    );
    try {
      for (const { ref, contact } of result.singles) {
        if (stopped || 'skip' in target) return;
        await mailSingle(ref, contact, target.to, username);
        held.delete(ref.path);
      }
    } finally {
      result.singles.forEach(({ ref }) => held.delete(ref.path));
    }
  }

  /** The transaction of a card's turn: each contact of `refs` mailed alone, counted, or skipped. */
  async function takeBatch(
    tx: Transaction,
    username: string,
    refs: DocumentReference[],
    target: Recipient,
  ): Promise<TurnResult> {
    const [card, ...snapshots] = await tx.getAll(db.doc(cardPath(username)), ...refs);
    // The owner and claim looked up before the transaction must still be the card's: the
    // transaction then conflicts with an erasure or a claim, and nothing left for one claim is
    // mailed or counted under another.
    if (!sameClaim(claimOf(card.data()), target.claim)) throw new ClaimChanged();
    const now = hourNow(card.readTime);
    const start = now - (now % windowMs);
    const hourRef = db.doc(leadDigestPath(username, start));
    const hourSnapshot = await tx.get(hourRef);
    const hour = hourSnapshot.data() as HourDoc | undefined;
    // The hour ended between the two reads, or its digest was taken for mailing (which happens only
    // once it is over): what comes now belongs to the next hour. Its document is read before the
    // hour's end, so the digest's mailer, which reads it after, conflicts with this transaction.
    if (
      hourNow(hourSnapshot.readTime) >= start + windowMs ||
      (hour && (hour.claimedBy || !hour[DIGEST_OPEN_FIELD]))
    ) {
      throw new HourOver();
    }
    const result: TurnResult = {
      singles: [],
      parked: [],
      counted: 0,
      skipped: new Map(),
      hour: hourRef.path,
    };
    const skip = (snapshot: DocumentSnapshot, reason: SkipReason) => {
      tx.update(snapshot.ref, {
        [`${LEAD_MAIL_FIELD}.skipped`]: reason,
        [`${LEAD_MAIL_FIELD}.skippedAt`]: FieldValue.serverTimestamp(),
      });
      result.skipped.set(reason, [...(result.skipped.get(reason) ?? []), snapshot.ref.path]);
    };
    const claim = (snapshot: DocumentSnapshot, contact: LeadContact, single: string) => {
      tx.update(snapshot.ref, {
        [`${LEAD_MAIL_FIELD}.single`]: single,
        [`${LEAD_MAIL_FIELD}.claimedBy`]: id,
        [`${LEAD_MAIL_FIELD}.claimedAt`]: FieldValue.serverTimestamp(),
      });
      result.singles.push({ ref: snapshot.ref, contact });
    };
    const fresh: Array<{ snapshot: DocumentSnapshot; contact: LeadContact }> = [];
    for (const snapshot of snapshots) {
      const state = stateOf(snapshot.data());
      if (!snapshot.exists || done(state)) continue;
      // Its claim is this mailer's and its mail under way (the change seen was the claim itself).
      if (state.claimedBy === id && held.has(snapshot.ref.path)) continue;
      if (alive(state.claimedBy, state.claimedAt, card.readTime)) {
        result.parked.push(snapshot.ref);
        continue;
      }
      const contact = parseLeadContact(snapshot.data());
      if (!contact) skip(snapshot, 'malformed');
      else if ('skip' in target) skip(snapshot, target.skip);
      // Left for an earlier owner of this username (erased, then claimed again): the rules keep it
      // from this one, and so does the mail.
      else if (
        target.claim?.claimedAt &&
        contact.createdAt.getTime() < target.claim.claimedAt.toMillis()
      ) {
        skip(snapshot, 'before-claim');
      }
      // Its hour's quota already counts it: its mail was begun by a mailer since stopped.
      else if (state.single) claim(snapshot, contact, state.single);
      else fresh.push({ snapshot, contact });
    }
    // Only a card with an address to mail has contacts left to mail or count.
    if (fresh.length === 0 || 'skip' in target) return result;
    // The oldest are the hour's first.
    fresh.sort((a, b) => a.contact.createdAt.getTime() - b.contact.createdAt.getTime());
    // What the hour counted under an earlier claim of the card is not this owner's: not their
    // quota, not their digest. The new claim's hour starts afresh.
    const kept = hour && countsFor(hour, target.claim) ? hour : undefined;
    let singles = kept?.singles ?? 0;
    const counted: LeadContact[] = [];
    for (const { snapshot, contact } of fresh) {
      if (singles < singlesPerWindow) {
        singles++;
        claim(snapshot, contact, hourRef.id);
      } else {
        counted.push(contact);
        tx.update(snapshot.ref, {
          [`${LEAD_MAIL_FIELD}.digest`]: hourRef.id,
          [`${LEAD_MAIL_FIELD}.countedAt`]: FieldValue.serverTimestamp(),
        });
      }
    }
    result.counted = counted.length;
    const newest = [...(kept?.newest ?? []).map(unstored), ...counted]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, DIGEST_NEWEST)
      .map(stored);
    const next: HourDoc = {
      [DIGEST_USERNAME_FIELD]: username,
      cardClaim: target.claim,
      start: Timestamp.fromMillis(start),
      end: Timestamp.fromMillis(start + windowMs),
      singles,
      count: (kept?.count ?? 0) + counted.length,
      newest,
      [DIGEST_OPEN_FIELD]: true,
    };
    tx.set(hourRef, next);
    return result;
  }

  async function mailSingle(
    ref: DocumentReference,
    contact: LeadContact,
    to: string,
    username: string,
  ): Promise<void> {
    const mail = leadMail(username, to, contact);
    if (!(await sendHeld(ref, `${LEAD_MAIL_FIELD}.claimedAt`, mail, ref.path))) return;
    await ref.update({ [`${LEAD_MAIL_FIELD}.sentAt`]: FieldValue.serverTimestamp() });
    log(
      `lead mail: ${ref.path} mailed to the owner ` +
        `${Date.now() - contact.createdAt.getTime()} ms after it was left`,
    );
  }

  // ---- a digest's turn, once its hour is over
  async function digestTurn(digestId: string): Promise<void> {
    const ref = db.collection(LEAD_DIGESTS_COLLECTION).doc(digestId);
    type Taken = { dueIn: number } | { hour: HourDoc } | null;
    const taken = await db.runTransaction(async (tx): Promise<Taken> => {
      const snapshot = await tx.get(ref);
      const hour = snapshot.data() as HourDoc | undefined;
      if (!hour || !hour[DIGEST_OPEN_FIELD]) return null;
      const now = snapshot.readTime;
      if (hourNow(now) < hour.end.toMillis()) return { dueIn: hour.end.toMillis() - hourNow(now) };
      if (alive(hour.claimedBy, hour.claimedAt, now)) return null;
      // Only single mails in that hour: nothing to send, nothing to keep.
      if (hour.count === 0) {
        tx.delete(ref);
        return null;
      }
      tx.update(ref, { claimedBy: id, claimedAt: FieldValue.serverTimestamp() });
      return { hour };
    });
    if (!taken) return;
    if (!('hour' in taken)) {
      schedule(digestId, hourNow() + taken.dueIn);
      return;
    }
    const { hour } = taken;
    held.set(ref.path, { ref, field: 'claimedAt' });
    try {
      const username = hour[DIGEST_USERNAME_FIELD];
      const target = await recipient(username);
      if (!target.claim || !countsFor(hour, target.claim)) {
        // Counted for an earlier claim of the card, erased or removed since: no owner of the
        // card now may read those contacts, and the one who could gave them up.
        await ref.delete();
        log(
          `lead mail: ${ref.path} (${hour.count} contacts) not mailed and deleted: ` +
            'counted for an earlier claim of the card',
        );
        return;
      }
      // The names go with the mail: the document keeps the count only.
      const close = { [DIGEST_OPEN_FIELD]: false, newest: FieldValue.delete() };
      if ('skip' in target) {
        await ref.update({
          ...close,
          skipped: target.skip,
          skippedAt: FieldValue.serverTimestamp(),
        });
        log(`lead mail: ${ref.path} (${hour.count} contacts) not mailed (${target.skip})`);
        return;
      }
      const mail = digestMail(username, target.to, {
        count: hour.count,
        singles: hour.singles,
        newest: hour.newest.map(unstored),
        start: hour.start.toDate(),
        end: hour.end.toDate(),
      });
      if (!(await sendHeld(ref, 'claimedAt', mail, ref.path))) return;
      await ref.update({ ...close, sentAt: FieldValue.serverTimestamp() });
      log(`lead mail: ${ref.path} mailed to the owner: a digest of ${hour.count} contacts`);
    } finally {
      held.delete(ref.path);
    }
  }

  /** Queues the digest `digestId` at `at` (ms on the hours' clock), once. */
  function schedule(digestId: string, at: number): void {
    const entry = digests.get(digestId) ?? { end: at };
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => enqueue(`digest:${digestId}`), Math.max(0, at - hourNow()));
    entry.timer.unref();
    digests.set(digestId, entry);
  }

  // ---- listening
  function onContacts(snapshot: QuerySnapshot): void {
    lastReadTime = snapshot.readTime;
    listenerHolds = snapshot.size;
    for (const change of snapshot.docChanges()) {
      const { ref } = change.doc;
      const username = ref.parent.parent?.id;
      if (!username) continue;
      let queue = cards.get(username);
      if (change.type === 'removed' || done(stateOf(change.doc.data()))) {
        queue?.pending.delete(ref.path);
        queue?.parked.delete(ref.path);
        unfinished.delete(ref.path);
        continue;
      }
      // The query asks for createdAt >= a timestamp: every document it delivers has one.
      const createdAt: unknown = change.doc.get(CREATED_FIELD);
      if (createdAt instanceof Timestamp) unfinished.set(ref.path, createdAt.toMillis());
      // A change that is the state this or another mailer wrote mid-way (a claim): a contact
      // already waiting keeps its place, a parked one waits for the sweep.
      if (queue?.pending.has(ref.path) || queue?.parked.has(ref.path)) continue;
      if (!queue) cards.set(username, (queue = { pending: new Map(), parked: new Map() }));
      queue.pending.set(ref.path, ref);
      enqueue(`card:${username}`);
    }
  }

  function onDigests(snapshot: QuerySnapshot): void {
    for (const change of snapshot.docChanges()) {
      const digestId = change.doc.id;
      const end: unknown = change.doc.get('end');
      if (change.type === 'removed' || !(end instanceof Timestamp)) {
        clearTimeout(digests.get(digestId)?.timer);
        digests.delete(digestId);
      } else if (digests.get(digestId)?.end !== end.toMillis()) {
        schedule(digestId, end.toMillis());
      }
    }
  }

  let contactsReady: () => void = () => {};
  let digestsReady: () => void = () => {};
  const ready = Promise.all([
    new Promise<void>((resolve) => (contactsReady = resolve)),
    new Promise<void>((resolve) => (digestsReady = resolve)),
  ]).then(() => undefined);
  /** Where a listener opened now would start: see the top of the file. Never earlier than before. */
  function resumeFrom(): Timestamp {
    if (!lastReadTime) return listeningFrom;
    let upTo = lastReadTime.toMillis();
    for (const createdAt of unfinished.values()) upTo = Math.min(upTo, createdAt);
    return Timestamp.fromMillis(Math.max(listeningFrom.toMillis(), upTo - relistenMarginMs));
  }

  const contacts = keepListening<QuerySnapshot>({
    open: (next, fail) => {
      listeningFrom = resumeFrom();
      listenerHolds = 0;
      log(
        `lead mail: listening from ${listeningFrom.toDate().toISOString()}; ` +
          `${unfinished.size} contacts not yet handled`,
      );
      return db
        .collectionGroup(CONTACTS_COLLECTION)
        .where(CREATED_FIELD, '>=', listeningFrom)
        .onSnapshot(next, (error) => fail(`Firestore listener failed (${error.message})`));
    },
    onSnapshot: (snapshot) => {
      onContacts(snapshot);
      contactsReady();
    },
    log,
    name: 'lead mail',
    // Only when it would drop something: a listener that would start where it does reads all again.
    relisten: {
      everyMs: refreshMs,
      when: () => listenerHolds > 0 && resumeFrom().toMillis() > listeningFrom.toMillis(),
    },
  });
  const openDigests = keepListening<QuerySnapshot>({
    open: (next, fail) =>
      db
        .collection(LEAD_DIGESTS_COLLECTION)
        .where(DIGEST_OPEN_FIELD, '==', true)
        .onSnapshot(next, (error) => fail(`Firestore listener failed (${error.message})`)),
    onSnapshot: (snapshot) => {
      onDigests(snapshot);
      digestsReady();
    },
    log,
    name: 'lead digests',
  });

  // A slow lookup or SMTP answer must not let a claim lapse while this mailer still works on it:
  // another mailer would take it over and mail it a second time. A plain write, not renew()'s
  // transaction: beside another mailer's turns, transactions on one document wait on each other's
  // locks, and a late renewal is the lapse it should prevent.
  const renewing = new Set<string>();
  const heartbeat = setInterval(() => {
    for (const [path, { ref, field }] of held) {
      if (renewing.has(path)) continue;
      renewing.add(path);
      void ref
        .update({ [field]: FieldValue.serverTimestamp() })
        .catch(() => {})
        .finally(() => renewing.delete(path));
    }
  }, leaseMs / 4);
  heartbeat.unref();
  // Contacts and digests held by a mailer that stopped half-way change no more: look at them again
  // now and then, so they are taken over.
  const sweep = setInterval(() => {
    for (const [username, queue] of cards) {
      queue.parked.forEach((ref, path) => queue.pending.set(path, ref));
      queue.parked.clear();
      if (queue.pending.size > 0) enqueue(`card:${username}`);
      else if (!running.has(`card:${username}`)) cards.delete(username);
    }
    const now = hourNow();
    for (const [digestId, { end }] of digests) if (end <= now) enqueue(`digest:${digestId}`);
  }, leaseMs / 2);
  sweep.unref();

  return {
    ready,
    progress() {
      const now = hourNow();
      const idle =
        running.size === 0 &&
        order.length === 0 &&
        held.size === 0 &&
        unfinished.size === 0 &&
        [...digests.values()].every(({ end }) => end > now);
      return { idle, contactsReadAt: lastReadTime };
    },
    async stop() {
      stopped = true;
      contacts.stop();
      openDigests.stop();
      clearInterval(sweep);
      clearInterval(heartbeat);
      digests.forEach(({ timer }) => clearTimeout(timer));
      waits.forEach((wake) => wake());
      await Promise.allSettled([...active]);
    },
  };
}
