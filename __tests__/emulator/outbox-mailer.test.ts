// The outbox mailer (daemon/mail/outbox.ts) against a real Firestore emulator and a real SMTP
// server with an inbox (maildev): a queued mail arrives once, in Greek, with the Reply-To it names,
// even with two mailers, and its document is deleted; with the mail server down the document stays and is sent once the
// server is back; a document that can never be sent is marked failed, kept, and not tried again;
// one claimed by a mailer that died is taken over.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { startOutboxMailer, type OutboxMailer } from '@/daemon/mail/outbox';
import { smtpSender, type SmtpSender } from '@/daemon/mail/smtp';
import { OUTBOX_COLLECTION, OUTBOX_FAILED_FIELD, OUTBOX_SENDING_FIELD } from '@/lib/collections';
import { startMailCatcher, type RunningMailCatcher } from '@/tools/lib/mail-catcher';
import { eventually } from '../helpers/eventually';

// A project of its own on the run's emulator: this file counts every mail.
const PROJECT = 'demo-karta-outbox';
const FROM = 'karta <no-reply@karta.test>';

let app: App;
let db: Firestore;
let catcher: RunningMailCatcher;
const logs: string[] = [];
const mailers: OutboxMailer[] = [];
const senders: SmtpSender[] = [];

function mailer(name: string, smtpUrl = catcher.smtpUrl): OutboxMailer {
  const sender = smtpSender(smtpUrl, FROM, 1);
  senders.push(sender);
  const started = startOutboxMailer({
    db,
    id: name,
    send: sender.send,
    log: (line) => logs.push(`[${name}] ${line}`),
    leaseMs: 4000,
    firstRetryMs: 200,
    maxRetryMs: 500,
  });
  mailers.push(started);
  return started;
}

/** An invitation as karta's server queues it, with `without` left out. */
function invitation(subject: string, without?: 'to' | 'subject' | 'text'): Record<string, unknown> {
  const mail: Record<string, unknown> = {
    to: 'eleni@example.com',
    subject,
    text: 'Σας προσκάλεσαν στην εταιρεία «Studio Φως».\n\nhttp://localhost:3000/account?invite=studio.secret',
    html: '<p>Σας προσκάλεσαν στην εταιρεία «Studio Φως».</p>',
    createdAt: FieldValue.serverTimestamp(),
  };
  if (without) delete mail[without];
  return mail;
}

const queue = (subject: string, extra: Record<string, unknown> = {}) =>
  db.collection(OUTBOX_COLLECTION).add({ ...invitation(subject), ...extra });

const mailsAbout = async (subject: string) =>
  (await catcher.mails()).filter((mail) => mail.subject === subject);

const gone = async (id: string) => !(await db.doc(`${OUTBOX_COLLECTION}/${id}`).get()).exists;

beforeAll(async () => {
  catcher = await startMailCatcher();
  app = initializeApp({ projectId: PROJECT }, 'outbox-test');
  db = getFirestore(app);
});

afterEach(async () => {
  await Promise.all(mailers.splice(0).map((m) => m.stop()));
  senders.splice(0).forEach((sender) => sender.close());
  logs.length = 0;
});

afterAll(async () => {
  await deleteApp(app);
  await catcher.stop();
});

test('a queued mail arrives once, with its Greek subject and its Reply-To, and its document is deleted, even with two mailers', async () => {
  const [a, b] = [mailer('a'), mailer('b')];
  await Promise.all([a.ready, b.ready]);
  const subject = 'Πρόσκληση στην εταιρεία «Studio Φως»';
  const ref = await queue(subject, { replyTo: 'maria@studio.test' });
  const [mail] = await eventually(async () => {
    const mails = await mailsAbout(subject);
    return mails.length > 0 && mails;
  });
  expect(mail.to).toEqual([{ address: 'eleni@example.com', name: '' }]);
  expect(mail.from).toEqual([{ address: 'no-reply@karta.test', name: 'karta' }]);
  expect(mail.text).toContain('Σας προσκάλεσαν στην εταιρεία «Studio Φως».');
  const source = await catcher.source(mail.id);
  expect(source).toContain('text/html');
  expect(source).toMatch(/^Reply-To: maria@studio\.test\r?$/m);
  await eventually(() => gone(ref.id));
  await eventually(async () => a.idle() && b.idle());
  expect(await mailsAbout(subject)).toHaveLength(1);
});

