// Mails a card's owner each contact a visitor leaves on it, once, even with several mailers
// running (one beside each origin's watcher) or one stopped half-way.
//
// Each contact is claimed in a transaction before it is mailed (`leadMail.claimedBy/claimedAt`
// on the contact, written only by the server) and marked when the mail went out (`sentAt`) or
// why it never will (`skipped`). A claim not renewed within the lease is taken to be abandoned
// and another mailer takes the contact over. A mailer that dies after the SMTP server accepted a
// mail and before `sentAt` is written leaves that one contact to be mailed again: no mail server
// offers exactly-once across a crash, and a second mail beats a lost lead.
import { randomUUID } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type QuerySnapshot,
} from 'firebase-admin/firestore';
import {
  CLAIMED_FIELD,
  CONTACTS_COLLECTION,
  CREATED_FIELD,
  LEAD_MAIL_FIELD,
  NEW_CONTACT_MAIL_FIELD,
  OWNER_FIELD,
  cardPath,
  ownerPath,
} from '../../lib/collections';
import { keepListening } from '../listener';
import { leadMail, parseLeadContact, type LeadContact, type LeadMail } from './new-contact-mail';

export type SkipReason = 'malformed' | 'no-owner' | 'before-claim' | 'switched-off' | 'no-email';

export interface LeadMailerOptions {
  db: Firestore;
  /** The owner's account e-mail (Firebase Auth), not the public one on the card; null if none. */
  ownerEmail: (uid: string) => Promise<string | null>;
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
  /** For the logs and the claims; random by default. */
  id?: string;
}

