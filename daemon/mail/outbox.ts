// Sends what karta's server queues in outbox/{id} (an invitation, a welcome: { to, replyTo?,
// subject, text, html?, attachments?, createdAt }), through the same SMTP server as the lead mail, and deletes each document once the
// server accepted it: an invitation's link is stored only until it is mailed.
//
// Nothing is lost: a send that fails leaves the document where it is and is tried again after a
// wait that doubles up to `maxRetryMs`; a document that can never be sent (no address, subject or
// text) is not deleted but marked `failed` with the reason, logged, and never tried again.
//
// Several daemons may run (one beside each origin): a mailer claims a document in a transaction
// (`sending`: its id and until when) before sending it, so only one sends it. A claim not renewed
// within the lease (its mailer died) is taken over. The lease outlasts the SMTP sender's own
// timeouts (smtp.ts), so a slow server cannot make two mailers send one mail; a mailer that dies
// after the server accepted a mail and before deleting it leaves that one mail to be sent again.
import { randomUUID } from 'node:crypto';
import {
  Timestamp,
  type DocumentData,
  type Firestore,
  type QuerySnapshot,
} from 'firebase-admin/firestore';
import {
  OUTBOX_COLLECTION,
  OUTBOX_FAILED_FIELD,
  OUTBOX_SENDING_FIELD,
} from '../../lib/collections';
import { keepListening } from '../listener';
import type { OutgoingMail } from './smtp';

export interface OutboxMailerOptions {
  db: Firestore;
  /** Hands one mail to the SMTP server; rejects when it is not accepted. */
  send(mail: OutgoingMail): Promise<void>;
  log?: (line: string) => void;
  /** This mailer's name in its claims; a random one unless set. */
  id?: string;
  /** How long a claim holds; 2 minutes unless set. */
  leaseMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
}

export interface OutboxMailer {
  /** Resolves once the outbox's first snapshot has arrived. */
  ready: Promise<void>;
  /** True when no document is being sent or waiting for a retry or for another mailer's claim. */
  idle(): boolean;
  /** Stops listening and waits for the sends under way; a document waiting for a retry stays. */
  stop(): Promise<void>;
}

const LONGEST = { to: 254, subject: 500 } as const;
/** An inline image (the welcome mail's QR code): small, and only a PNG referred to by its cid. */
const ATTACHMENT = { most: 2, maxBase64: 200_000, type: 'image/png', name: /^[\w.-]{1,64}$/ };

/** The document's `attachments`, as nodemailer takes them, or why they cannot be sent. */
function attachmentsOf(raw: unknown): OutgoingMail['attachments'] | string {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw) || raw.length > ATTACHMENT.most)
    return '"attachments" is not a short list';
  const attachments: NonNullable<OutgoingMail['attachments']> = [];
  for (const item of raw as unknown[]) {
    const { filename, contentType, content, cid } = (item ?? {}) as Record<string, unknown>;
    if (
      typeof filename !== 'string' ||
      !ATTACHMENT.name.test(filename) ||
      typeof cid !== 'string' ||
      !ATTACHMENT.name.test(cid) ||
      contentType !== ATTACHMENT.type ||
      typeof content !== 'string' ||
      content.length > ATTACHMENT.maxBase64 ||
      !/^[A-Za-z0-9+/]+={0,2}$/.test(content)
    ) {
      return 'an attachment is not a small inline PNG';
    }
    attachments.push({ filename, contentType, cid, content: Buffer.from(content, 'base64') });
  }
  return attachments;
}

/** One plain address: no display name, no list, nothing a header could be split on. */
function isAddress(value: unknown): value is string {
  return (
    typeof value === 'string' && /^[^\s@,<>]+@[^\s@,<>]+$/.test(value) && value.length <= LONGEST.to
  );
}

/** The mail an outbox document asks for, or why it can never be sent. */
export function outboxMail(
  data: DocumentData,
): { ok: true; mail: OutgoingMail } | { ok: false; reason: string } {
  const { to, replyTo, subject, text, html } = data;
  if (!isAddress(to)) return { ok: false, reason: 'no valid "to" address' };
  // The inviting admin, so that a reply reaches them and not karta.
  if (replyTo !== undefined && !isAddress(replyTo)) {
    return { ok: false, reason: 'no valid "replyTo" address' };
  }
  if (typeof subject !== 'string' || subject.trim() === '' || subject.length > LONGEST.subject) {
    return { ok: false, reason: 'no "subject"' };
  }
  if (/[\r\n]/.test(subject)) return { ok: false, reason: '"subject" holds a line break' };
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, reason: 'no "text"' };
  if (html !== undefined && typeof html !== 'string') {
    return { ok: false, reason: '"html" is not text' };
  }
  const attachments = attachmentsOf(data.attachments);
  if (typeof attachments === 'string') return { ok: false, reason: attachments };
  return {
    ok: true,
    mail: {
      to,
      ...(replyTo ? { replyTo } : {}),
      subject,
      text,
      ...(html ? { html } : {}),
      ...(attachments ? { attachments } : {}),
    },
  };
}