test('a mail server that is down: the document stays, and is sent once the server is back', async () => {
  const { smtpPort, smtpUrl, inboxUrl } = catcher;
  await catcher.stop();
  const m = mailer('retry', smtpUrl);
  await m.ready;
  const subject = 'Πρόσκληση όσο ο διακομιστής είναι κάτω';
  const ref = await queue(subject);
  await eventually(async () =>
    logs.some((line) => line.includes(`${ref.id}: `) && line.includes('retry 2')),
  );
  const kept = (await ref.get()).data();
  expect(kept).toMatchObject({ to: 'eleni@example.com', subject });
  expect(kept?.[OUTBOX_FAILED_FIELD]).toBeUndefined();
  catcher = await startMailCatcher({ smtpPort, webPort: Number(new URL(inboxUrl).port) });
  await eventually(async () => (await mailsAbout(subject)).length === 1);
  await eventually(() => gone(ref.id));
});

test.each([
  ['to', 'no valid "to" address'],
  ['subject', 'no "subject"'],
  ['text', 'no "text"'],
  ['replyTo', 'no valid "replyTo" address'],
] as const)(
  'a document without a good %s is marked failed, kept, and never tried again',
  async (field, reason) => {
    const m = mailer('bad');
    await m.ready;
    const subject = `Χαλασμένο χωρίς ${field}`;
    // A Reply-To that is a list would let a reply go to someone else as well.
    const ref = await db
      .collection(OUTBOX_COLLECTION)
      .add(
        field === 'replyTo'
          ? { ...invitation(subject), replyTo: 'maria@studio.test, x@evil.example' }
          : invitation(subject, field),
      );
    await eventually(async () => (await ref.get()).get(OUTBOX_FAILED_FIELD) === reason);
    // Written again (by hand, say): still never tried.
    await ref.update({ note: 'x' });
    await eventually(async () => (await ref.get()).get('note') === 'x' && m.idle());
    expect(logs.filter((line) => line.includes(ref.id))).toEqual([
      `[bad] outbox: ${ref.id}: never sent, ${reason}; marked failed`,
    ]);
    expect((await ref.get()).exists).toBe(true);
    expect(await mailsAbout(subject)).toHaveLength(0);
  },
);

test('a mail claimed by another mailer is left to it until the claim lapses, then taken over', async () => {
  const subject = 'Πρόσκληση που έμεινε μισή';
  // Claimed by a mailer that died before sending it.
  const lapses = Date.now() + 2500;
  const ref = await queue(subject, {
    [OUTBOX_SENDING_FIELD]: { by: 'dead', until: Timestamp.fromMillis(lapses) },
  });
  const m = mailer('heir');
  await m.ready;
  const [mail] = await eventually(async () => {
    const mails = await mailsAbout(subject);
    return mails.length > 0 && mails;
  });
  // Not while the claim held (maildev gives the time a mail came to the second).
  expect(new Date(mail.time).getTime()).toBeGreaterThanOrEqual(Math.floor(lapses / 1000) * 1000);
  await eventually(() => gone(ref.id));
  expect(await mailsAbout(subject)).toHaveLength(1);
});

test('an inline PNG (the welcome mail’s QR code) arrives as a related part the HTML refers to; a bad one is refused', async () => {
  const m = mailer('inline');
  await m.ready;
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const subject = 'Η ψηφιακή σας κάρτα στην karta είναι έτοιμη';
  const attachment = {
    filename: 'karta-eleni-qr.png',
    contentType: 'image/png',
    cid: 'card-qr',
    content: png.toString('base64'),
  };
  await queue(subject, { html: '<p><img src="cid:card-qr"></p>', attachments: [attachment] });
  const [mail] = await eventually(async () => {
    const mails = await mailsAbout(subject);
    return mails.length > 0 && mails;
  });
  const source = await catcher.source(mail.id);
  expect(source).toMatch(/Content-Type: image\/png; name=karta-eleni-qr\.png/);
  expect(source).toContain('Content-ID: <card-qr>');
  expect(source.replace(/\r?\n/g, '')).toContain(png.toString('base64'));

  const bad = await queue('Χαλασμένο συνημμένο', {
    attachments: [{ ...attachment, contentType: 'application/x-msdownload' }],
  });
  await eventually(
    async () =>
      (await bad.get()).get(OUTBOX_FAILED_FIELD) === 'an attachment is not a small inline PNG',
  );
  expect(await mailsAbout('Χαλασμένο συνημμένο')).toHaveLength(0);
});