export interface LeadMailer {
  /** Resolves when the first snapshot (the contacts at start) has arrived. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

interface MailState {
  claimedBy?: string;
  claimedAt?: Timestamp;
  sentAt?: Timestamp;
  skipped?: SkipReason;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function stateOf(data: Record<string, unknown> | undefined): MailState {
  const state = data?.[LEAD_MAIL_FIELD];
  return state && typeof state === 'object' ? (state as MailState) : {};
}

const done = (state: MailState) => Boolean(state.sentAt || state.skipped);

export function startLeadMailer(options: LeadMailerOptions): LeadMailer {
  const {
    db,
    ownerEmail,
    send,
    log = console.log,
    leaseMs = 60_000,
    firstRetryMs = 1000,
    lookbackMs = 7 * DAY_MS,
    id = randomUUID().slice(0, 8),
  } = options;
  // Renewed before each wait, so the claim outlives the longest one.
  const maxRetryMs = Math.min(options.maxRetryMs ?? 30_000, leaseMs / 2);
  const pending = new Map<string, DocumentReference>();
  const active = new Map<string, Promise<void>>();
  const waits = new Set<() => void>();
  let stopped = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

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

  /**
   * Takes the contact for this mailer: the contact, 'malformed' (marked skipped), or null when it
   * is done or another mailer's claim on it is alive.
   */
  async function claim(ref: DocumentReference): Promise<LeadContact | 'malformed' | null> {
    return db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      const data = snapshot.data();
      const state = stateOf(data);
      if (!snapshot.exists || done(state)) return null;
      const claimedAt = state.claimedAt?.toMillis();
      if (
        state.claimedBy &&
        state.claimedBy !== id &&
        claimedAt !== undefined &&
        snapshot.readTime.toMillis() - claimedAt < leaseMs
      ) {
        return null;
      }
      const contact = parseLeadContact(data);
      tx.update(ref, {
        [LEAD_MAIL_FIELD]: contact
          ? { claimedBy: id, claimedAt: FieldValue.serverTimestamp() }
          : { skipped: 'malformed', skippedAt: FieldValue.serverTimestamp() },
      });
      return contact ?? 'malformed';
    });
  }

  /** Renews the claim if it is still this mailer's; false if another took it over. */
  async function renew(ref: DocumentReference): Promise<boolean> {
    return db.runTransaction(async (tx) => {
      const state = stateOf((await tx.get(ref)).data());
      if (state.claimedBy !== id || done(state)) return false;
      tx.update(ref, { [`${LEAD_MAIL_FIELD}.claimedAt`]: FieldValue.serverTimestamp() });
      return true;
    });
  }

  /** The owner's address, or why there is none to mail. */
  async function recipient(
    username: string,
    contact: LeadContact,
  ): Promise<{ to: string } | { skip: SkipReason }> {
    const card = await db.doc(cardPath(username)).get();
    const uid: unknown = card.get(OWNER_FIELD);
    if (typeof uid !== 'string' || !uid) return { skip: 'no-owner' };
    // Left for an earlier owner of this username (erased, then claimed again): the rules keep it
    // from this one, and so does the mail.
    const claimedAt: unknown = card.get(CLAIMED_FIELD);
    if (claimedAt instanceof Timestamp && contact.createdAt.getTime() < claimedAt.toMillis()) {
      return { skip: 'before-claim' };
    }
    const preferences = await db.doc(ownerPath(uid)).get();
    if (preferences.get(NEW_CONTACT_MAIL_FIELD) === false) return { skip: 'switched-off' };
    const to = await ownerEmail(uid);
    return to ? { to } : { skip: 'no-email' };
  }

  async function mail(ref: DocumentReference): Promise<void> {
    const contact = await claim(ref);
    if (contact === 'malformed') {
      log(`lead mail: ${ref.path} skipped: not a visitor's contact (malformed)`);
      return;
    }
    if (!contact) return;
    // A slow lookup or SMTP answer must not let the claim lapse while this mailer still works on
    // it: another mailer would take it over and mail it a second time.
    // A plain write, not renew()'s transaction: beside another mailer's sweeps, transactions on
    // one contact wait on each other's locks, and a late renewal is the lapse it should prevent.
    let renewing: Promise<unknown> | undefined;
    const heartbeat = setInterval(() => {
      renewing ??= ref
        .update({ [`${LEAD_MAIL_FIELD}.claimedAt`]: FieldValue.serverTimestamp() })
        .catch(() => {})
        .finally(() => (renewing = undefined));
    }, leaseMs / 4);
    try {
      await mailClaimed(ref, contact);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function mailClaimed(ref: DocumentReference, contact: LeadContact): Promise<void> {
    const username = ref.parent.parent?.id ?? '';
    const target = await recipient(username, contact);
    if ('skip' in target) {
      await ref.update({
        [`${LEAD_MAIL_FIELD}.skipped`]: target.skip,
        [`${LEAD_MAIL_FIELD}.skippedAt`]: FieldValue.serverTimestamp(),
      });
      log(`lead mail: ${ref.path} not mailed (${target.skip})`);
      return;
    }
    const message = leadMail(username, target.to, contact);
    for (let attempt = 1; ; attempt++) {
      try {
        await send(message);
        break;
      } catch (error) {
        const delay = Math.min(firstRetryMs * 2 ** (attempt - 1), maxRetryMs);
        log(
          `lead mail: ${ref.path}: the mail server refused or did not answer ` +
            `(${(error as Error).message}); retry ${attempt} in ${delay} ms`,
        );
        // Stopped, or taken over: the claim lapses or is another's, and the contact is mailed there.
        if (!(await renew(ref)) || (await wait(delay))) return;
      }
    }
    await ref.update({ [`${LEAD_MAIL_FIELD}.sentAt`]: FieldValue.serverTimestamp() });
    log(
      `lead mail: ${ref.path} mailed to the owner ` +
        `${Date.now() - contact.createdAt.getTime()} ms after it was left`,
    );
  }

  function handle(ref: DocumentReference): void {
    if (stopped || active.has(ref.path)) return;
    const job = mail(ref)
      .catch((error: Error) => log(`lead mail: ${ref.path}: ${error.message}; tried again later`))
      .finally(() => active.delete(ref.path));
    active.set(ref.path, job);
  }

  function onSnapshot(snapshot: QuerySnapshot): void {
    for (const change of snapshot.docChanges()) {
      const { ref } = change.doc;
      if (change.type === 'removed' || done(stateOf(change.doc.data()))) {
        pending.delete(ref.path);
      } else {
        pending.set(ref.path, ref);
        handle(ref);
      }
    }
    markReady();
  }

  const contacts = keepListening({
    open: (next, fail) =>
      db
        .collectionGroup(CONTACTS_COLLECTION)
        .where(CREATED_FIELD, '>=', Timestamp.fromMillis(Date.now() - lookbackMs))
        .onSnapshot(next, (error) => fail(`Firestore listener failed (${error.message})`)),
    onSnapshot,
    log,
    name: 'lead mail',
  });
  // Contacts whose claim lapsed (a mailer stopped half-way) change no more: look again now and
  // then, so they are taken over.
  const sweepTimer = setInterval(() => pending.forEach(handle), leaseMs / 2);
  sweepTimer.unref();
  return {
    ready,
    async stop() {
      stopped = true;
      contacts.stop();
      clearInterval(sweepTimer);
      waits.forEach((wake) => wake());
      await Promise.allSettled([...active.values()]);
    },
  };
}