type Claim =
  { kind: 'gone' } | { kind: 'held'; untilMs: number } | { kind: 'mine'; data: DocumentData };

export function startOutboxMailer(options: OutboxMailerOptions): OutboxMailer {
  const {
    db,
    send,
    log = console.log,
    id = randomUUID().slice(0, 8),
    leaseMs = 120_000,
    firstRetryMs = 1000,
    maxRetryMs = 60_000,
  } = options;
  const outbox = db.collection(OUTBOX_COLLECTION);
  let stopped = false;
  /** Documents being claimed or sent now. */
  const working = new Set<string>();
  /** Documents waiting: for a retry, or for another mailer's claim to lapse. */
  const waiting = new Map<string, NodeJS.Timeout>();
  /** Failed attempts in a row, per document, for the retries' back-off. */
  const failures = new Map<string, number>();
  const active = new Set<Promise<void>>();

  function later(docId: string, ms: number): void {
    clearTimeout(waiting.get(docId));
    const timer = setTimeout(() => {
      waiting.delete(docId);
      start(docId);
    }, ms);
    waiting.set(docId, timer);
  }

  function start(docId: string): void {
    if (stopped || working.has(docId) || waiting.has(docId)) return;
    working.add(docId);
    const work = handle(docId)
      .catch((error: Error) => retry(docId, error.message))
      .finally(() => {
        working.delete(docId);
        active.delete(work);
      });
    active.add(work);
  }

  function retry(docId: string, reason: string): void {
    const tries = (failures.get(docId) ?? 0) + 1;
    failures.set(docId, tries);
    const wait = Math.min(firstRetryMs * 2 ** (tries - 1), maxRetryMs);
    log(`outbox: ${docId}: ${reason}; retry ${tries} in ${wait} ms`);
    if (!stopped) later(docId, wait);
  }

  /** Claims the document for this mailer, or says why not (sent and gone, failed, or another's). */
  function claim(docId: string): Promise<Claim> {
    const ref = outbox.doc(docId);
    return db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      const data = snapshot.data();
      if (!data || data[OUTBOX_FAILED_FIELD] !== undefined) return { kind: 'gone' } as const;
      const now = Date.now();
      const held = data[OUTBOX_SENDING_FIELD] as { by?: unknown; until?: unknown } | undefined;
      if (
        held &&
        held.by !== id &&
        held.until instanceof Timestamp &&
        held.until.toMillis() > now
      ) {
        return { kind: 'held', untilMs: held.until.toMillis() } as const;
      }
      const parsed = outboxMail(data);
      if (!parsed.ok) {
        tx.update(ref, { [OUTBOX_FAILED_FIELD]: parsed.reason });
        log(`outbox: ${docId}: never sent, ${parsed.reason}; marked failed`);
        return { kind: 'gone' } as const;
      }
      tx.update(ref, {
        [OUTBOX_SENDING_FIELD]: { by: id, until: Timestamp.fromMillis(now + leaseMs) },
      });
      return { kind: 'mine', data } as const;
    });
  }

  async function handle(docId: string): Promise<void> {
    const claimed = await claim(docId);
    if (claimed.kind === 'gone') {
      failures.delete(docId);
      return;
    }
    if (claimed.kind === 'held') {
      // Its mailer deletes it once sent (a snapshot says so); if that mailer died, take it over.
      later(docId, Math.max(claimed.untilMs - Date.now(), 0) + 100);
      return;
    }
    const parsed = outboxMail(claimed.data);
    if (!parsed.ok) return;
    await send(parsed.mail);
    failures.delete(docId);
    await outbox.doc(docId).delete();
    log(`outbox: ${docId}: sent to ${parsed.mail.to}`);
  }

  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const listener = keepListening<QuerySnapshot>({
    open: (next, fail) =>
      outbox.onSnapshot(next, (error) => fail(`Firestore listener failed (${error.message})`)),
    onSnapshot: (snapshot) => {
      for (const change of snapshot.docChanges()) {
        const docId = change.doc.id;
        if (change.type === 'removed') {
          clearTimeout(waiting.get(docId));
          waiting.delete(docId);
          failures.delete(docId);
        } else if (change.doc.get(OUTBOX_FAILED_FIELD) === undefined) {
          start(docId);
        }
      }
      markReady();
    },
    log,
    name: 'outbox',
  });

  return {
    ready,
    idle: () => working.size === 0 && waiting.size === 0,
    async stop() {
      stopped = true;
      listener.stop();
      waiting.forEach((timer) => clearTimeout(timer));
      waiting.clear();
      await Promise.allSettled([...active]);
    },
  };
}
